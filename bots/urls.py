"""The bot author's pages (bots/views.py)."""

from django.urls import path

from . import views

urlpatterns = [
    path("bots/", views.bot_list, name="bots"),
    path("bots/<id:pk>/", views.bot_detail, name="bot"),
    path("bots/<id:pk>/rotate/", views.bot_rotate, name="bot-rotate"),
]
