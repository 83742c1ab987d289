# Clubs, their members, invitation links and seasons; a tournament's club, start and venue (issue 34).

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0010_table_points_at_any_table_size'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='tournament',
            name='starts_at',
            field=models.DateTimeField(blank=True, help_text='when the event starts', null=True),
        ),
        migrations.AddField(
            model_name='tournament',
            name='venue',
            field=models.CharField(blank=True, default='', help_text='where it is played', max_length=120),
        ),
        migrations.CreateModel(
            name='Club',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=80)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('created_by', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='clubs_created', to=settings.AUTH_USER_MODEL)),
            ],
        ),
        migrations.AddField(
            model_name='tournament',
            name='club',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='tournaments', to='tournaments.club'),
        ),
        migrations.CreateModel(
            name='ClubInvitation',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('token_hash', models.CharField(max_length=64, unique=True)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('expires_at', models.DateTimeField(blank=True, help_text='none: good until revoked', null=True)),
                ('revoked_at', models.DateTimeField(blank=True, null=True)),
                ('uses', models.PositiveIntegerField(default=0, help_text='members who joined through it')),
                ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='invitations', to='tournaments.club')),
                ('created_by', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
        ),
        migrations.CreateModel(
            name='Season',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=80)),
                ('scoring', models.CharField(choices=[('sum', "The sum of every event's points"), ('best', "The best N events' points")], default='sum', max_length=4)),
                ('best_n', models.PositiveSmallIntegerField(blank=True, help_text="with 'best': how many events count", null=True)),
                ('tie_breaks', models.JSONField(default=list, help_text="as a tournament's, applied after the season's points")),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seasons', to='tournaments.club')),
            ],
        ),
        migrations.CreateModel(
            name='ClubMember',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('role', models.CharField(choices=[('organiser', 'organiser'), ('member', 'member')], default='member', max_length=10)),
                ('joined_at', models.DateTimeField(auto_now_add=True)),
                ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='members', to='tournaments.club')),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='club_memberships', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('club', 'user'), name='one_membership_per_club_and_user')],
            },
        ),
        migrations.CreateModel(
            name='SeasonEvent',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('position', models.PositiveSmallIntegerField()),
                ('added_at', models.DateTimeField(auto_now_add=True)),
                ('season', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='events', to='tournaments.season')),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='season_events', to='tournaments.tournament')),
            ],
            options={
                'ordering': ['season', 'position'],
                'constraints': [models.UniqueConstraint(fields=('season', 'tournament'), name='one_entry_per_season_and_event')],
            },
        ),
    ]
