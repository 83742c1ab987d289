"""Entrants an organiser invites (someone else's person or bot) wait for their owner's answer:
the statuses "invited" and "declined"."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0006_match_event_and_cards_group'),
    ]

    operations = [
        migrations.AlterField(
            model_name='entrant',
            name='status',
            field=models.CharField(choices=[('invited', 'invited, awaiting an answer'), ('declined', 'declined'), ('registered', 'registered'), ('checked_in', 'checked in'), ('withdrawn', 'withdrawn')], default='registered', max_length=12),
        ),
    ]
