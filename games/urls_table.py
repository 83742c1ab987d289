"""Pages for playing and watching a match (games/views_table.py) and leaving it (views_seat.py)."""

from django.urls import path

from . import views_seat, views_table

urlpatterns = [
    path("matches/<id:pk>/", views_table.table, name="table"),
    path("matches/<id:pk>/live/", views_table.table_live, name="table-live"),
    path("matches/<id:pk>/act/", views_table.table_act, name="table-act"),
    path("matches/<id:pk>/leave/", views_seat.leave, name="table-leave"),
]
