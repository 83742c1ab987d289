"""The bot author's pages (bots/views.py)."""

from django.urls import path

from . import views, views_again, views_games, views_my_games

urlpatterns = [
    path("bots/", views.bot_list, name="bots"),
    path("bots/<id:pk>/", views.bot_detail, name="bot"),
    path("bots/<id:pk>/rotate/", views.bot_rotate, name="bot-rotate"),
    path("bots/<id:pk>/ping/", views.bot_ping, name="bot-ping"),
    path("bots/<id:pk>/sparring/", views_games.bot_sparring, name="bot-sparring"),
    path("bots/<id:pk>/challenges/", views_games.bot_challenge_setting, name="bot-challenge-setting"),
    path("me/games/", views_my_games.my_games_page, name="my-games"),
    path("matches/<id:pk>/again/", views_again.play_again, name="play-again"),
    path("challenges/", views_games.challenge_list, name="challenges"),
    path("challenges/new/", views_games.challenge_new, name="challenge-new"),
    *(
        path(
            f"challenges/<id:pk>/{answer}/",
            views_games.challenge_answer,
            {"answer": answer},
            name=f"challenge-{answer}",
        )
        for answer in ("accept", "decline", "cancel")
    ),
]
