"""The organiser's pages (tournaments/views_organiser.py), the room's (views_wallboard.py: the
projector, the table cards; views_print.py: the printable pairings and standings), check-in
(views_check_in.py: the player's, the desk's), the hand records (views_hand_records.py), tables
with cards (views_tables_with_cards.py), and the invitations an organiser's entries wait on:
their owner's page (views_invitations.py) and the API's list of them."""

from django.urls import path

from . import api
from . import views_check_in as check_in
from . import views_director_calls as director_calls
from . import views_hand_records as hand_records
from . import views_invitations as invitations
from . import views_organiser as views
from . import views_print as printed
from . import views_tables_with_cards as with_cards
from . import views_wallboard as wallboard

urlpatterns = [
    path("tournaments/new/", views.tournament_new, name="tournament-new"),
    path("tournaments/<id:pk>/manage/", views.manage, name="tournament-manage"),
    path("tournaments/<id:pk>/manage/rounds/", views.manage_rounds, name="tournament-manage-rounds"),
    path("tournaments/<id:pk>/manage/register/", views.register, name="tournament-register"),
    path("tournaments/<id:pk>/manage/house-bots/", views.add_house_bots, name="tournament-add-house-bots"),
    path("tournaments/<id:pk>/manage/withdraw/<id:entrant_id>/", views.withdraw, name="tournament-withdraw"),
    path("tournaments/<id:pk>/manage/draw-round/", views.draw_round, name="tournament-draw-round"),
    path("tournaments/<id:pk>/manage/start-round/", views.start_round, name="tournament-start-round"),
    path("tournaments/<id:pk>/manage/close-round/", views.close_round, name="tournament-close-round"),
    path("tournaments/<id:pk>/manage/rulings/", views.record_ruling, name="tournament-rulings"),
    # Calling the director (docs/tournaments.md, "Calling the director"): a seat's call, a table code's, the answer.
    path("tournaments/<id:pk>/calls/new/", director_calls.call_page, name="tournament-call"),
    path("tournaments/<id:pk>/calls/by-code/", director_calls.call_by_code, name="tournament-call-by-code"),
    path("tournaments/<id:pk>/manage/calls/answer/", director_calls.answer, name="tournament-answer-call"),
    path("tournaments/<id:pk>/manage/cards/", wallboard.table_cards, name="tournament-table-cards"),
    path(
        "tournaments/<id:pk>/manage/hand-records/",
        hand_records.hand_records_page,
        name="tournament-hand-records",
    ),
    path(
        "tournaments/<id:pk>/manage/check-in/<id:entrant_id>/",
        check_in.desk_check_in,
        name="tournament-desk-check-in",
    ),
    path(
        "tournaments/<id:pk>/manage/check-in-required/",
        check_in.require_check_in,
        name="tournament-check-in-required",
    ),
    path("tournaments/<id:pk>/check-in/", check_in.check_in, name="tournament-check-in"),
    path("tournaments/<id:pk>/manage/tables-with-cards/", with_cards.set_count, name="tournament-tables-with-cards"),
    path("tournaments/<id:pk>/manage/table-codes/", with_cards.replace_code, name="tournament-replace-table-code"),
    path("tournaments/<id:pk>/manage/settle-entry/", with_cards.settle_entry, name="tournament-settle-entry"),
    path("tournaments/<id:pk>/projector/", wallboard.projector, name="tournament-projector"),
    path("tournaments/<id:pk>/print/pairings/", printed.print_pairings, name="tournament-print-pairings"),
    path("tournaments/<id:pk>/print/standings/", printed.print_standings, name="tournament-print-standings"),
    path("tournaments/<id:pk>/projector/live/", wallboard.projector_live, name="tournament-projector-live"),
    path("invitations/", invitations.invitations, name="invitations"),
    path("invitations/<id:entrant_id>/", invitations.answer, name="invitation-answer"),
    path("api/v1/invitations/", api.InvitationListView.as_view(), name="api-invitations"),
]
