"""Tables with friends (bots/views_friends.py)."""

from django.urls import path

from . import views_friends

urlpatterns = [
    path("tables/new/", views_friends.table_new, name="friends-table-new"),
    path("tables/<id:pk>/", views_friends.table_lobby, name="friends-table"),
    path("tables/<id:pk>/live/", views_friends.table_lobby_live, name="friends-table-live"),
    path("tables/<id:pk>/join/<str:token>/", views_friends.table_join_link, name="friends-table-link"),
    *(
        path(
            f"tables/<id:pk>/{action}/", views_friends.table_action, {"action": action}, name=f"friends-table-{action}"
        )
        for action in views_friends.ACTIONS
    ),
]
