"""Clubs and seasons (issue 34): their pages and API. Included from config.urls, whose ``id``
path converter these routes use."""

from django.urls import path

from . import api, views

urlpatterns = [
    path("clubs/", views.club_list, name="clubs"),
    path("clubs/join/<str:token>/", views.join, name="club-join"),
    path("clubs/<id:pk>/", views.club_page, name="club"),
    path("clubs/<id:pk>/leave/", views.leave, name="club-leave"),
    path("clubs/<id:pk>/invitations/", views.invitations, name="club-invitations"),
    path("clubs/<id:pk>/invitations/<id:invitation_id>/revoke/", views.revoke, name="club-invitation-revoke"),
    path("clubs/<id:pk>/members/<id:user_id>/", views.member_page, name="club-member"),
    path("clubs/<id:pk>/members/<id:user_id>/role/", views.member_role, name="club-member-role"),
    path("clubs/<id:pk>/members/<id:user_id>/remove/", views.member_remove, name="club-member-remove"),
    path("clubs/<id:pk>/seasons/", views.season_new, name="club-season-new"),
    path("seasons/<id:pk>/", views.season_page, name="season"),
    path("seasons/<id:pk>/events/", views.season_add, name="season-add"),
    path("seasons/<id:pk>/events/<id:tournament_id>/remove/", views.season_remove, name="season-remove"),
    path("seasons/<id:pk>/projector/", views.season_projector, name="season-projector"),
    path("seasons/<id:pk>/projector/live/", views.season_projector_live, name="season-projector-live"),
    path("api/v1/clubs/", api.ClubListView.as_view(), name="api-clubs"),
    path("api/v1/clubs/join/", api.JoinView.as_view(), name="api-club-join"),
    path("api/v1/clubs/<id:pk>/", api.ClubDetailView.as_view(), name="api-club"),
    path("api/v1/clubs/<id:pk>/invitations/", api.InvitationListView.as_view(), name="api-club-invitations"),
    path(
        "api/v1/clubs/<id:pk>/invitations/<id:invitation_id>/",
        api.InvitationDetailView.as_view(),
        name="api-club-invitation",
    ),
    path("api/v1/clubs/<id:pk>/members/", api.MemberListView.as_view(), name="api-club-members"),
    path("api/v1/clubs/<id:pk>/members/<id:user_id>/", api.MemberDetailView.as_view(), name="api-club-member"),
    path("api/v1/clubs/<id:pk>/seasons/", api.SeasonListView.as_view(), name="api-club-seasons"),
    path("api/v1/clubs/<id:pk>/ratings/", api.ClubRatingsView.as_view(), name="api-club-ratings"),
    path("api/v1/seasons/<id:pk>/", api.SeasonDetailView.as_view(), name="api-season"),
    path("api/v1/seasons/<id:pk>/events/", api.SeasonEventsView.as_view(), name="api-season-events"),
    path(
        "api/v1/seasons/<id:pk>/events/<id:tournament_id>/",
        api.SeasonEventView.as_view(),
        name="api-season-event",
    ),
    path("api/v1/seasons/<id:pk>/standings/", api.SeasonStandingsView.as_view(), name="api-season-standings"),
]
