"""The REST API of score tables (docs/architecture.md §3.9, docs/api.md "Score tables").

A table is opened by anyone (signed in or not); afterwards its key (the secret of its link, or a
tournament table's code) is the credential: whoever holds it reads the sheet and enters deals.
"""

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from games.errors import ERROR
from games.service import playing, score_tables


def actor_of(request):
    """Who enters: the signed-in person, else the phone (its ``score_device`` cookie, which the
    table's page sets), else the key's holder as one anonymous actor."""
    if request.user.is_authenticated:
        return playing.actor_key(request.user)
    device = request.COOKIES.get("score_device")
    if isinstance(device, str) and 16 <= len(device) <= 64:
        return score_tables.device_actor(device)
    return "table"


class OpenTableSerializer(serializers.Serializer):
    ruleset = serializers.CharField(max_length=20)
    options = serializers.JSONField(required=False, default=dict)
    names = serializers.ListField(child=serializers.CharField(max_length=200, allow_blank=True), max_length=12)
    first = serializers.IntegerField(min_value=0, max_value=11, help_text="the seat that deals (or declares) first")


class TableActionSerializer(serializers.Serializer):
    action = serializers.JSONField(help_text='{"type": "enter" | "correct" | "undo" | "finish", ...}')
    expected_version = serializers.IntegerField(min_value=0)
    command_id = serializers.CharField(max_length=100, required=False, allow_null=True, default=None)


class TablePreviewSerializer(serializers.Serializer):
    action = serializers.JSONField(help_text='an entry: {"type": "enter", "deal": n, ...}')


class ScoreTableListView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        request=OpenTableSerializer,
        responses={201: OpenApiTypes.OBJECT, 400: ERROR, 409: ERROR, 422: ERROR, 429: ERROR},
        summary="Open a score table for a game played with real cards: the players' names, the game's "
        "options and who deals first. The answer holds the table's key, given this once",
    )
    def post(self, request):
        data = OpenTableSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        match, key = score_tables.do_open_score_table(v["ruleset"], v["options"], v["names"], v["first"], request.user)
        body = {"match": match.pk, "key": key, "url": request.build_absolute_uri(reverse("score-table", args=[key]))}
        body["sheet"] = score_tables.sheet(match)
        return Response(body, status=status.HTTP_201_CREATED)


class ScoreTableDetailView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, 404: ERROR, 429: ERROR},
        summary="A score table's sheet: every deal with its points and running totals, the contracts "
        "each player has left, and what the next entry needs",
    )
    def get(self, request, key):
        return Response(score_tables.sheet(score_tables.door(key, request.user).match))


class ScoreTableActionsView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        request=TableActionSerializer,
        responses={201: OpenApiTypes.OBJECT, 400: ERROR, 403: ERROR, 404: ERROR, 409: ERROR, 422: ERROR},
        summary="Enter a deal, correct one (saying why), withdraw the last entry or finish the game: "
        "checked by the rules engine, appended as events; a refused entry stores nothing, and a "
        "command_id sent again answers as the first time",
    )
    def post(self, request, key):
        door = score_tables.door(key, request.user)
        data = TableActionSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        result = score_tables.do_table_action(
            door, actor_of(request), v["action"], v["expected_version"], v["command_id"]
        )
        door.match.refresh_from_db()
        return Response({**result, "sheet": score_tables.sheet(door.match)}, status=status.HTTP_201_CREATED)


class ScoreTablePreviewView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        request=TablePreviewSerializer,
        responses={200: OpenApiTypes.OBJECT, 400: ERROR, 404: ERROR, 422: ERROR},
        summary="The points an entry would give each player, without entering it, or the refusal",
    )
    def post(self, request, key):
        door = score_tables.door(key, request.user)
        data = TablePreviewSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return Response({"scores": score_tables.preview(door, data.validated_data["action"])})
