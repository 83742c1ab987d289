"""The match's pages: playing and watching it (games/pages/table.py), leaving it
(games/pages/seat.py), reading it after the fact (its score sheet and the audit replay,
games/pages/audit.py; the step-by-step replay of a finished public match, games/pages/replay.py),
and the single-file verifier anyone checks an export with (games/record/api_verifier.py); and a
player's own settings for the table (games/pages/settings.py)."""

from django.urls import path

from games.pages import audit, replay, score_tables, seat, settings, table
from games.record import api_verifier

urlpatterns = [
    path("matches/<id:pk>/", table.table, name="table"),
    path("matches/<id:pk>/live/", table.table_live, name="table-live"),
    path("matches/<id:pk>/act/", table.table_act, name="table-act"),
    path("matches/<id:pk>/leave/", seat.leave, name="table-leave"),
    path("matches/<id:pk>/sheet/", audit.score_sheet, name="score-sheet"),
    path("matches/<id:pk>/audit/", audit.audit, name="audit"),
    path("matches/<id:pk>/replay/", replay.replay_page, name="match-replay"),
    path("me/settings/", settings.my_settings, name="my-settings"),
    path("score-tables/new/", score_tables.score_table_new, name="score-table-new"),
    path("score-tables/<table_key:key>/", score_tables.score_table, name="score-table"),
    path("score-tables/<table_key:key>/sheet.csv", score_tables.score_table_csv, name="score-table-csv"),
    path("api/v1/verifier/", api_verifier.VerifierView.as_view(), name="api-verifier"),
]
