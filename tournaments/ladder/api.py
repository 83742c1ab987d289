"""REST API of the bots' ladder (issue 18): thin views over tournaments.ladder.service.

Reading is public (the leaderboards, entries and rating histories); opting a bot in, pausing,
resuming and taking it out are its owner's, each an event in the ladder's stream. Errors are
the API's one JSON body, through games.ServiceError.
"""

from django.utils.translation import gettext as _gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from bots.models import Bot
from games.engine import RULESETS
from games.errors import ERROR, ServiceError

from ..models import Ladder
from . import service

ROW = {
    "rank": serializers.IntegerField(help_text="by ordinal; equal ordinals share a rank"),
    "bot": serializers.IntegerField(),
    "name": serializers.CharField(),
    "owner": serializers.CharField(),
    "mu": serializers.FloatField(help_text="estimated skill"),
    "sigma": serializers.FloatField(help_text="uncertainty of mu"),
    "ordinal": serializers.FloatField(help_text="mu - 3 sigma: the rating the board sorts by"),
    "games": serializers.IntegerField(help_text="rated ladder matches"),
    "status": serializers.CharField(allow_null=True, help_text="active, paused or left; null for an anchor"),
    "anchor": serializers.BooleanField(help_text="a house bot of known strength completing short tables"),
}
BOARD = inline_serializer(
    "LadderBoard",
    {
        "ruleset": serializers.CharField(),
        "label": serializers.CharField(),
        "version": serializers.IntegerField(help_text="the ladder stream's version the board reflects"),
        "rows": inline_serializer("LadderRow", ROW, many=True),
    },
)
SUMMARY = inline_serializer(
    "LadderSummary",
    {
        "ruleset": serializers.CharField(),
        "label": serializers.CharField(),
        "playing": serializers.IntegerField(),
        "paused": serializers.IntegerField(),
        "rated": serializers.IntegerField(),
        "live_tables": serializers.IntegerField(),
        "matches_rated": serializers.IntegerField(),
    },
    many=True,
)
ENTRY_FIELDS = {
    "ruleset": serializers.CharField(),
    "bot": serializers.IntegerField(),
    "name": serializers.CharField(),
    "owner": serializers.CharField(),
    "status": serializers.CharField(help_text="active, paused or left"),
    "left_reason": serializers.CharField(help_text="owner, disabled or faults; empty while in"),
    "joined_at": serializers.DateTimeField(),
    "rejoin_at": serializers.DateTimeField(
        allow_null=True,
        help_text="when a bot that left for faults may join again (null: it may now); the wait doubles on each",
    ),
}
ENTRY = inline_serializer("LadderEntry", ENTRY_FIELDS)
ENTRIES = inline_serializer("LadderEntryList", ENTRY_FIELDS, many=True)
POINTS = inline_serializer(
    "LadderPointList",
    {
        "games": serializers.IntegerField(),
        "match": serializers.IntegerField(),
        "mu": serializers.FloatField(),
        "sigma": serializers.FloatField(),
        "ordinal": serializers.FloatField(),
        "at": serializers.DateTimeField(),
    },
    many=True,
)


def entry_json(entry):
    rejoin_at = service.rejoin_at(entry)
    return {
        "ruleset": entry.ruleset,
        "bot": entry.bot_id,
        "name": entry.bot.name,
        "owner": entry.bot.owner.username,
        "status": entry.status,
        "left_reason": entry.left_reason,
        "joined_at": entry.joined_at.isoformat(),
        "rejoin_at": rejoin_at.isoformat() if rejoin_at is not None else None,
    }


class JoinSerializer(serializers.Serializer):
    bot = serializers.IntegerField(min_value=1, max_value=2**63 - 1, help_text="the id of one of your bots")


class StatusSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=["paused", "active"], help_text="paused, or active to resume")


class LadderListView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="ladder_list",
        responses={200: SUMMARY},
        summary="The ladders: one per offered ruleset, with how many bots play in each",
    )
    def get(self, request):
        return Response([{**s, "label": _gettext(s["label"])} for s in service.summaries()])


class LadderBoardView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="ladder_board",
        responses={200: BOARD, 404: ERROR},
        summary="A ruleset's ladder leaderboard: OpenSkill ratings of its bots and anchors, by ordinal",
    )
    def get(self, request, ruleset):
        service.check_ruleset(ruleset, status=404)
        version = Ladder.objects.filter(ruleset=ruleset).values_list("version", flat=True).first() or 0
        return Response(
            {
                "ruleset": ruleset,
                "label": _gettext(RULESETS[ruleset].label),
                "version": version,
                "rows": service.leaderboard(ruleset),
            }
        )


class LadderEntriesView(APIView):
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(
        operation_id="ladder_entries_list",
        responses={200: ENTRIES, 404: ERROR},
        summary="The bots in a ruleset's ladder (and those that left), by name",
    )
    def get(self, request, ruleset):
        service.check_ruleset(ruleset, status=404)
        return Response([entry_json(e) for e in service.entries(ruleset)])

    @extend_schema(
        operation_id="ladder_entries_create",
        request=JoinSerializer,
        responses={201: ENTRY, 400: ERROR, 404: ERROR, 409: ERROR},
        summary="Opt one of your bots into the ladder (a webhook or polling bot, enabled): "
        "404 not_found for a bot not yours, 400 builtin_bot, bot_disabled or ruleset_not_offered, "
        "409 already_in_ladder, or rejoin_too_soon (with retry_after, in seconds, and rejoin_at) for a bot "
        "that left it for faults and waits",
    )
    def post(self, request, ruleset):
        data = JoinSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = service.do_join(ruleset, request.user, data.validated_data["bot"])
        return Response(entry_json(entry), status=status.HTTP_201_CREATED)


class LadderEntryView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="ladder_entry_change",
        request=StatusSerializer,
        responses={200: ENTRY, 400: ERROR, 404: ERROR, 409: ERROR},
        summary="Pause your bot (it finishes its match and is not seated again) or resume it: "
        "404 not_found or not_in_ladder, 409 already_paused or already_active, 400 bot_disabled",
    )
    def patch(self, request, ruleset, bot):
        data = StatusSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = service.do_set_status(ruleset, request.user, bot, data.validated_data["status"])
        return Response(entry_json(entry))

    @extend_schema(
        operation_id="ladder_entry_leave",
        request=None,
        responses={200: ENTRY, 400: ERROR, 404: ERROR},
        summary="Take your bot out of the ladder (it keeps its rating, and may join again)",
    )
    def delete(self, request, ruleset, bot):
        entry = service.do_leave(ruleset, request.user, bot)
        return Response(entry_json(entry))


class LadderHistoryView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="ladder_bot_history",
        responses={200: POINTS, 404: ERROR},
        summary="A bot's rating after each of its rated ladder matches, oldest first",
    )
    def get(self, request, ruleset, bot):
        service.check_ruleset(ruleset, status=404)
        if not Bot.objects.filter(pk=bot).exists():
            raise ServiceError("not_found", problem=_("no bot %(bot)s"), bot=bot)
        return Response(
            [
                {
                    "games": p.games,
                    "match": p.match_id,
                    "mu": p.mu,
                    "sigma": p.sigma,
                    "ordinal": p.ordinal,
                    "at": p.at.isoformat(),
                }
                for p in service.history(ruleset, bot)
            ]
        )
