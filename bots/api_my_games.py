"""``GET me/games/`` and ``GET me/games/export/`` (issue 33; docs/bots.md, "Your bots' games"):
thin views over bots.my_games, which reads and checks the filters and makes each entry."""

from django.http import QueryDict
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api import jsonl_download
from games.errors import ERROR

from . import my_games

FILTER_PARAMETERS = [
    OpenApiParameter("bot", int, description="only the games of this bot of yours (its id; another's: 404)"),
    OpenApiParameter(
        "ruleset", str, description="only the games of this ruleset (its name, as `GET matches/` gives it)"
    ),
    OpenApiParameter(
        "result",
        str,
        enum=my_games.RESULTS,
        description="only the games where your seat (or your bot's) has this result; in_progress: no result "
        "yet (the match is live, or another table still plays its board)",
    ),
    OpenApiParameter(
        "since", OpenApiTypes.DATE, description="only games started on this UTC day (YYYY-MM-DD) or later"
    ),
    OpenApiParameter("until", OpenApiTypes.DATE, description="only games started on this UTC day or earlier"),
    OpenApiParameter("before", int, description="only games with a lower match id: the next page (as `next` gives it)"),
]

SEAT = inline_serializer(
    "MyGameSeat",
    {
        "seat": serializers.IntegerField(help_text="0 to num_seats - 1"),
        "user": serializers.CharField(allow_null=True),
        "bot": serializers.CharField(allow_null=True),
    },
    many=True,
)
YOURS = inline_serializer(
    "MyGameYours",
    {
        "seat": serializers.IntegerField(),
        "bot": serializers.CharField(allow_null=True, help_text="your bot there; null: you, in person"),
        "bot_id": serializers.IntegerField(allow_null=True),
        "score": serializers.IntegerField(allow_null=True, help_text="the final score; null until there is a result"),
        "result": serializers.ChoiceField(choices=my_games.RESULTS),
    },
    many=True,
)
LINKS = inline_serializer(
    "MyGameLinks",
    {
        "table": serializers.CharField(),
        "sheet": serializers.CharField(),
        "audit": serializers.CharField(),
        "replay": serializers.CharField(allow_null=True, help_text="null until the game's cards are public"),
        "match": serializers.CharField(),
        "export": serializers.CharField(allow_null=True, help_text="null until the game's cards are public"),
    },
)
GAME = inline_serializer(
    "MyGame",
    {
        "match": serializers.IntegerField(),
        "ruleset": serializers.CharField(),
        "num_seats": serializers.IntegerField(),
        "options": serializers.DictField(),
        "event": serializers.CharField(allow_null=True, help_text='the event it belongs to, e.g. "tournament/7"'),
        "status": serializers.CharField(help_text="live or over"),
        "created_at": serializers.DateTimeField(),
        "finished_at": serializers.DateTimeField(allow_null=True),
        "public": serializers.BooleanField(help_text="its cards are public: it may be replayed and exported"),
        "seats": SEAT,
        "yours": YOURS,
        "scores": serializers.ListField(
            child=serializers.IntegerField(), allow_null=True, help_text="each seat's final score"
        ),
        "links": LINKS,
    },
    many=True,
)


def next_page(request, filters, last):
    """The link to the games after ``last`` with the same filters (and limit)."""
    query = QueryDict(mutable=True)
    query.update({**filters.as_params(), "before": last})
    if "limit" in request.query_params:
        query["limit"] = request.query_params["limit"]
    return f"{request.path}?{query.urlencode()}"


class MyGamesView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="me_games",
        parameters=[
            *FILTER_PARAMETERS,
            OpenApiParameter(
                "limit",
                int,
                description=f"at most this many games (1-{my_games.MOST_LISTED}, default {my_games.DEFAULT_LISTED})",
            ),
        ],
        responses={
            200: inline_serializer(
                "MyGames",
                {
                    "results": GAME,
                    "next": serializers.CharField(allow_null=True, help_text="the next page; null at the last"),
                },
            ),
            400: ERROR,
            401: ERROR,
            404: ERROR,
        },
        summary="Every game of yours and of your bots, newest first, with each one's result and links "
        "(its table, score sheet, audit, replay and export)",
    )
    def get(self, request):
        filters = my_games.parse_filters(request.user, request.query_params)
        limit = my_games.whole_number(request.query_params, "limit", my_games.DEFAULT_LISTED, 1, my_games.MOST_LISTED)
        matches, more = my_games.page_of(request.user, filters, limit)
        return Response(
            {
                "results": my_games.entries(request.user, filters, matches),
                "next": next_page(request, filters, matches[-1].pk) if more else None,
            }
        )


class MyGamesExportView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="me_games_export",
        parameters=[
            *FILTER_PARAMETERS,
            OpenApiParameter(
                "limit",
                int,
                description=f"at most this many games (1-{my_games.MOST_EXPORTED}, the default)",
            ),
        ],
        responses={(200, "application/x-ndjson"): OpenApiTypes.STR, 400: ERROR, 401: ERROR, 404: ERROR},
        summary=f"Your games and your bots' games (the same filters) as one JSON Lines file, one line a "
        f"game with its events ({my_games.FORMAT}); only games whose cards are public, at most "
        f"{my_games.MOST_EXPORTED} a request (a Link header, rel=next, gives the rest)",
    )
    def get(self, request):
        filters = my_games.parse_filters(request.user, request.query_params)
        limit = my_games.whole_number(request.query_params, "limit", my_games.MOST_EXPORTED, 1, my_games.MOST_EXPORTED)
        matches, more = my_games.page_of(request.user, filters, limit)
        made = my_games.export(request.user, filters, matches)
        response = jsonl_download(made.lines, "my-games.jsonl")
        response["X-Games-Exported"] = str(made.exported)
        response["X-Games-Left-Out"] = str(made.left_out)
        if more:
            response["Link"] = f'<{next_page(request, filters, matches[-1].pk)}>; rel="next"'
        return response
