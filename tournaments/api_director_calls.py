"""Calling the director through the API (docs/api.md; docs/tournaments.md, "Calling the
director"): thin views over tournaments.service.director_calls."""

from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.throttling import BaseThrottle
from rest_framework.views import APIView

from games.accounts import throttles
from games.errors import ERROR, ServiceError
from games.service import score_tables

from .api import RulingSerializer, get_tournament
from .service import director_calls, rulings


class CallThrottle(BaseThrottle):
    """A call's POST counts in ``table_entries`` as a score table's entries do: a table code is
    not to be found by trying, and a table calls the director a few times an evening at most."""

    tally = None

    def allow_request(self, request, view):
        if request.method != "POST":
            return True
        self.tally = throttles.do_count(("table_entries", throttles.caller(request)))
        return self.tally.allowed

    def wait(self):
        return self.tally.retry_after if self.tally else None


class CallSerializer(serializers.Serializer):
    match = serializers.IntegerField(
        min_value=1, max_value=2**63 - 1, required=False, help_text="the match you hold a seat at (or the code's)"
    )
    code = serializers.CharField(
        required=False, max_length=64, help_text="a table with cards' code, instead of a seat: the table calls"
    )
    deal = serializers.IntegerField(min_value=1, max_value=1000, help_text="the deal, from 1")
    # Its length is the service's to check, so that an empty or long note is refused by its own
    # code (400 invalid_note), as on the pages.
    note = serializers.CharField(
        allow_blank=True, trim_whitespace=False, help_text="what happened, for the director (1 to 500 characters)"
    )


class CallsView(APIView):
    permission_classes = [permissions.AllowAny]
    throttle_classes = [throttles.RouteThrottle, CallThrottle]

    @extend_schema(
        operation_id="tournaments_calls_list",
        parameters=[OpenApiParameter("match", int, description="one match's calls (its seated players may ask)")],
        responses={200: list[dict], 400: ERROR, 403: ERROR, 404: ERROR},
        summary="Calls to the director and their answers: every call for the organiser (but a closed room "
        "of their own board), a match's for its seated players (?match=)",
    )
    def get(self, request, pk):
        t = get_tournament(pk)
        raw = request.query_params.get("match")
        if raw is None:
            if not request.user.is_authenticated:
                raise ServiceError("organiser_only")
            return Response(director_calls.calls_for_arbiter(t, request.user))
        if not raw.isdigit() or len(raw) > 18:
            raise ServiceError("invalid_input", problem=_("'match' is a match's id"))
        table = director_calls.tournament_table(t, int(raw))
        try:
            director_calls.check_caller(table.match, request.user)
        except ServiceError:
            if not request.user.is_authenticated:
                raise
            director_calls.calls_for_arbiter(t, request.user)  # the organiser then, or 403
            director_calls.check_reader(table.match, request.user)
        return Response(director_calls.calls_for_table(t, table.match))

    @extend_schema(
        operation_id="tournaments_calls_create",
        request=CallSerializer,
        responses={201: OpenApiTypes.OBJECT, 400: ERROR, 403: ERROR, 404: ERROR, 409: ERROR},
        summary="Call the director on a deal: a player seated at the match (signed in), or a table with "
        "cards by its code (no account needed); a director_called event",
    )
    def post(self, request, pk):
        get_tournament(pk)
        data = CallSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        door = None
        if "code" in v:
            door = score_tables.door(v["code"], request.user)
            match = v.get("match", door.match.pk)
        elif "match" in v:
            if not request.user.is_authenticated:
                raise ServiceError("not_your_seat")
            match = v["match"]
        else:
            raise ServiceError("invalid_input", problem=_("give 'match' (your seat's) or 'code' (the table's)"))
        call = director_calls.do_call_director(pk, match, v["deal"], v["note"], request.user, door=door)
        return Response(call, status=status.HTTP_201_CREATED)


class CallRulingSerializer(RulingSerializer):
    """A ruling that answers a call: on the call's match, so no ``match``; a seat a house bot
    took may be given back too."""

    match = None
    kind = serializers.ChoiceField(choices=[*rulings.RULING_KINDS, rulings.RETURN_SEAT])


class AnswerSerializer(serializers.Serializer):
    call = serializers.IntegerField(min_value=1, max_value=2**63 - 1, help_text="the call's id")
    reply = serializers.CharField(
        required=False, max_length=director_calls.NOTE_MAX, help_text="words for the table (or a 'ruling')"
    )
    ruling = CallRulingSerializer(required=False, help_text="a ruling on the call's match (or a 'reply')")


class CallAnswerView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="tournaments_calls_answer",
        request=AnswerSerializer,
        responses={201: OpenApiTypes.OBJECT, 400: ERROR, 403: ERROR, 404: ERROR, 409: ERROR},
        summary="Answer a call (organiser): a reply, or a ruling recorded on the call's match (as POST "
        "rulings/ does) and linked to the call; a director_answered event",
    )
    def post(self, request, pk):
        get_tournament(pk)
        data = AnswerSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        ruling = dict(v["ruling"]) if "ruling" in v else None
        answer = director_calls.do_answer(pk, request.user, v["call"], reply=v.get("reply"), ruling=ruling)
        return Response(answer, status=status.HTTP_201_CREATED)
