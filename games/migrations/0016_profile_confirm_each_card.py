from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0015_platform_events_of_score_tables"),
    ]

    operations = [
        migrations.AddField(
            model_name="profile",
            name="confirm_each_card",
            field=models.BooleanField(
                default=False, help_text="the first tap on a card selects it, a second tap on it plays it"
            ),
        ),
    ]
