from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from bots import api as bots_api
from games import api as games_api
from games import views as games_views

urlpatterns = [
    path("", games_views.home, name="home"),
    path("demo/<slug:ruleset>/", games_views.demo, name="demo"),
    path("admin/", admin.site.urls),
    # REST API (DESIGN.md 3.7).
    path("api/v1/auth/signup/", games_api.SignUpView.as_view(), name="api-signup"),
    path("api/v1/auth/token/", games_api.TokenView.as_view(), name="api-token"),
    path("api/v1/auth/", include("rest_framework.urls")),  # session log in / log out pages
    path("api/v1/matches/", games_api.MatchListView.as_view(), name="api-matches"),
    path("api/v1/matches/<int:pk>/", games_api.MatchDetailView.as_view(), name="api-match"),
    path("api/v1/matches/<int:pk>/events/", games_api.MatchEventsView.as_view(), name="api-match-events"),
    path("api/v1/matches/<int:pk>/actions/", games_api.MatchActionsView.as_view(), name="api-match-actions"),
    path("api/v1/bots/", bots_api.BotListView.as_view(), name="api-bots"),
    path("api/v1/bots/<int:pk>/", bots_api.BotDetailView.as_view(), name="api-bot"),
    path("api/v1/bots/<int:pk>/rotate/", bots_api.BotRotateView.as_view(), name="api-bot-rotate"),
    path("api/v1/bot/turns/", bots_api.BotTurnsView.as_view(), name="api-bot-turns"),
    path("api/v1/bot/turns/<uuid:request_id>/", bots_api.BotTurnAnswerView.as_view(), name="api-bot-turn"),
    path("api/v1/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/v1/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
]
