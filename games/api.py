"""REST API for accounts and matches (docs/architecture.md §3.7): thin views over games.service.

Every error is JSON ``{"error": {"code", "message", ...}}`` (games.errors.error_handler).
"""

from django.contrib.auth import get_user_model
from django.utils.functional import lazystr
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from games.errors import ERROR, ServiceError
from games.live import longpoll, pubsub
from games.models import MOST_SEATS, Match
from games.offer import offered_names
from games.record import receipts
from games.service import access, clocks, creating, paper_deals, playing, states

User = get_user_model()

MAX_WAIT_SECONDS = 30
MAX_PAGE = 500


# ------------------------------------------------------------------ matches
class RulesetField(serializers.ChoiceField):
    """A ruleset among those offered when the request comes (games.offer), not when this module
    was imported: a serializer copies its fields for each request, which reads them afresh, so a
    game registered later (a plug-in) is accepted and listed like the others."""

    def __init__(self, **kwargs):
        super().__init__(choices=offered_names(), **kwargs)


class MatchCreateSerializer(serializers.Serializer):
    ruleset = RulesetField()
    options = serializers.DictField(required=False, default=dict, help_text="engine flags by name (docs/rules.md)")
    seats = serializers.ListField(
        child=serializers.JSONField(allow_null=True),
        min_length=1,
        max_length=MOST_SEATS,
        help_text="one holder per seat of the ruleset's table (the size its descriptor gives for "
        'these options): a username, {"bot": "<bot name>"}, or null (open)',
    )

    def validate_seats(self, seats):
        for holder in seats:
            ok = (
                holder is None
                or (isinstance(holder, str) and 0 < len(holder) <= 150)
                or (isinstance(holder, dict) and set(holder) == {"bot"} and isinstance(holder["bot"], str))
            )
            if not ok:
                raise serializers.ValidationError(_('each seat is a username, {"bot": "<name>"} or null'))
        return seats

    board = serializers.DictField(
        required=False,
        allow_null=True,
        default=None,
        help_text="one fixed deal instead of a seeded game (docs/architecture.md §3.2)",
    )
    seed = serializers.RegexField(
        r"^(?:[0-9a-f]{2}){16,64}$",
        required=False,
        allow_null=True,
        default=None,
        help_text="hex of the secret deal seed (16-64 bytes); random if omitted",
    )

    def validate(self, data):
        if data["board"] is not None and data["seed"] is not None:
            raise serializers.ValidationError(_("give either a seed (a whole game) or a board (one fixed deal)"))
        return data


class ActionSerializer(serializers.Serializer):
    action = serializers.DictField(help_text='an action from legal_actions, e.g. {"type": "play", "card": "KH"}')
    expected_version = serializers.IntegerField(min_value=0, help_text="the match version you last saw")
    command_id = serializers.CharField(
        required=False,
        allow_null=True,
        default=None,
        min_length=1,
        max_length=100,
        help_text="retrying the same id returns the first answer",
    )


def seat_holder(holder):
    """The user or bot a seat entry names (400 if there is none)."""
    if holder is None:
        return None
    if isinstance(holder, dict):
        bot = creating.bot_model().objects.filter(name=holder["bot"]).first()
        if bot is None:
            raise ServiceError("unknown_bot", bot=holder["bot"])
        return bot
    user = User.objects.filter(username=holder).first()
    if user is None:
        raise ServiceError("unknown_user", user=holder)
    return user


def match_summary(match):
    return {
        "id": match.pk,
        "ruleset": match.ruleset,
        "num_seats": match.num_seats,
        "status": match.status,
        "version": match.version,
        "options": match.options,
        "seed_sha256": match.seed_sha256,
        # The people's clock this match keeps (None: no move time), as the table shows it.
        "clock": {
            "move_seconds": match.move_seconds,
            "bank_seconds": match.bank_seconds,
            "strike_limit": match.strike_limit,
        },
        # The seed is secret while the match runs; once it is over anyone can re-derive its deals.
        "seed": match.seed if access.is_public(match) and match.seed else None,
        "seats": [
            {"seat": s.index, "user": s.user.username if s.user else None, "bot": s.bot.name if s.bot else None}
            for s in match.seats.select_related("user", "bot")
        ],
        "created_at": match.created_at.isoformat(),
    }


MATCH = inline_serializer(
    "Match",
    {
        "id": serializers.IntegerField(),
        "ruleset": serializers.CharField(),
        "num_seats": serializers.IntegerField(),
        "status": serializers.CharField(),
        "version": serializers.IntegerField(),
    },
)


class MatchListView(APIView):
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(
        operation_id="matches_list",
        summary="Recent matches",
        responses={
            200: inline_serializer(
                "MatchListItem",
                {
                    "id": serializers.IntegerField(),
                    "ruleset": serializers.CharField(),
                    "num_seats": serializers.IntegerField(),
                    "status": serializers.CharField(),
                    "version": serializers.IntegerField(),
                },
                many=True,
            )
        },
    )
    def get(self, request):
        # A table of friends' score table is theirs: reached only through its link (access.enter).
        listed = Match.objects.exclude(entered=True, event="")
        return Response([match_summary(m) for m in listed.order_by("-pk")[:100]])

    @extend_schema(
        request=MatchCreateSerializer, responses={201: MATCH, 400: ERROR, 403: ERROR}, summary="Create a match (staff)"
    )
    def post(self, request):
        if not request.user.is_staff:
            raise ServiceError("staff_only")
        data = MatchCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        holders = [seat_holder(h) for h in data.validated_data["seats"]]
        match = creating.do_create_match(
            data.validated_data["ruleset"],
            data.validated_data["options"],
            holders,
            data.validated_data["board"],
            created_by=request.user,
            seed=bytes.fromhex(data.validated_data["seed"]) if data.validated_data["seed"] else None,
        )
        return Response(match_summary(match), status=status.HTTP_201_CREATED)


class MatchDetailView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, 403: ERROR, 404: ERROR},
        summary="The match and its state as the caller may see it (a closed room: its seats and free arbiters only)",
    )
    def get(self, request, pk):
        match = access.get_match(pk)
        state = access.visible_state(match, request.user)
        # Each person's clock, seconds left as of now (games.service.clocks.match_clocks): the same for
        # every viewer, and never a function of a hand.
        seat_clocks = {str(seat): clock for seat, clock in clocks.match_clocks(match, state).items()}
        return Response({**match_summary(match), "state": state, "clocks": seat_clocks})


class MatchEventsView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter("after", int, description="return events with a version above this (default 0)"),
            OpenApiParameter("limit", int, description=f"at most this many events (1-{MAX_PAGE}, default 100)"),
            OpenApiParameter(
                "wait",
                int,
                description=f"if there is nothing after `after`, wait up to this many "
                f"seconds (0-{MAX_WAIT_SECONDS}) for the next event; a client "
                "already holding its share of waits (or a busy server) is "
                "answered at once, with `Retry-After: 1`",
            ),
        ],
        responses={200: OpenApiTypes.OBJECT, 400: ERROR, 403: ERROR, 404: ERROR},
        summary="The match's events by version, redacted for the caller; long-polls with `wait`",
    )
    def get(self, request, pk):
        after = int_param(request, "after", 0, 0, 10**9)
        limit = int_param(request, "limit", 100, 1, MAX_PAGE)
        wait = int_param(request, "wait", 0, 0, MAX_WAIT_SECONDS)
        match = access.get_match(pk)
        access.enter(match, request.user)  # a closed room refuses outsiders before any wait

        def moved():  # a cheap primary-key read of the cached version
            match.refresh_from_db(fields=["version", "status"])
            return match.version > after

        outcome = (
            longpoll.wait(request, wait, moved, channel=pubsub.match_channel(match.pk))
            if match.version <= after
            else longpoll.Outcome.READY
        )
        events = access.visible_events(match, request.user, after=after, limit=limit) if match.version > after else []
        return longpoll.answer(
            Response({"match": match.pk, "version": match.version, "status": match.status, "events": events}), outcome
        )


def int_param(request, name, default, low, high):
    return whole_number(request.query_params.get(name), name, default, low, high)


def whole_number(raw, name, default, low, high):
    """The text ``raw`` of parameter ``name`` (None: absent, then ``default``) as an integer from
    ``low`` to ``high``, else 400 ``invalid_input`` naming the field and the range."""
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        value = None
    if value is None or not low <= value <= high:
        raise ServiceError(
            "invalid_input",
            problem=_("'%(field)s' must be an integer from %(low)s to %(high)s"),
            field=name,
            low=low,
            high=high,
        )
    return value


class MatchActionsView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=ActionSerializer,
        responses={201: OpenApiTypes.OBJECT, 400: ERROR, 403: ERROR, 404: ERROR, 409: ERROR, 422: ERROR},
        summary="Act for your seat: validated by the rules engine, appended as events",
    )
    def post(self, request, pk):
        data = ActionSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        result = playing.submit_action(
            pk,
            request.user,
            data.validated_data["action"],
            data.validated_data["expected_version"],
            data.validated_data["command_id"],
        )
        return Response(result, status=status.HTTP_201_CREATED)


class MatchVerifyView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="matches_verify",
        responses={200: OpenApiTypes.OBJECT, 403: ERROR, 404: ERROR},
        summary="Check the match's log: hash chain, head, seed commitment, and every decision, deal "
        "and score re-derived by the engine; each failure names its event version",
    )
    def get(self, request, pk):
        match = access.get_match(pk)
        access.enter(match, request.user)  # a closed room's report may name its cards
        return verified(match)

    @extend_schema(
        operation_id="matches_verify_receipts",
        request=OpenApiTypes.OBJECT,
        responses={200: OpenApiTypes.OBJECT, 400: ERROR, 403: ERROR, 404: ERROR},
        summary="The same checks, and the receipts you kept: the body is your receipts file "
        '({"receipts": [...]}, or a list of receipts); a log that lacks a receipted event, or holds '
        "another one at its version, fails the receipts check, naming the receipt. A receipt that is "
        "malformed, not signed by the site's key or for another match is refused (400 invalid_receipts)",
    )
    def post(self, request, pk):
        match = access.get_match(pk)
        access.enter(match, request.user)  # refused as the report would be, before reading any receipt
        try:
            given = receipts.checked(receipts.collect(request.data), match.stream)
        except receipts.ReceiptError as e:
            # Its message is made here, in the request's language, and may quote the body (a
            # field's name): taken as it is, never as a msgid or a format. ``receipt``: which one.
            message = lazystr(e.message.replace("%", "%%"))
            raise ServiceError("invalid_receipts", problem=message, receipt=e.number) from e
        return verified(match, given)


def verified(match, given=None):
    """The verification report of ``match`` (with ``given`` receipts: games.record.receipts.checked's)."""
    from games.record.audit import report, verify_match

    findings = verify_match(match, receipts=given)
    return Response(report(findings, match=match.pk, version=match.version, head_hash=match.head_hash))


class ReceiptKeyView(APIView):
    authentication_classes = []  # the same key for everyone: no credentials read, none refused
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="receipts_key",
        responses={200: OpenApiTypes.OBJECT},
        summary="The public key that checks the receipts the site signs for each accepted action "
        "(Ed25519: public_key as 64 hex digits, and as PEM)",
    )
    def get(self, request):
        return Response(receipts.published_key())


class MatchReplayView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="matches_replay",
        parameters=[
            OpenApiParameter("version", int, required=True, description="replay up to this event version"),
            OpenApiParameter("seat", str, required=True, description="0 to num_seats - 1, or 'all' (arbiters)"),
        ],
        responses={200: OpenApiTypes.OBJECT, 400: ERROR, 403: ERROR, 404: ERROR},
        summary="The log up to a version as one seat saw it then (arbiters any time; the table once the deal is over)",
    )
    def get(self, request, pk):
        match = access.get_match(pk)
        raw_seat = request.query_params.get("seat", "")
        seat = "all" if raw_seat == "all" else int_param(request, "seat", -1, 0, match.num_seats - 1)
        version = int_param(request, "version", 0, 1, 10**9)
        return Response(access.seat_replay(match, request.user, seat, version))


class PaperDealSerializer(serializers.Serializer):
    ruleset = RulesetField()
    options = serializers.DictField(required=False, default=dict)
    board = serializers.DictField(help_text="the cards as dealt: the engine's board (dealer, contract, hands)")
    actions = serializers.ListField(
        child=serializers.DictField(),
        min_length=1,
        max_length=paper_deals.MAX_PAPER_ACTIONS,
        help_text='the decisions in order, each {"seat": 0 to n-1 at a table of n, "type": ..., ...}',
    )


class PaperDealView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="matches_paper_create",
        request=PaperDealSerializer,
        responses={201: OpenApiTypes.OBJECT, 400: ERROR, 422: ERROR},
        summary="Enter a deal played with physical cards; it is checked by the rules, scored and "
        "verifiable like any other (you are its arbiter)",
    )
    def post(self, request):
        data = PaperDealSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        match, receipt = paper_deals.do_enter_paper_deal(request.user, **data.validated_data)
        state = states.match_state(match)
        return Response(
            {**match_summary(match), "scores": list(state.scores), "receipt": receipt},
            status=status.HTTP_201_CREATED,
        )


class MatchExportView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="matches_export",
        responses={(200, "application/x-ndjson"): OpenApiTypes.STR, 403: ERROR, 404: ERROR},
        summary="The match's whole log as JSON Lines (kingrifki-log/2), with its hashes and seed, "
        "once its cards are public; check it with tools/verify_export.py",
    )
    def get(self, request, pk):
        match = access.get_match(pk)
        access.enter(match, request.user)  # a closed room is refused as such: board_in_play
        if not access.is_public(match):
            # The log holds every dealt hand; it cannot be redacted without breaking its hashes.
            raise ServiceError("not_public")
        return jsonl_download(access.public_export(match), f"match-{match.pk}-log.jsonl")


def jsonl_download(lines, filename):
    """A streamed JSON Lines attachment (an export can be long)."""
    from django.http import StreamingHttpResponse

    response = StreamingHttpResponse((line + "\n" for line in lines), content_type="application/x-ndjson")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
