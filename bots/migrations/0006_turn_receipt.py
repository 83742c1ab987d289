"""A bot's turn keeps the receipt of the answer the match accepted (games.record.receipts): its next
turn request carries it as previous_receipt."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("bots", "0005_friends_tables"),
    ]

    operations = [
        migrations.AddField(
            model_name="turn",
            name="receipt",
            field=models.JSONField(blank=True, null=True),
        ),
    ]
