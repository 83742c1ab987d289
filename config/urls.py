from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path, register_converter
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from bots import api as bots_api
from bots import api_events as bots_api_events
from bots import api_games as bots_api_games
from bots import api_my_games as bots_api_my_games
from bots import views_demo as bots_demo
from bots import views_play as bots_play
from config import accounts, language
from games import api as games_api
from games import api_score_tables
from games.accounts import api as accounts_api
from games.pages import demo as games_demo
from tournaments import api as tournaments_api
from tournaments import api_director_calls as tournaments_calls_api
from tournaments import views as tournaments_views


class DatabaseId:
    """A positive id that fits a 64-bit database column (bigger ones are a 404, not a 500)."""

    regex = "[1-9][0-9]{0,17}"

    def to_python(self, value):
        return int(value)

    def to_url(self, value):
        return str(value)


register_converter(DatabaseId, "id")


class TableKey:
    """A score table's key: its link's secret or a table code (games.service.score_tables.door)."""

    regex = "[A-Za-z0-9_-]{8,64}"

    def to_python(self, value):
        return value

    def to_url(self, value):
        return value


register_converter(TableKey, "table_key")

urlpatterns = [
    # REST API (docs/architecture.md §3.7), first: Django tries the patterns in order, and every action,
    # poll and bot turn is an API request (each "" include below is tried pattern by pattern).
    path("api/v1/auth/signup/", accounts_api.SignUpView.as_view(), name="api-signup"),
    path("api/v1/auth/token/", accounts_api.TokenView.as_view(), name="api-token"),
    path("api/v1/auth/tokens/", accounts_api.TokenListView.as_view(), name="api-tokens"),
    path("api/v1/auth/tokens/<id:pk>/", accounts_api.TokenDetailView.as_view(), name="api-token"),
    path("api/v1/auth/login/", accounts.api_login_page),  # the browsable API's log-in page, rate-limited
    path("api/v1/auth/", include("rest_framework.urls")),  # session log in / log out pages
    path("api/v1/me/matches/", accounts_api.MyMatchesView.as_view(), name="api-me-matches"),
    path("api/v1/me/games/", bots_api_my_games.MyGamesView.as_view(), name="api-me-games"),
    path("api/v1/me/games/export/", bots_api_my_games.MyGamesExportView.as_view(), name="api-me-games-export"),
    path("api/v1/matches/", games_api.MatchListView.as_view(), name="api-matches"),
    path("api/v1/matches/<id:pk>/", games_api.MatchDetailView.as_view(), name="api-match"),
    path("api/v1/matches/<id:pk>/events/", games_api.MatchEventsView.as_view(), name="api-match-events"),
    path("api/v1/matches/<id:pk>/actions/", games_api.MatchActionsView.as_view(), name="api-match-actions"),
    path("api/v1/matches/paper/", games_api.PaperDealView.as_view(), name="api-matches-paper"),
    path("api/v1/score-tables/", api_score_tables.ScoreTableListView.as_view(), name="api-score-tables"),
    path(
        "api/v1/score-tables/<table_key:key>/", api_score_tables.ScoreTableDetailView.as_view(), name="api-score-table"
    ),
    path(
        "api/v1/score-tables/<table_key:key>/actions/",
        api_score_tables.ScoreTableActionsView.as_view(),
        name="api-score-table-actions",
    ),
    path(
        "api/v1/score-tables/<table_key:key>/preview/",
        api_score_tables.ScoreTablePreviewView.as_view(),
        name="api-score-table-preview",
    ),
    path("api/v1/matches/<id:pk>/export/", games_api.MatchExportView.as_view(), name="api-match-export"),
    path("api/v1/matches/<id:pk>/verify/", games_api.MatchVerifyView.as_view(), name="api-match-verify"),
    path("api/v1/receipts/key/", games_api.ReceiptKeyView.as_view(), name="api-receipts-key"),
    path("api/v1/matches/<id:pk>/replay/", games_api.MatchReplayView.as_view(), name="api-match-replay"),
    path("api/v1/tournaments/", tournaments_api.TournamentListView.as_view(), name="api-tournaments"),
    path("api/v1/tournaments/<id:pk>/", tournaments_api.TournamentDetailView.as_view(), name="api-tournament"),
    path(
        "api/v1/tournaments/<id:pk>/entrants/",
        tournaments_api.EntrantListView.as_view(),
        name="api-tournament-entrants",
    ),
    path(
        "api/v1/tournaments/<id:pk>/entrants/house-bots/",
        tournaments_api.HouseBotsView.as_view(),
        name="api-tournament-house-bots",
    ),
    path(
        "api/v1/tournaments/<id:pk>/entrants/<id:entrant_id>/",
        tournaments_api.EntrantDetailView.as_view(),
        name="api-tournament-entrant",
    ),
    path(
        "api/v1/tournaments/<id:pk>/standings/",
        tournaments_api.StandingsView.as_view(),
        name="api-tournament-standings",
    ),
    path("api/v1/tournaments/<id:pk>/results/", tournaments_api.ResultsView.as_view(), name="api-tournament-results"),
    path("api/v1/tournaments/<id:pk>/rounds/", tournaments_api.RoundsView.as_view(), name="api-tournament-rounds"),
    path(
        "api/v1/tournaments/<id:pk>/check-in/",
        tournaments_api.CheckInView.as_view(),
        name="api-tournament-check-in",
    ),
    path(
        "api/v1/tournaments/<id:pk>/tables-with-cards/",
        tournaments_api.TablesWithCardsView.as_view(),
        name="api-tournament-tables-with-cards",
    ),
    path(
        "api/v1/tournaments/<id:pk>/table-codes/",
        tournaments_api.TableCodeView.as_view(),
        name="api-tournament-table-codes",
    ),
    path(
        "api/v1/tournaments/<id:pk>/entries/settle/",
        tournaments_api.SettleEntryView.as_view(),
        name="api-tournament-settle-entry",
    ),
    path("api/v1/tournaments/<id:pk>/rulings/", tournaments_api.RulingsView.as_view(), name="api-tournament-rulings"),
    path("api/v1/tournaments/<id:pk>/calls/", tournaments_calls_api.CallsView.as_view(), name="api-tournament-calls"),
    path(
        "api/v1/tournaments/<id:pk>/calls/answer/",
        tournaments_calls_api.CallAnswerView.as_view(),
        name="api-tournament-call-answer",
    ),
    path(
        "api/v1/tournaments/<id:pk>/export/",
        tournaments_api.TournamentExportView.as_view(),
        name="api-tournament-export",
    ),
    path(
        "api/v1/tournaments/<id:pk>/verify/",
        tournaments_api.TournamentVerifyView.as_view(),
        name="api-tournament-verify",
    ),
    path(
        "api/v1/tournaments/<id:pk>/deals/verify/",
        tournaments_api.DealsVerifyView.as_view(),
        name="api-tournament-deals-verify",
    ),
    path("api/v1/leaderboards/<slug:ruleset>/", tournaments_api.LeaderboardView.as_view(), name="api-leaderboard"),
    path("api/v1/bots/", bots_api.BotListView.as_view(), name="api-bots"),
    path("api/v1/bots/<id:pk>/", bots_api.BotDetailView.as_view(), name="api-bot"),
    path("api/v1/bots/<id:pk>/rotate/", bots_api.BotRotateView.as_view(), name="api-bot-rotate"),
    path("api/v1/bots/<id:pk>/faults/", bots_api.BotFaultsView.as_view(), name="api-bot-faults"),
    path("api/v1/bots/<id:pk>/ping/", bots_api_events.BotPingView.as_view(), name="api-bot-ping"),
    path("api/v1/bots/<id:pk>/sparring/", bots_api_games.SparringView.as_view(), name="api-bot-sparring"),
    path("api/v1/limits/", bots_api_games.LimitsView.as_view(), name="api-limits"),
    path("api/v1/challenges/", bots_api_games.ChallengeListView.as_view(), name="api-challenges"),
    path("api/v1/challenges/<id:pk>/", bots_api_games.ChallengeDetailView.as_view(), name="api-challenge"),
    *(
        path(
            f"api/v1/challenges/<id:pk>/{answer}/",
            bots_api_games.ChallengeAnswerView.as_view(answer=answer),
            name=f"api-challenge-{answer}",
        )
        for answer in ("accept", "decline", "cancel")
    ),
    path("api/v1/bot/turns/", bots_api.BotTurnsView.as_view(), name="api-bot-turns"),
    path("api/v1/bot/turns/<uuid:request_id>/", bots_api.BotTurnAnswerView.as_view(), name="api-bot-turn"),
    path("", tournaments_views.home, name="home"),
    path("tournaments/<id:pk>/", tournaments_views.tournament_detail, name="tournament"),
    path("tournaments/<id:pk>/live/", tournaments_views.tournament_live, name="tournament-live"),
    path("demo/<slug:ruleset>/", games_demo.demo, name="demo"),
    path("demo/<slug:ruleset>/watch/", bots_demo.demo_replay, name="demo-replay"),
    path("play/", bots_play.play_new, name="play"),
    path("", include("games.pages.urls")),  # a match's table, score sheet, audit and replay
    path("", include("tournaments.urls_organiser")),
    path("", include("bots.urls")),
    path("", include("bots.urls_friends")),  # tables with friends: lobbies before a match
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", accounts.login_page, name="login"),  # rate-limited (games/accounts/throttles.py)
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/setlang/", language.set_language, name="set_language"),  # the header's language picker
    path("admin/login/", accounts.admin_login_page),  # the admin's own log-in, rate-limited like ours
    path("admin/", admin.site.urls),
    path("", include("config.urls_streams")),  # live streams (served under ASGI: docs/api.md)
    path("", include("tournaments.ladder.urls")),  # the bots' ladder: pages and API
    path("", include("tournaments.clubs.urls")),  # clubs and seasons: pages and API (issue 34)
    path("", include("tournaments.urls_profile")),  # a person's public profile (issue 35)
    path("api/v1/schema/", SpectacularAPIView.as_view(), name="schema"),
    # Its script as a file of its own (?script), and no inline style: the Content-Security-Policy.
    path(
        "api/v1/docs/",
        SpectacularSwaggerSplitView.as_view(url_name="schema", template_name="api_docs.html"),
        name="api-docs",
    ),
]
