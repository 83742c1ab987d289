"""The organiser's pages (tournaments/views_organiser.py), the room's (views_wallboard.py: the
projector, the table cards), and the invitations an organiser's
entries wait on: their owner's page (views_invitations.py) and the API's list of them."""

from django.urls import path

from . import api
from . import views_invitations as invitations
from . import views_organiser as views
from . import views_wallboard as wallboard

urlpatterns = [
    path("tournaments/new/", views.tournament_new, name="tournament-new"),
    path("tournaments/<id:pk>/manage/", views.manage, name="tournament-manage"),
    path("tournaments/<id:pk>/manage/rounds/", views.manage_rounds, name="tournament-manage-rounds"),
    path("tournaments/<id:pk>/manage/register/", views.register, name="tournament-register"),
    path("tournaments/<id:pk>/manage/withdraw/<id:entrant_id>/", views.withdraw, name="tournament-withdraw"),
    path("tournaments/<id:pk>/manage/start-round/", views.start_round, name="tournament-start-round"),
    path("tournaments/<id:pk>/manage/close-round/", views.close_round, name="tournament-close-round"),
    path("tournaments/<id:pk>/manage/rulings/", views.record_ruling, name="tournament-rulings"),
    path("tournaments/<id:pk>/manage/cards/", wallboard.table_cards, name="tournament-table-cards"),
    path("tournaments/<id:pk>/projector/", wallboard.projector, name="tournament-projector"),
    path("tournaments/<id:pk>/projector/live/", wallboard.projector_live, name="tournament-projector-live"),
    path("invitations/", invitations.invitations, name="invitations"),
    path("invitations/<id:entrant_id>/", invitations.answer, name="invitation-answer"),
    path("api/v1/invitations/", api.InvitationListView.as_view(), name="api-invitations"),
]
