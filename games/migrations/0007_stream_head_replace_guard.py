"""Head seals (games.models.StreamHead) and the SQLite guard against INSERT OR REPLACE.

Every stream that has events gets its head sealed now, as ``eventlog.append`` seals each
new head from here on: a match stream at the head its Match row names (rows a database may hold
past it are not blessed by the seal), any other stream at its last event. The seal is made
with the key the settings give now (EVENT_HEAD_SEAL_KEY, else derived from SECRET_KEY).
"""
from django.db import migrations, models


def install_replace_guard(apps, schema_editor):
    from games.record import triggers

    triggers.install_replace_guard(schema_editor.connection)


def remove_replace_guard(apps, schema_editor):
    from games.record import triggers

    triggers.remove_replace_guard(schema_editor.connection)


def seal_heads(apps, schema_editor):
    from games.record.eventlog import head_seal, seal_key

    Event = apps.get_model("games", "Event")
    Match = apps.get_model("games", "Match")
    StreamHead = apps.get_model("games", "StreamHead")
    key = seal_key()
    match_heads = {f"match/{pk}": (version, digest)
                   for pk, version, digest in Match.objects.values_list("pk", "version", "head_hash")}
    last = models.Max("version")
    heads = []
    for stream, version in Event.objects.values("stream").annotate(last=last).values_list("stream", "last"):
        if stream in match_heads:
            version, digest = match_heads[stream]
        else:
            digest = Event.objects.get(stream=stream, version=version).hash
        heads.append(StreamHead(stream=stream, version=version, hash=digest,
                                seal=head_seal(stream, version, digest, key)))
    StreamHead.objects.bulk_create(heads, batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0006_match_event_cards_group_to_act'),
    ]

    operations = [
        migrations.CreateModel(
            name='StreamHead',
            fields=[
                ('stream', models.CharField(max_length=100, primary_key=True, serialize=False)),
                ('version', models.PositiveIntegerField()),
                ('hash', models.CharField(max_length=64)),
                ('seal', models.CharField(max_length=64)),
            ],
        ),
        migrations.RunPython(install_replace_guard, remove_replace_guard),
        migrations.RunPython(seal_heads, migrations.RunPython.noop),
    ]
