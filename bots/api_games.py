"""REST API of the games bot owners start themselves: sparring, challenges, and their caps
(issue 18). Thin views over bots.sparring, bots.challenges and bots.limits."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from games.api import MATCH, RulesetField, match_summary
from games.errors import ERROR, ServiceError

from . import challenges, limits, sparring
from .api import BotTokenAuthentication
from .models import Bot
from .strategies import STRATEGIES

STRENGTHS = ", ".join(sorted(STRATEGIES))


class SparringSerializer(serializers.Serializer):
    ruleset = RulesetField()
    options = serializers.DictField(required=False, default=dict, help_text="engine flags by name (docs/rules.md)")
    opponents = serializers.JSONField(
        required=False,
        default="heuristic",
        help_text=f"the house bots' strength ({STRENGTHS}): one for every other seat, or a list, one per seat",
    )


class SparringView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="bots_sparring_create",
        request=SparringSerializer,
        responses={201: MATCH, 400: ERROR, 404: ERROR, 429: ERROR},
        summary="Start a match of your bot against house bots (random seed, the bot's seat drawn); "
        "it rates nothing and counts against your caps",
    )
    def post(self, request, pk):
        data = SparringSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        bot = sparring.own_bot(request.user, pk)
        match = sparring.do_start_sparring(request.user, bot, **data.validated_data)
        return Response(match_summary(match), status=status.HTTP_201_CREATED)


class LimitsView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="limits_retrieve",
        responses={200: OpenApiTypes.OBJECT},
        summary="Your caps on casual games (in progress at once, started today) and how much of each you use",
    )
    def get(self, request):
        return Response(limits.usage(request.user).as_json())


class ChallengeSerializer(serializers.Serializer):
    ruleset = RulesetField()
    options = serializers.DictField(required=False, default=dict, help_text="engine flags by name (docs/rules.md)")
    seat = serializers.JSONField(
        required=False,
        allow_null=True,
        default="me",
        help_text='your own seat: "me", one of your bots as {"bot": "<name>"}, or null if you do not play',
    )
    opponents = serializers.ListField(
        child=serializers.JSONField(),
        min_length=1,
        max_length=challenges.MAX_NAMED,
        help_text='who you challenge: usernames and {"bot": "<name>"}',
    )
    fill = serializers.ChoiceField(
        choices=sorted(STRATEGIES),
        required=False,
        allow_null=True,
        default=None,
        help_text="house bots of this strength take the seats left; null when the named players fill the table",
    )


CHALLENGE = inline_serializer(
    "ChallengeSummary",
    {
        "id": serializers.IntegerField(),
        "challenger": serializers.CharField(),
        "ruleset": serializers.CharField(),
        "options": serializers.DictField(),
        "status": serializers.CharField(help_text="open, started, declined, cancelled or expired"),
        "seats": serializers.ListField(
            child=serializers.DictField(),
            help_text='each {"user" | "bot" | "house": name, "owner": whose seat it is (the person, or the '
            "bot's owner; null: the house's), \"answers\": who answers for it (null: accepted from the start), "
            '"answer", "by_itself"}',
        ),
        "match": serializers.IntegerField(allow_null=True, help_text="the match, once started"),
        "created_at": serializers.DateTimeField(),
        "expires_at": serializers.DateTimeField(),
        "yours_to_answer": serializers.BooleanField(),
    },
)


class ChallengeListView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="challenges_list",
        responses={200: CHALLENGE.__class__(many=True)},
        summary="The challenges you made or are asked to answer, newest first",
    )
    def get(self, request):
        mine = challenges.visible_to(request.user)[:100]
        return Response([challenges.summary(c, request.user) for c in mine])

    @extend_schema(
        operation_id="challenges_create",
        request=ChallengeSerializer,
        responses={201: CHALLENGE, 400: ERROR, 429: ERROR},
        summary="Challenge people and bots to a match; it starts when every one of them has accepted "
        "(bots may accept by themselves)",
    )
    def post(self, request):
        data = ChallengeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        challenge = challenges.do_challenge(
            request.user, v["ruleset"], v["options"], v["seat"], v["opponents"], v["fill"]
        )
        return Response(challenges.summary(challenge, request.user), status=status.HTTP_201_CREATED)


def answering_bot(request):
    """The bot answering with its own token (``Authorization: Bot krb_...``), or None for a person."""
    return request.auth if isinstance(request.auth, Bot) else None


class ChallengeDetailView(APIView):
    authentication_classes = [*api_settings.DEFAULT_AUTHENTICATION_CLASSES, BotTokenAuthentication]
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="challenges_retrieve",
        responses={200: CHALLENGE, 404: ERROR},
        summary="A challenge you made or are asked to answer (with a bot's token: one naming the bot)",
    )
    def get(self, request, pk):
        found = challenges.get_for(request.user, pk, bot=answering_bot(request))
        return Response(challenges.summary(found, request.user))


class ChallengeAnswerView(APIView):
    """accept, decline (a challenged owner, or the challenged bot with its own token) or cancel
    (the challenger)."""

    authentication_classes = [*api_settings.DEFAULT_AUTHENTICATION_CLASSES, BotTokenAuthentication]
    permission_classes = [permissions.IsAuthenticated]
    answer = None  # set by as_view(answer=...)

    @extend_schema(
        request=None,
        responses={200: CHALLENGE, 403: ERROR, 404: ERROR, 409: ERROR, 429: ERROR},
        summary="Accept or decline a challenge (for your seat or your bot's; a bot may answer for "
        "itself with its own token, within its owner's caps), or cancel your own",
    )
    def post(self, request, pk):
        bot = answering_bot(request)
        if self.answer == "cancel":
            if bot is not None:
                raise ServiceError("not_challenger")
            challenge = challenges.do_cancel(request.user, pk)
        else:
            challenge = challenges.do_answer(request.user, pk, accept=self.answer == "accept", bot=bot)
        challenge.refresh_from_db()
        return Response(challenges.summary(challenge, request.user))
