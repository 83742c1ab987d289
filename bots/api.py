"""REST API of the bot registry and the polling protocol (docs/architecture.md §3.6, §3.7)."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import authentication, exceptions, permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api import int_param
from games.errors import ERROR, ServiceError
from games.live import longpoll
from games.models import Match
from games.service import states
from games.sql_once import one_with_related

from . import events, registry, runner
from .models import Bot, Turn
from .netcheck import UnsafeURL, check_url
from .registry import digest
from .strategies import STRATEGIES
from .turn_channel import bot_channel

MAX_WAIT_SECONDS = 30


class BotTokenAuthentication(authentication.BaseAuthentication):
    """``Authorization: Bot krb_...``: the request is made by a bot (request.auth is the Bot)."""

    keyword = "Bot"
    only = False  # True where a bot's token is the one kind a path takes (BotOnlyAuthentication)

    def authenticate(self, request):
        header = authentication.get_authorization_header(request).split()
        if not header:
            return None
        if header[0].decode(errors="replace") != self.keyword:
            if self.only:
                # A person's token (or any other kind) on a path that takes a bot's alone: say
                # which kind it takes rather than that no credentials came.
                raise exceptions.AuthenticationFailed(
                    _("this path takes a bot's token, as 'Authorization: Bot krb_...'"), code="wrong_token_kind"
                )
            return None
        if len(header) != 2:
            raise exceptions.AuthenticationFailed(_("the header is 'Authorization: Bot <token>'"), code="invalid_token")
        bot = one_with_related(Bot, "owner", "token_hash", digest(header[1].decode(errors="replace")))
        if bot is None or not bot.is_active or not bot.owner.is_active:
            raise exceptions.AuthenticationFailed(_("invalid, rotated or disabled bot token"), code="invalid_token")
        if not registry.needs_credentials(bot):  # one registered before built-in bots were given none
            raise exceptions.AuthenticationFailed(
                _("a built-in bot runs on the site and takes no token"), code="invalid_token"
            )
        return bot.owner, bot

    def authenticate_header(self, request):
        return self.keyword


class BotOnlyAuthentication(BotTokenAuthentication):
    """A bot's token on a path that takes no other kind (the polling protocol): another kind of
    credentials is refused, 401 ``wrong_token_kind``, saying which kind the path takes."""

    only = True


class BotTokenScheme(OpenApiAuthenticationExtension):
    """Documents the bot token in the OpenAPI schema."""

    target_class = "bots.api.BotTokenAuthentication"
    name = "botToken"

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": "`Bot krb_...`: a bot's token, for the polling protocol",
        }


class BotOnlyScheme(BotTokenScheme):
    """The same header, on the paths that take no other kind of credentials."""

    target_class = "bots.api.BotOnlyAuthentication"
    name = "botTokenOnly"


class IsBot(permissions.BasePermission):
    def has_permission(self, request, view):
        return isinstance(request.auth, Bot)


# ------------------------------------------------------------------ registry
class BotRegistrationSerializer(serializers.Serializer):
    name = serializers.RegexField(registry.NAME_PATTERN, help_text="2-60 letters, digits, _ . -")
    kind = serializers.ChoiceField(choices=Bot.Kind.choices)
    url = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=500,
        help_text="for a webhook bot: where turn requests are POSTed",
    )
    strategy = serializers.ChoiceField(
        choices=sorted(STRATEGIES), required=False, allow_blank=True, default="", help_text="for a built-in bot"
    )
    description = serializers.CharField(required=False, allow_blank=True, default="", max_length=2000)

    def validate(self, data):
        problems = registry.registration_problems(data["kind"], data["url"], data["strategy"])
        if problems:
            raise serializers.ValidationError({field: error.messages for field, error in problems.items()})
        return data


class BotUpdateSerializer(serializers.Serializer):
    is_active = serializers.BooleanField(required=False)
    description = serializers.CharField(required=False, allow_blank=True, max_length=2000)
    url = serializers.CharField(required=False, max_length=500)
    accepts_challenges = serializers.ChoiceField(
        choices=Bot.Accepts.choices,
        required=False,
        help_text="challenges the bot accepts by itself, within your caps: from nobody, anyone, or the people listed",
    )
    accepts_challenges_from = serializers.ListField(
        child=serializers.CharField(max_length=150),
        required=False,
        max_length=200,
        help_text="usernames whose challenges the bot accepts by itself (with accepts_challenges: listed)",
    )


def bot_summary(bot):
    return {
        "id": bot.pk,
        "name": bot.name,
        "kind": bot.kind,
        "strategy": bot.strategy,
        "url": bot.url,
        "description": bot.description,
        "is_active": bot.is_active,
        "token_prefix": bot.token_prefix,
        "accepts_challenges": bot.accepts_challenges,
        "created_at": bot.created_at.isoformat(),
        "last_ping": bot.last_ping,
    }


def bot_detail(bot):
    matches = registry.matches(bot)
    return {
        **bot_summary(bot),
        "accepts_challenges_from": sorted(bot.accepts_challenges_from.values_list("username", flat=True)),
        "matches": matches,
        "faults": sum(m["faults"] for m in matches),
    }


BOT = inline_serializer(
    "Bot", {"id": serializers.IntegerField(), "name": serializers.CharField(), "kind": serializers.CharField()}
)
NEW_BOT = inline_serializer(
    "NewBot",
    {
        "id": serializers.IntegerField(),
        "name": serializers.CharField(),
        "token": serializers.CharField(allow_null=True, help_text="null for a built-in bot"),
        "secret": serializers.CharField(allow_null=True, help_text="null for a built-in bot"),
    },
)


def own_bot(request, pk):
    bot = Bot.objects.filter(pk=pk, owner=request.user).first()
    if bot is None:
        raise ServiceError("not_found", problem=_("you have no bot %(bot)s"), bot=pk)
    return bot


class BotListView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="bots_list",
        responses={
            200: inline_serializer(
                "BotList", {"id": serializers.IntegerField(), "name": serializers.CharField()}, many=True
            )
        },
        summary="Your bots",
    )
    def get(self, request):
        return Response([bot_summary(b) for b in Bot.objects.filter(owner=request.user).order_by("pk")])

    @extend_schema(
        request=BotRegistrationSerializer,
        responses={201: NEW_BOT, 400: ERROR, 409: ERROR},
        summary="Register a bot; the response shows its token and signing secret once",
    )
    def post(self, request):
        data = BotRegistrationSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        bot, token, secret = registry.register(request.user, **data.validated_data)
        return Response({**bot_summary(bot), "token": token, "secret": secret}, status=status.HTTP_201_CREATED)


class BotDetailView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: OpenApiTypes.OBJECT, 404: ERROR}, summary="Your bot, its matches and faults")
    def get(self, request, pk):
        return Response(bot_detail(own_bot(request, pk)))

    @extend_schema(
        request=BotUpdateSerializer,
        responses={200: OpenApiTypes.OBJECT, 400: ERROR, 404: ERROR},
        summary="Disable or enable your bot, or change its description or webhook URL",
    )
    def patch(self, request, pk):
        bot = own_bot(request, pk)
        data = BotUpdateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        changes = dict(data.validated_data)
        listed = changes.pop("accepts_challenges_from", None)
        if listed is not None:
            listed = registry.accounts_named(listed)
        if "url" in changes:
            if bot.kind != Bot.Kind.WEBHOOK:
                raise ServiceError("invalid_input", problem=registry.ONLY_WEBHOOKS_HAVE_A_URL)
            try:
                check_url(changes["url"])
            except UnsafeURL as e:
                raise ServiceError("unsafe_url", problem=e.msgid, **e.params) from e
        with transaction.atomic():
            for field, value in changes.items():
                setattr(bot, field, value)
            bot.save(update_fields=list(changes) or None)
            if listed is not None:
                bot.accepts_challenges_from.set(listed)
        return Response(bot_detail(bot))


class BotFaultsView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, 404: ERROR},
        summary="Your bot's faults, newest first, with what it sent, the status, the time taken, and for an "
        "illegal action the engine's refusal and the legal actions then",
    )
    def get(self, request, pk):
        bot = own_bot(request, pk)
        return Response({"results": [registry.fault_record(turn) for turn in registry.faults(bot)]})


class BotRotateView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: NEW_BOT, 404: ERROR, 409: ERROR},
        summary="Replace your bot's token and secret; the old ones stop working at once (a built-in bot has none: 409)",
    )
    def post(self, request, pk):
        bot = own_bot(request, pk)
        token, secret = registry.rotate(bot)
        return Response({**bot_summary(bot), "token": token, "secret": secret})


# ------------------------------------------------------------------ polling protocol
def pending_turns(bot):
    """The bot's turns it may answer now, each handed out (its clock started at its first
    hand-out: runner.deliver); a turn the match moved on from is settled stale, and one past its
    deadline is left out (the match's deadline task plays its fallback)."""
    turns = []
    for turn in Turn.objects.filter(bot=bot, status=Turn.Status.PENDING).select_related("match").order_by("pk"):
        state = states.match_state(turn.match)
        if turn.match.version != turn.version or state.to_act != turn.seat:
            runner.settle(turn, Turn.Status.STALE)
            continue
        turns.append(handed_out(turn, state))
    return [t for t in turns if t is not None]


def handed_out(turn, state):
    """The turn request of ``turn`` as a poll or the bot's stream hands it out now (its clock
    started at its first hand-out), or None when it may not be (past its deadline, settled).
    The match's deadline task, armed when the turn was made, wakes by its answer deadline."""
    turn = runner.deliver(turn)
    if turn is None:
        return None
    return runner.turn_request(turn.match, turn.seat, turn.version, state, turn.request_id, turn.deadline)


class BotTurnsView(APIView):
    authentication_classes = [BotOnlyAuthentication]
    permission_classes = [IsBot]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "wait",
                int,
                description=f"seconds (0-{MAX_WAIT_SECONDS}) to wait "
                "for a turn when none is pending; a bot "
                "already holding its share of waits (or a "
                "busy server) is answered at once, with "
                "`Retry-After: 1`",
            )
        ],
        responses={200: OpenApiTypes.OBJECT, 400: ERROR, 401: ERROR},
        summary="The calling bot's pending turns (the webhook's JSON) and its events not polled yet "
        "(as `bot/events/` sends them, each once); long-polls with `wait` for either",
    )
    def get(self, request):
        bot = request.auth
        wait = int_param(request, "wait", 0, 0, MAX_WAIT_SECONDS)
        turns, told = pending_turns(bot), events.unpolled(bot)

        def came():  # cheap existence checks first; a pending turn may turn out stale
            nonlocal turns, told
            if Turn.objects.filter(bot=bot, status=Turn.Status.PENDING).exists():
                turns = pending_turns(bot)
            if events.has_unpolled(bot):
                told = events.unpolled(bot)
            return bool(turns or told)

        ready = turns or told
        outcome = longpoll.Outcome.READY if ready else longpoll.wait(request, wait, came, channel=bot_channel(bot.pk))
        return longpoll.answer(Response({"turns": turns, "events": told}), outcome)


class BotAnswerSerializer(serializers.Serializer):
    action = serializers.DictField(help_text="one of the turn's legal_actions")


class BotTurnAnswerView(APIView):
    authentication_classes = [BotOnlyAuthentication]
    permission_classes = [IsBot]

    @extend_schema(
        request=BotAnswerSerializer,
        responses={201: OpenApiTypes.OBJECT, 400: ERROR, 404: ERROR, 409: ERROR, 422: ERROR},
        summary="Answer a pending turn with an action; an illegal one gets the fallback (a fault)",
    )
    def post(self, request, request_id):
        data = BotAnswerSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        bot = request.auth
        turn = Turn.objects.select_related("match").filter(request_id=request_id, bot=bot).first()
        if turn is None:
            raise ServiceError(
                "not_found", problem=_("no turn %(request_id)s for this bot"), request_id=str(request_id)
            )
        if turn.status != Turn.Status.PENDING:
            raise ServiceError("turn_settled", status_of_turn=turn.status)
        if turn.deadline < timezone.now():
            raise ServiceError("turn_expired")
        faults, _taken = runner.seat_record(runner.platform_rows(turn.match), turn.seat)
        took = {"seconds": round((timezone.now() - (turn.delivered_at or turn.created_at)).total_seconds(), 3)}
        runner.submit_answer(turn.match, bot, turn.seat, turn, data.validated_data["action"], faults, took)
        turn.refresh_from_db()
        match = Match.objects.get(pk=turn.match_id)
        if turn.status == Turn.Status.FAULTED:
            # What the engine refused and why, in the caller's language, and what it could have
            # played: the same facts its owner sees on the bot's page.
            facts = turn.fault_facts or {}
            refusal = facts.get("refusal") or {}
            raise ServiceError(
                "illegal_action",
                version=match.version,
                refusal=refusal.get("code"),
                refusal_message=refusal.get("message"),
                reason=refusal.get("reason"),
                legal_actions=facts.get("legal_actions"),
            )
        # The receipt of the accepted answer (games.record.receipts), as its turn keeps it: keep it.
        return Response(
            {"status": turn.status, "version": match.version, "receipt": turn.receipt}, status=status.HTTP_201_CREATED
        )
