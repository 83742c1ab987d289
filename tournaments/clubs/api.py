"""REST API of clubs and seasons (issue 34, docs/clubs.md): thin views over
tournaments.clubs.service (changes) and tournaments.clubs.read (what is shown).

A club, its members, events, seasons and ratings are public, as tournaments are; your clubs,
the invitation links (an organiser's) and every change need an account. Joining through a link
is rate-limited per caller (the ``club_joins`` scope, games/accounts/throttles.py). Errors are
the API's one JSON body, through games.ServiceError.
"""

from django.http import HttpResponse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import permissions, serializers, status
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from games.errors import ERROR, ServiceError

from ..api import attachment
from ..models import ClubMember, Season
from . import read, service
from . import season as season_fold


def club_summary(club, user=None):
    member = service.membership(club, user)
    return {
        "id": club.pk,
        "name": club.name,
        "created_by": club.created_by.username,
        "created_at": club.created_at.isoformat(),
        "members": club.members.count(),
        "your_role": member.role if member is not None else None,
    }


def member_row(member):
    return {
        "user": member.user_id,
        "username": member.user.username,
        "role": member.role,
        "joined_at": member.joined_at.isoformat(),
    }


def event_json(row):
    return {
        "id": row["id"],
        "name": row["name"],
        "ruleset": row["tournament"].ruleset,
        "status": row["status"],
        "starts_at": row["starts_at"].isoformat() if row["starts_at"] else None,
        "venue": row["venue"],
    }


def season_summary(season):
    return {
        "id": season.pk,
        "club": season.club_id,
        "name": season.name,
        "scoring": season.scoring,
        "best_n": season.best_n,
        "tie_breaks": season.tie_breaks,
        "events": list(season.events.order_by("position").values_list("tournament_id", flat=True)),
    }


def rating_json(row):
    return {
        "rank": row["row"].rank,
        "key": row["row"].key,
        "name": row["row"].name,
        "kind": row["row"].kind,
        "member": row["member"],
        "mu": row["row"].mu,
        "sigma": row["row"].sigma,
        "ordinal": row["row"].ordinal,
        "games": row["games"],
    }


CLUB = inline_serializer("Club", {"id": serializers.IntegerField(), "name": serializers.CharField()})


class ClubListView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="clubs_list",
        responses={200: list[dict], 401: ERROR},
        summary="Your clubs (those you belong to), by name",
    )
    def get(self, request):
        clubs = service.clubs_of(request.user).select_related("created_by")[:200]
        return Response([club_summary(c, request.user) for c in clubs])

    @extend_schema(
        operation_id="clubs_create",
        request=inline_serializer("ClubCreate", {"name": serializers.CharField(max_length=200)}),
        responses={201: CLUB, 400: ERROR, 401: ERROR, 429: ERROR},
        summary="Create a club; you are its first organiser (at most 10 clubs an account)",
    )
    def post(self, request):
        name = request.data.get("name") if isinstance(request.data, dict) else None
        club = service.do_create_club(request.user, name)
        return Response(club_summary(club, request.user), status=status.HTTP_201_CREATED)


class ClubDetailView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="clubs_detail",
        responses={200: OpenApiTypes.OBJECT, 404: ERROR},
        summary="A club: its members and their roles, its events (coming and past, with date, time and venue) "
        "and its seasons",
    )
    def get(self, request, pk):
        club = service.get_club(pk)
        coming, past = read.events_of(club)
        return Response(
            club_summary(club, request.user)
            | {
                "member_list": [member_row(m) for m in read.members_of(club)],
                "events": {"coming": [event_json(e) for e in coming], "past": [event_json(e) for e in past]},
                "seasons": [season_summary(s) for s in club.seasons.order_by("pk")],
            }
        )


class InvitationListView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="clubs_invitations_list",
        responses={200: list[dict], 401: ERROR, 403: ERROR, 404: ERROR},
        summary="The club's invitation links (organisers): when made, by whom, expiry, revoked, uses; never the "
        "link itself, which is shown once",
    )
    def get(self, request, pk):
        club = service.get_club(pk)
        service.check_organiser(club, request.user)
        invitations = club.invitations.select_related("created_by").order_by("-pk")[:200]
        return Response([read.invitation_row(i) for i in invitations])

    @extend_schema(
        operation_id="clubs_invitations_create",
        request=inline_serializer(
            "InvitationCreate",
            {
                "expires_in_days": serializers.IntegerField(
                    required=False, allow_null=True, help_text="1 to 365; null or absent: until revoked"
                )
            },
        ),
        responses={201: OpenApiTypes.OBJECT, 400: ERROR, 401: ERROR, 403: ERROR, 404: ERROR, 429: ERROR},
        summary="Make an invitation link (organisers): its token and join URL are in this answer only",
    )
    def post(self, request, pk):
        days = request.data.get("expires_in_days") if isinstance(request.data, dict) else None
        invitation, token = service.do_create_invitation(pk, request.user, days)
        join = request.build_absolute_uri(f"/clubs/join/{token}/")
        return Response(
            read.invitation_row(invitation) | {"token": token, "join_url": join}, status=status.HTTP_201_CREATED
        )


class InvitationDetailView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="clubs_invitations_revoke",
        responses={204: None, 401: ERROR, 403: ERROR, 404: ERROR},
        summary="Revoke an invitation link (organisers); it stops working at once",
    )
    def delete(self, request, pk, invitation_id):
        service.do_revoke_invitation(pk, request.user, invitation_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class JoinView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="clubs_join",
        request=inline_serializer("ClubJoin", {"token": serializers.CharField(max_length=200)}),
        responses={201: OpenApiTypes.OBJECT, 401: ERROR, 404: ERROR, 409: ERROR, 410: ERROR, 429: ERROR},
        summary="Join a club through an invitation link's token (rate-limited: club_joins)",
    )
    def post(self, request):
        token = request.data.get("token") if isinstance(request.data, dict) else None
        member = service.do_join(request.user, token)
        return Response(
            {"club": club_summary(member.club, request.user), "member": member_row(member)},
            status=status.HTTP_201_CREATED,
        )


class MemberListView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="clubs_members_list",
        responses={200: list[dict], 404: ERROR},
        summary="The club's members, organisers first",
    )
    def get(self, request, pk):
        return Response([member_row(m) for m in read.members_of(service.get_club(pk))])


class MemberDetailView(APIView):
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(
        operation_id="clubs_members_detail",
        responses={200: OpenApiTypes.OBJECT, 404: ERROR},
        summary="A member, with their rating history in the club: per game, the rating after each rated match",
    )
    def get(self, request, pk, user_id):
        club = service.get_club(pk)
        member = service.member_of(club, user_id)
        games = read.history_of(club, f"user:{user_id}")
        return Response(
            member_row(member)
            | {
                "ratings": [
                    {
                        "ruleset": g["ruleset"],
                        "mu": g["rating"].mu,
                        "sigma": g["rating"].sigma,
                        "ordinal": g["rating"].ordinal,
                        "games": g["games"],
                        "history": [
                            {"games": p.games, "match": p.match, "tournament": p.event, "mu": p.mu, "sigma": p.sigma}
                            for p in g["points"]
                        ],
                    }
                    for g in games
                ]
            }
        )

    @extend_schema(
        operation_id="clubs_members_change",
        request=inline_serializer("MemberChange", {"role": serializers.ChoiceField(choices=ClubMember.Role.values)}),
        responses={200: OpenApiTypes.OBJECT, 400: ERROR, 401: ERROR, 403: ERROR, 404: ERROR, 409: ERROR},
        summary="Make a member an organiser, or an organiser a member (organisers; a club keeps one organiser)",
    )
    def patch(self, request, pk, user_id):
        role = request.data.get("role") if isinstance(request.data, dict) else None
        member = service.do_set_role(pk, request.user, user_id, role)
        return Response(member_row(member))

    @extend_schema(
        operation_id="clubs_members_remove",
        responses={204: None, 401: ERROR, 403: ERROR, 404: ERROR, 409: ERROR},
        summary="Leave the club (your own id), or remove a member (organisers); a club keeps one organiser",
    )
    def delete(self, request, pk, user_id):
        service.do_remove_member(pk, request.user, user_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class SeasonListView(APIView):
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(
        operation_id="clubs_seasons_list",
        responses={200: list[dict], 404: ERROR},
        summary="The club's seasons",
    )
    def get(self, request, pk):
        club = service.get_club(pk)
        return Response([season_summary(s) for s in club.seasons.order_by("pk")])

    @extend_schema(
        operation_id="clubs_seasons_create",
        request=inline_serializer(
            "SeasonCreate",
            {
                "name": serializers.CharField(max_length=200),
                "scoring": serializers.ChoiceField(choices=Season.Scoring.values, default="sum"),
                "best_n": serializers.IntegerField(
                    required=False, allow_null=True, help_text="with scoring 'best': the events that count, 1 to 100"
                ),
                "tie_breaks": serializers.ListField(
                    child=serializers.ChoiceField(choices=season_fold.TIE_BREAKS),
                    required=False,
                    help_text="as a tournament's, in order; default game_score, opponents_points",
                ),
            },
        ),
        responses={201: OpenApiTypes.OBJECT, 400: ERROR, 401: ERROR, 403: ERROR, 404: ERROR},
        summary="Create a season (organisers): the sum of its events' points, or the best N",
    )
    def post(self, request, pk):
        data = request.data if isinstance(request.data, dict) else {}
        season = service.do_create_season(
            pk,
            request.user,
            data.get("name"),
            data.get("scoring", "sum"),
            data.get("best_n"),
            data.get("tie_breaks"),
        )
        return Response(season_summary(season), status=status.HTTP_201_CREATED)


class ClubRatingsView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="clubs_ratings",
        responses={200: OpenApiTypes.OBJECT, 404: ERROR},
        summary="OpenSkill ratings over the club's finished, rated events, one table per game: people, then bots",
    )
    def get(self, request, pk):
        club = service.get_club(pk)
        return Response(
            {
                "club": club.pk,
                "games": [
                    {"ruleset": t["ruleset"], "rows": [rating_json(r) for r in t["rows"]]}
                    for t in read.ratings_tables(club)
                ],
            }
        )


def get_season(pk):
    return service.get_season(pk)


def season_detail(season):
    standing = read.season_standings(season)
    return season_summary(season) | {
        "counted_events": [{"id": t.pk, "name": t.name} for t in standing["events"]],
        "waiting_events": [{"id": t.pk, "name": t.name, "status": t.status} for t in standing["waiting"]],
        "root_hash": standing["root_hash"],
        "standings": [read.row_json(row, standing["events"]) for row in standing["rows"]],
    }


class SeasonDetailView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="seasons_detail",
        responses={200: OpenApiTypes.OBJECT, 404: ERROR},
        summary="A season with its standings, folded from its finished events' standings",
    )
    def get(self, request, pk):
        return Response(season_detail(get_season(pk)))


class SeasonEventsView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="seasons_events_add",
        request=inline_serializer(
            "SeasonEventAdd", {"tournament": serializers.IntegerField(help_text="one of the club's tournaments")}
        ),
        responses={201: OpenApiTypes.OBJECT, 400: ERROR, 401: ERROR, 403: ERROR, 404: ERROR, 409: ERROR},
        summary="Add one of the club's events to the season (organisers); its events score alike",
    )
    def post(self, request, pk):
        tournament = request.data.get("tournament") if isinstance(request.data, dict) else None
        if type(tournament) is not int or not 1 <= tournament < 2**63:
            raise ServiceError("invalid_input", problem=_("'tournament' is a tournament's id"))
        service.do_add_event(pk, request.user, tournament)
        return Response(season_summary(get_season(pk)), status=status.HTTP_201_CREATED)


class SeasonEventView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="seasons_events_remove",
        responses={204: None, 401: ERROR, 403: ERROR, 404: ERROR},
        summary="Take an event out of the season (organisers)",
    )
    def delete(self, request, pk, tournament_id):
        service.do_remove_event(pk, request.user, tournament_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class SeasonStandingsView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="seasons_standings",
        parameters=[
            OpenApiParameter(
                "export",
                str,
                enum=["csv", "json"],
                description="csv: a CSV sheet; json: this JSON as a file; either downloads as "
                "season-{id}-standings.csv/.json",
            )
        ],
        responses={200: OpenApiTypes.OBJECT, (200, "text/csv"): OpenApiTypes.STR, 404: ERROR},
        summary="The season's standings, with the root hash over every counted event's streams",
    )
    def get(self, request, pk):
        season = get_season(pk)
        export = request.query_params.get("export")
        if export == "csv":
            standing = read.season_standings(season)
            text = season_fold.season_csv(
                standing["rows"], [t.name for t in standing["events"]], root_hash=standing["root_hash"]
            )
            response = HttpResponse(text, content_type="text/csv; charset=utf-8")
            response["X-Root-Hash"] = standing["root_hash"]
            return attachment(response, f"season-{season.pk}-standings.csv")
        data = season_detail(season)
        if export == "json":
            response = HttpResponse(JSONRenderer().render(data), content_type="application/json")
            return attachment(response, f"season-{season.pk}-standings.json")
        return Response(data)
