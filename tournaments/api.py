"""REST API of tournaments (docs/architecture.md §3.7): thin views over tournaments.service."""

from django.contrib.auth import get_user_model
from django.http import HttpResponse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import permissions, serializers, status
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from bots.models import Bot
from bots.strategies import NAMES as STRATEGY_NAMES
from games.api import RulesetField
from games.engine import RULESETS
from games.errors import ERROR, ServiceError
from games.offer import offered_rulesets

from . import projection, read
from . import standings as folds
from .models import Entrant, Tournament
from .service import creation, entries, results, rounds, rulings, stream, tables_with_cards

User = get_user_model()


class TournamentCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    ruleset = RulesetField()
    options = serializers.DictField(required=False, default=dict, help_text="engine flags by name (docs/rules.md)")
    format = serializers.ChoiceField(choices=Tournament.Format.choices)
    rounds = serializers.IntegerField(min_value=1, max_value=50)
    boards = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        allow_null=True,
        default=None,
        help_text="a fixed set of boards instead of full games",
    )
    table_points = serializers.ChoiceField(choices=Tournament.TablePoints.choices, default="place")
    tie_breaks = serializers.ListField(
        child=serializers.ChoiceField(choices=creation.TIE_BREAKS), required=False, default=None
    )
    fill = serializers.ChoiceField(choices=Tournament.Fill.choices, default="house_bots")
    # Its range (0.1 s to settings.BOT_TURN_TIMEOUT_MAX_SECONDS) is the service's to check.
    bot_turn_timeout = serializers.FloatField(
        default=2.0,
        help_text="seconds per bot turn, from 0.1 to the site's maximum (BOT_TURN_TIMEOUT_MAX_SECONDS, 10 by default)",
    )
    # People's clocks (issue 19): the service checks the ranges (tournaments.service.creation.check_person_clock).
    person_move_seconds = serializers.FloatField(
        required=False,
        allow_null=True,
        default=None,
        help_text="seconds a person has per move (null: the site's casual default; 0 with a bank: the bank alone)",
    )
    person_bank_seconds = serializers.FloatField(
        default=0.0, help_text="extra seconds per person and match, drawn on once a move's time is up"
    )
    person_strike_limit = serializers.IntegerField(
        default=3, help_text="timeouts (the first legal action played for them) before a house bot takes the seat"
    )
    rated = serializers.BooleanField(default=True)
    autopilot = serializers.BooleanField(
        default=False,
        help_text="after the first round, close each round when its last table finishes and start the next",
    )
    # A club's event (docs/clubs.md): only an organiser of the club may hold one for it.
    club = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=1, max_value=2**63 - 1, help_text="a club's id"
    )
    starts_at = serializers.DateTimeField(required=False, allow_null=True, default=None, help_text="when it starts")
    venue = serializers.CharField(required=False, allow_blank=True, default="", max_length=120)


def tournament_summary(t):
    return {
        "id": t.pk,
        "name": t.name,
        "ruleset": t.ruleset,
        "format": t.format,
        "rounds": t.rounds,
        "current_round": t.current_round,
        "status": t.status,
        "options": t.options,
        "table_points": t.table_points,
        "tie_breaks": t.tie_breaks,
        "fill": t.fill,
        "rated": t.rated,
        "bot_turn_timeout": t.bot_turn_timeout,
        "person_move_seconds": t.person_move_seconds,
        "person_bank_seconds": t.person_bank_seconds,
        "person_strike_limit": t.person_strike_limit,
        "autopilot": t.autopilot,
        "organiser": t.organiser.username,
        "club": t.club_id,
        "starts_at": t.starts_at.isoformat() if t.starts_at else None,
        "venue": t.venue,
        "seed_sha256": t.seed_sha256,
        # revealed when the tournament ends, so that anyone can re-derive every deal
        "seed": t.seed if t.status == Tournament.Status.FINISHED else None,
        "version": t.version,
        "head_hash": t.head_hash,
        "root_hash": read.root_hash(t),
    }


def get_tournament(pk):
    t = Tournament.objects.select_related("organiser").filter(pk=pk).first()
    if t is None:
        raise ServiceError("not_found", problem=_("no tournament %(tournament)s"), tournament=pk)
    return t


TOURNAMENT = inline_serializer(
    "Tournament", {"id": serializers.IntegerField(), "name": serializers.CharField(), "status": serializers.CharField()}
)


class TournamentListView(APIView):
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(
        operation_id="tournaments_list",
        summary="Tournaments, newest first",
        responses={200: inline_serializer("TournamentList", {"id": serializers.IntegerField()}, many=True)},
    )
    def get(self, request):
        return Response(
            [tournament_summary(t) for t in Tournament.objects.select_related("organiser").order_by("-pk")[:100]]
        )

    @extend_schema(
        request=TournamentCreateSerializer,
        # 403 club_organiser_only, 404: a club's event (docs/clubs.md)
        responses={201: TOURNAMENT, 400: ERROR, 403: ERROR, 404: ERROR},
        summary="Create a tournament; you are its organiser",
    )
    def post(self, request):
        data = TournamentCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        t = creation.do_create_tournament(request.user, **data.validated_data)
        return Response(tournament_summary(t), status=status.HTTP_201_CREATED)


class TournamentDetailView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        responses={200: TOURNAMENT, 404: ERROR},
        summary="A tournament, with the next round's draw (null until drawn; docs/tournaments.md) "
        "and whether the draw seats only the people who have checked in",
    )
    def get(self, request, pk):
        t = get_tournament(pk)
        upcoming = read.next_round(t)
        draw = None
        if upcoming.draw is not None:
            draw = {key: upcoming.draw[key] for key in ("round", "tables", "byes")}
        return Response(
            tournament_summary(t)
            | {
                "draw": draw,
                "check_in_required": upcoming.check_in_required,
                "tables_with_cards": upcoming.tables_with_cards,
            }
        )


class CheckInView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="tournaments_check_in_required",
        request=inline_serializer("CheckInRequired", {"required": serializers.BooleanField()}),
        responses={200: OpenApiTypes.OBJECT, 400: ERROR, 403: ERROR, 404: ERROR, 409: ERROR},
        summary="Require check-in or not (organiser): while required, the draw seats only the people "
        "who have checked in (bots are always ready); each entrant checks in with "
        'POST entrants/{eid}/ {"action": "check_in"}',
    )
    def post(self, request, pk):
        get_tournament(pk)
        required = request.data.get("required") if isinstance(request.data, dict) else None
        return Response({"check_in_required": entries.do_require_check_in(pk, request.user, required)})


class TablesWithCardsView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, 403: ERROR, 404: ERROR},
        summary="The open round's tables with cards (organiser): each with its players, its code and "
        "the entries that wait for a confirmation or a ruling (docs/tournaments.md, 'Tables with cards')",
    )
    def get(self, request, pk):
        t = get_tournament(pk)
        stream.check_organiser(t, request.user)
        return Response(
            {
                "tables_with_cards": read.next_round(t).tables_with_cards,
                "tables": tables_with_cards.open_card_tables(t, request.user),
                "entries_to_settle": tables_with_cards.entries_to_settle(t, request.user),
            }
        )

    @extend_schema(
        request=inline_serializer("TablesWithCards", {"count": serializers.IntegerField(min_value=0, max_value=500)}),
        responses={200: OpenApiTypes.OBJECT, 400: ERROR, 403: ERROR, 404: ERROR, 409: ERROR},
        summary="How many tables of each round to come play with real cards (organiser): the first tables "
        "of the draw that seat only people",
    )
    def post(self, request, pk):
        get_tournament(pk)
        count = request.data.get("count") if isinstance(request.data, dict) else None
        return Response({"tables_with_cards": tables_with_cards.do_set_tables_with_cards(pk, request.user, count)})


class ReplaceCodeSerializer(serializers.Serializer):
    match = serializers.IntegerField(min_value=1, max_value=2**63 - 1, help_text="a table with cards' match")


class TableCodeView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=ReplaceCodeSerializer,
        responses={200: OpenApiTypes.OBJECT, 400: ERROR, 403: ERROR, 404: ERROR},
        summary="Replace a table with cards' code (organiser): the old code opens nothing from now on",
    )
    def post(self, request, pk):
        get_tournament(pk)
        data = ReplaceCodeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        match = data.validated_data["match"]
        return Response({"match": match, "code": tables_with_cards.do_replace_code(pk, request.user, match)})


class SettleEntrySerializer(serializers.Serializer):
    match = serializers.IntegerField(min_value=1, max_value=2**63 - 1)
    deal = serializers.IntegerField(min_value=1, max_value=1000)
    expected_version = serializers.IntegerField(min_value=0, help_text="the table's version the ruling was made on")
    note = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")


class SettleEntryView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=SettleEntrySerializer,
        responses={200: OpenApiTypes.OBJECT, 400: ERROR, 403: ERROR, 404: ERROR, 409: ERROR},
        summary="Settle a table with cards' entry (organiser): it stands as entered (correct it at the "
        "table first to change it); an entry_settled event in the table's stream",
    )
    def post(self, request, pk):
        get_tournament(pk)
        data = SettleEntrySerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        match = tables_with_cards.do_settle_entry(
            pk, request.user, v["match"], v["deal"], v["note"] or None, v["expected_version"]
        )
        return Response({"match": match.pk, "version": match.version, "deal": v["deal"]})


class EntrantSerializer(serializers.Serializer):
    user = serializers.CharField(required=False, max_length=150, help_text="a username")
    bot = serializers.CharField(required=False, max_length=60, help_text="a bot's name")
    house = serializers.BooleanField(default=False, help_text="a house bot: fills a table, never ranked")

    def validate(self, data):
        if ("user" in data) == ("bot" in data):
            raise serializers.ValidationError(_("give either 'user' or 'bot'"))
        return data


ENTRANT_ACTIONS = ["accept", "decline", "check_in", "withdraw"]


def entrant_row(e):
    return {
        "id": e.pk,
        "name": e.name,
        "kind": e.kind,
        "ranked": e.ranked,
        "status": e.status,
        "joined_round": e.joined_round,
    }


class EntrantListView(APIView):
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(
        operation_id="tournaments_entrants_list",
        responses={200: list[dict], 404: ERROR},
        summary="The tournament's entrants",
    )
    def get(self, request, pk):
        t = get_tournament(pk)
        return Response([entrant_row(e) for e in t.entrants.order_by("pk")])

    @extend_schema(
        request=EntrantSerializer,
        responses={201: OpenApiTypes.OBJECT, 400: ERROR, 403: ERROR, 404: ERROR, 409: ERROR},
        summary="Register a person (yourself, or anyone as organiser) or a bot (organiser); someone "
        "else's person or bot is 'invited' and counts once its owner accepts",
    )
    def post(self, request, pk):
        data = EntrantSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        get_tournament(pk)
        user = bot = None
        if "user" in data.validated_data:
            user = User.objects.filter(username=data.validated_data["user"]).first()
            if user is None:
                raise ServiceError("unknown_user", user=data.validated_data["user"])
        else:
            bot = Bot.objects.filter(name=data.validated_data["bot"]).first()
            if bot is None:
                raise ServiceError("unknown_bot", bot=data.validated_data["bot"])
        entrant = entries.do_register(pk, request.user, user=user, bot=bot, house=data.validated_data["house"])
        return Response(entrant_row(entrant), status=status.HTTP_201_CREATED)


class HouseBotsSerializer(serializers.Serializer):
    count = serializers.IntegerField(
        min_value=1,
        max_value=entries.HOUSE_BOTS_AT_ONCE,
        help_text="how many house bots to enter, each a bot of its own",
    )
    strength = serializers.ChoiceField(
        choices=list(STRATEGY_NAMES),
        required=False,
        default=None,
        allow_null=True,
        help_text="their strategy; by default the one the house plays a taken-over seat with",
    )


class HouseBotsView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="tournaments_house_bots_add",
        request=HouseBotsSerializer,
        responses={201: list[dict], 400: ERROR, 403: ERROR, 404: ERROR, 409: ERROR},
        summary="Enter several house bots at once (organiser, before round 1): each a bot of its own "
        "(house-heuristic, house-heuristic-2, ...), registered and ranked; all or none",
    )
    def post(self, request, pk):
        get_tournament(pk)
        data = HouseBotsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        added = entries.do_enter_house_bots(pk, request.user, v["count"], v["strength"])
        return Response([entrant_row(e) for e in added], status=status.HTTP_201_CREATED)


class EntrantDetailView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="tournaments_entrants_change",
        request=inline_serializer("EntrantChange", {"action": serializers.ChoiceField(choices=ENTRANT_ACTIONS)}),
        responses={200: OpenApiTypes.OBJECT, 400: ERROR, 403: ERROR, 404: ERROR, 409: ERROR},
        summary="Accept or decline an invitation (its owner only), check an entrant in or withdraw it (its "
        "owner or the organiser)",
    )
    def post(self, request, pk, entrant_id):
        if not Entrant.objects.filter(pk=entrant_id, tournament_id=pk).exists():
            raise ServiceError(
                "not_found",
                problem=_("no entrant %(entrant)s in tournament %(tournament)s"),
                entrant=entrant_id,
                tournament=pk,
            )
        action = request.data.get("action") if isinstance(request.data, dict) else None
        if action in ("accept", "decline"):
            entrant = entries.do_answer_invitation(entrant_id, request.user, accept=action == "accept")
        elif action == "check_in":
            entrant = entries.do_check_in(entrant_id, request.user)
        elif action == "withdraw":
            entrant = entries.do_withdraw(entrant_id, request.user)
        else:
            raise ServiceError(
                "invalid_input", problem=_("'action' is one of %(allowed)s"), allowed=", ".join(ENTRANT_ACTIONS)
            )
        return Response(entrant_row(entrant))


def invitation_row(e):
    t = e.tournament
    return {
        "entrant": e.pk,
        "name": e.name,
        "kind": e.kind,
        "bot": e.bot.name if e.bot_id else None,
        "tournament": {
            "id": t.pk,
            "name": t.name,
            "ruleset": t.ruleset,
            "format": t.format,
            "rounds": t.rounds,
            "status": t.status,
            "organiser": t.organiser.username,
        },
        "answer": f"/api/v1/tournaments/{t.pk}/entrants/{e.pk}/",
    }


class InvitationListView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="invitations_list",
        responses={200: list[dict], 403: ERROR},
        summary="Your pending invitations (for you or a bot of yours): answer each with "
        'POST {answer} {"action": "accept" | "decline"}',
    )
    def get(self, request):
        return Response([invitation_row(e) for e in entries.invitations_of(request.user)[:200]])


class StandingsView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "export",
                str,
                enum=["csv", "json"],
                description="csv: a CSV sheet; json: this JSON as a file; either "
                "downloads as tournament-{id}-standings.csv/.json",
            )
        ],
        responses={200: OpenApiTypes.OBJECT, (200, "text/csv"): OpenApiTypes.STR, 404: ERROR},
        summary="Standings (from events), with the root hash to check a printed sheet against",
    )
    def get(self, request, pk):
        t = get_tournament(pk)
        value = projection.current_standings(t)
        export = request.query_params.get("export")
        if export == "csv":
            root_hash = read.root_hash(t)
            text = folds.standings_csv(folds.ranking(value), root_hash=root_hash)
            response = HttpResponse(text, content_type="text/csv; charset=utf-8")
            response["X-Root-Hash"] = root_hash  # also the sheet's last column, the same on every row
            return attachment(response, f"tournament-{t.pk}-standings.csv")
        data = {
            "tournament": t.pk,
            "version": t.version,
            "root_hash": read.root_hash(t),
            "standings": read.standings_rows(t),
        }
        if export == "json":  # the same JSON as a file, whatever the browser's Accept header asks for
            response = HttpResponse(JSONRenderer().render(data), content_type="application/json")
            return attachment(response, f"tournament-{t.pk}-standings.json")
        return Response(data)


def attachment(response, filename):
    """The response as a download named ``filename`` (a browser would otherwise call it download.csv)."""
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


class ResultsView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="tournaments_results",
        responses={200: OpenApiTypes.OBJECT, 404: ERROR},
        summary="Full results as JSON: settings, entrants, every round's tables with reported and "
        "adjusted scores and table points, and the standings, folded from the event log",
    )
    def get(self, request, pk):
        from games.record import eventlog

        t = get_tournament(pk)
        rows = eventlog.stream_events(t.stream)
        results = folds.results_json(eventlog.as_engine_event(r) for r in rows)
        response = Response(
            {
                "id": t.pk,
                "name": t.name,
                "status": t.status,
                "version": rows[-1].version if rows else 0,
                "root_hash": read.root_hash(t, (rows[-1].version, rows[-1].hash) if rows else None),
                "seed_sha256": t.seed_sha256,
                "seed": t.seed if t.status == Tournament.Status.FINISHED else None,
            }
            | results
        )
        if request.accepted_renderer.format == "json":  # shown in place; saved under a name that says what it is
            response["Content-Disposition"] = f'inline; filename="tournament-{t.pk}-results.json"'
        return response


class RoundsView(APIView):
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(
        operation_id="tournaments_rounds_list",
        responses={200: list[dict], 404: ERROR},
        summary="The rounds: each table's match, board and entrants in seat order, and byes",
    )
    def get(self, request, pk):
        return Response(read.rounds(get_tournament(pk)))

    @extend_schema(
        request=inline_serializer(
            "RoundAction", {"action": serializers.ChoiceField(choices=["draw", "start", "close"])}
        ),
        responses={201: OpenApiTypes.OBJECT, 400: ERROR, 403: ERROR, 404: ERROR, 409: ERROR},
        summary="Draw the next round (again, to replace its draw) without starting it, start it (from "
        "its draw, or drawing it at once), or close the current one (organiser)",
    )
    def post(self, request, pk):
        get_tournament(pk)
        action = request.data.get("action") if isinstance(request.data, dict) else None
        if action == "draw":
            drawn = rounds.do_draw_round(pk, request.user)
            return Response(
                {"draw": {key: drawn[key] for key in ("round", "tables", "byes")}}, status=status.HTTP_201_CREATED
            )
        if action == "start":
            return Response({"tables": rounds.do_start_round(pk, request.user)}, status=status.HTTP_201_CREATED)
        if action == "close":
            return Response({"events": results.do_close_round(pk, request.user)}, status=status.HTTP_201_CREATED)
        raise ServiceError("invalid_input", problem=_("'action' is 'draw', 'start' or 'close'"))


class DealsVerifyView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="tournaments_deals_verify",
        responses={200: OpenApiTypes.OBJECT, 404: ERROR, 409: ERROR},
        summary="Once the tournament is over: re-derive every deal from the revealed seed",
    )
    def get(self, request, pk):
        from .fairness import check_deals

        t = get_tournament(pk)
        if t.status != Tournament.Status.FINISHED:
            raise ServiceError("seed_secret")
        rows = check_deals(t)
        return Response(
            {
                "tournament": t.pk,
                "seed": t.seed,
                "seed_sha256": t.seed_sha256,
                "ok": all(r["ok"] for r in rows),
                "matches": rows,
            }
        )


# The table sizes of the games a tournament may play: a bound on a ruling's per-seat lists
# before the service checks them against the seats of the match ruled on.
MOST_SEATS = max(ruleset.seats.stop - 1 for ruleset in offered_rulesets())
FEWEST_SEATS = min(ruleset.seats.start for ruleset in offered_rulesets())


class RulingSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=rulings.RULING_KINDS)
    match = serializers.IntegerField(min_value=1, max_value=2**63 - 1)
    reason = serializers.CharField(max_length=500)
    method = serializers.ChoiceField(
        choices=rulings.ADJUSTMENTS,
        required=False,
        help_text="adjust_score: artificial or split (deltas), assigned (scores), weighted (outcomes)",
    )
    deltas = serializers.ListField(
        child=serializers.FloatField(),
        required=False,
        min_length=FEWEST_SEATS,
        max_length=MOST_SEATS,
        help_text="one number per seat of the match",
    )
    scores = serializers.ListField(
        child=serializers.FloatField(),
        required=False,
        min_length=FEWEST_SEATS,
        max_length=MOST_SEATS,
        help_text="one number per seat of the match",
    )
    outcomes = serializers.ListField(child=serializers.DictField(), required=False, max_length=10)
    offence = serializers.ChoiceField(choices=rulings.OFFENCES, required=False, help_text="penalty")
    seat = serializers.IntegerField(
        min_value=0, max_value=MOST_SEATS - 1, required=False, help_text="penalty: the seat, from 0"
    )
    points = serializers.FloatField(
        min_value=0.01,
        max_value=100000,
        required=False,
        help_text="penalty: game points against the seat (added where the lowest score wins)",
    )


class RulingsView(APIView):
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(
        operation_id="tournaments_rulings_list",
        responses={200: list[dict], 404: ERROR},
        summary="The arbiters' rulings, as recorded in the tournament's stream",
    )
    def get(self, request, pk):
        from games.record import eventlog

        t = get_tournament(pk)
        return Response(
            [
                {"version": r.version, "recorded_at": r.recorded_at.isoformat(), **r.payload}
                for r in eventlog.stream_events(t.stream)
                if r.type == "ruling"
            ]
        )

    @extend_schema(
        request=RulingSerializer,
        responses={201: OpenApiTypes.OBJECT, 400: ERROR, 403: ERROR, 404: ERROR, 409: ERROR},
        summary="Record a ruling (organiser or staff): an adjusted score, an annulment, a replay or a penalty",
    )
    def post(self, request, pk):
        get_tournament(pk)
        data = RulingSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        event = rulings.do_record_ruling(
            pk, request.user, fields.pop("kind"), fields.pop("match"), fields.pop("reason"), **fields
        )
        return Response(event, status=status.HTTP_201_CREATED)


class TournamentExportView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="tournaments_export",
        responses={(200, "application/x-ndjson"): OpenApiTypes.STR, 404: ERROR, 409: ERROR},
        summary="Once the tournament is over: its stream and every match's as JSON Lines "
        "(kingrifki-log/2) with the seed and root hash; check with tools/verify_export.py",
    )
    def get(self, request, pk):
        from games.api import jsonl_download

        from .export import tournament_export_lines

        t = get_tournament(pk)
        if t.status != Tournament.Status.FINISHED:
            raise ServiceError("not_finished")
        return jsonl_download(tournament_export_lines(t), f"tournament-{t.pk}-log.jsonl")


class TournamentVerifyView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="tournaments_verify",
        responses={200: OpenApiTypes.OBJECT, 404: ERROR},
        summary="Check every stream of the tournament: chains, seeds and derived deals, every match "
        "replayed, results against the replays, standings against a rebuild; with the root hash",
    )
    def get(self, request, pk):
        from .audit import verify_tournament

        return Response(verify_tournament(get_tournament(pk)))


class LeaderboardView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[OpenApiParameter("bots_apart", bool, description="rank people and bots separately")],
        responses={200: OpenApiTypes.OBJECT, 404: ERROR},
        summary="OpenSkill ratings of a ruleset over finished rated tournaments",
    )
    def get(self, request, ruleset):
        from .leaderboards import leaderboard

        if ruleset not in RULESETS:
            raise ServiceError("not_found", problem=_("no ruleset “%(ruleset)s”"), ruleset=ruleset)
        rows = leaderboard(ruleset, bots_apart=request.query_params.get("bots_apart") in ("1", "true"))
        return Response(
            {
                "ruleset": ruleset,
                "rows": [
                    {"rank": r.rank, "name": r.name, "kind": r.kind, "mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal}
                    for r in rows
                ],
            }
        )
