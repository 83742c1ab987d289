"""``GET /api/v1/me/matches/``: the caller's live games, "your turn" first (games/live_games.py)."""

from django.urls import reverse
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from . import live_games
from .errors import ERROR

MY_MATCH_FIELDS = {
    "match": serializers.IntegerField(),
    "ruleset": serializers.CharField(),
    "event": serializers.CharField(allow_null=True, help_text='the event it belongs to, e.g. "tournament/7"'),
    "num_seats": serializers.IntegerField(),
    "your_seat": serializers.IntegerField(),
    "to_act": serializers.IntegerField(allow_null=True, help_text="the seat whose turn it is"),
    "your_turn": serializers.BooleanField(),
    "version": serializers.IntegerField(help_text="send it as expected_version with your action"),
    "last_move_at": serializers.DateTimeField(allow_null=True),
    "links": inline_serializer(
        "MyMatchLinks",
        {
            "table": serializers.CharField(help_text="the page to play it in a browser"),
            "match": serializers.CharField(),
            "events": serializers.CharField(),
            "actions": serializers.CharField(),
        },
    ),
}


def with_links(row):
    pk = row["match"]
    return {
        **row,
        "links": {
            "table": reverse("table", args=[pk]),
            "match": reverse("api-match", args=[pk]),
            "events": reverse("api-match-events", args=[pk]),
            "actions": reverse("api-match-actions", args=[pk]),
        },
    }


class MyMatchesView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="me_matches",
        summary="Your live games: those where it is your turn first, then the others by their latest move",
        responses={
            200: inline_serializer(
                "MyMatches",
                {
                    "results": inline_serializer("MyMatch", MY_MATCH_FIELDS, many=True),
                    "truncated": serializers.BooleanField(
                        help_text=f"true when you have more than {live_games.MOST_LISTED} live games"
                    ),
                },
            ),
            401: ERROR,
            403: ERROR,
        },
    )
    def get(self, request):
        seats, truncated = live_games.live_seats(request.user)
        return Response({"results": [with_links(live_games.summary(s)) for s in seats], "truncated": truncated})
