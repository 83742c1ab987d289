"""The bots' ladder: its pages and API (issue 18). Included from config.urls, whose ``id``
path converter these routes use."""

from django.urls import path

from . import api, views

urlpatterns = [
    path("ladder/", views.ladder_index, name="ladder"),
    path("ladder/<slug:ruleset>/", views.ladder_board, name="ladder-board"),
    path("ladder/<slug:ruleset>/bots/<id:bot>/", views.ladder_entry, name="ladder-entry"),
    path("api/v1/ladder/", api.LadderListView.as_view(), name="api-ladder"),
    path("api/v1/ladder/<slug:ruleset>/", api.LadderBoardView.as_view(), name="api-ladder-board"),
    path("api/v1/ladder/<slug:ruleset>/entries/", api.LadderEntriesView.as_view(), name="api-ladder-entries"),
    path("api/v1/ladder/<slug:ruleset>/entries/<id:bot>/", api.LadderEntryView.as_view(), name="api-ladder-entry"),
    path(
        "api/v1/ladder/<slug:ruleset>/bots/<id:bot>/history/",
        api.LadderHistoryView.as_view(),
        name="api-ladder-history",
    ),
]
