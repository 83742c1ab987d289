"""The replay of a finished public match (games/views_replay.py)."""

from django.urls import path

from . import views_replay

urlpatterns = [
    path("matches/<id:pk>/replay/", views_replay.replay_page, name="match-replay"),
]
