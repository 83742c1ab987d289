"""The accounts API (docs/api.md, "Endpoints"; its limits: "Rate limits"): signing up, logging in for an API
token, the caller's tokens (list, revoke) and the caller's live games.

Usernames are compared after NFKC and case folding and refused when confusable with an existing
one (games/accounts/usernames.py); sign-up and log-in attempts are rate-limited per address and
per name (games/accounts/throttles.py); tokens are stored hashed (games/accounts/tokens.py).
"""

from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError as DjangoValidationError
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import exceptions, permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from games.accounts import live_games, throttles, tokens, users
from games.errors import ERROR, ServiceError
from games.models import ApiToken

User = get_user_model()


# ------------------------------------------------------------------ signing up, logging in
class CredentialsSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=128, write_only=True, trim_whitespace=False)


TOKEN = inline_serializer(
    "Token",
    {"username": serializers.CharField(), "token": serializers.CharField(), "expires_at": serializers.DateTimeField()},
)


def token_response(user):
    key, token = tokens.do_issue_token(user)
    return Response(
        {"username": user.username, "token": key, "expires_at": tokens.expires_at(token).isoformat()},
        status=status.HTTP_201_CREATED,
    )


class SignUpView(APIView):
    """Usernames are compared after NFKC and case folding, and refused when confusable with an
    existing one (games/accounts/usernames.py); attempts are rate-limited per address and per name."""

    permission_classes = [permissions.AllowAny]
    authentication_classes = []

    @extend_schema(
        request=CredentialsSerializer,
        responses={201: TOKEN, 400: ERROR, 409: ERROR, 429: ERROR},
        summary="Create an account; the response holds an API token (shown once)",
    )
    def post(self, request):
        data = CredentialsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        username, password = data.validated_data["username"], data.validated_data["password"]
        tally = throttles.do_count_signup(request, username)
        if not tally.allowed:
            raise throttles.TooManyAttempts(tally.retry_after)
        try:
            username = users.check_username_valid(username)
        except DjangoValidationError as e:
            raise exceptions.ValidationError({"username": list(e.messages)}) from e
        try:
            validate_password(password, User(username=username))
        except DjangoValidationError as e:
            raise exceptions.ValidationError({"password": list(e.messages)}) from e
        try:
            user = users.do_create_account(username, password)
        except users.UsernameTaken as e:
            raise ServiceError("username_taken", problem=e.msgid, reason=e.reason, **e.params) from e
        return token_response(user)


class TokenView(APIView):
    """Failed attempts are rate-limited per address and per account (games/accounts/throttles.py); the
    name may be spelled in any case or Unicode form (games/accounts/users.py)."""

    permission_classes = [permissions.AllowAny]
    authentication_classes = []

    @extend_schema(
        request=CredentialsSerializer,
        responses={201: TOKEN, 400: ERROR, 401: ERROR, 429: ERROR},
        summary="Log in with a username and password and get a new API token",
    )
    def post(self, request):
        data = CredentialsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        username, password = data.validated_data["username"], data.validated_data["password"]
        tally = throttles.do_count_login(request, username)
        if not tally.allowed:
            raise throttles.TooManyAttempts(tally.retry_after)
        user = authenticate(request, username=username, password=password)
        if user is None:
            raise ServiceError("invalid_credentials")
        throttles.do_refund(tally)  # only failed attempts count towards the limit
        return token_response(user)


# ------------------------------------------------------------------ the caller's tokens
TOKEN_ROWS = inline_serializer(
    "ApiTokenRow",
    many=True,
    fields={
        "id": serializers.IntegerField(),
        "prefix": serializers.CharField(help_text="the token's first characters, to tell it apart"),
        "created_at": serializers.DateTimeField(),
        "last_used_at": serializers.DateTimeField(allow_null=True, help_text="to the minute"),
        "expires_at": serializers.DateTimeField(),
        "expired": serializers.BooleanField(),
        "current": serializers.BooleanField(help_text="the token this request was made with"),
    },
)


def current_token(request):
    return request.auth if isinstance(request.auth, ApiToken) else None


class TokenListView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="auth_tokens_list",
        responses={200: TOKEN_ROWS, 401: ERROR, 429: ERROR},
        summary="Your API tokens, newest first (never the tokens themselves)",
    )
    def get(self, request):
        mine = ApiToken.objects.filter(user=request.user).order_by("-created_at", "-pk")
        return Response([tokens.token_summary(t, current_token(request)) for t in mine])


class TokenDetailView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="auth_tokens_destroy",
        responses={204: None, 401: ERROR, 404: ERROR, 429: ERROR},
        summary="Revoke one of your API tokens (it stops working at once)",
    )
    def delete(self, request, pk):
        # Someone else's token is a 404, as one that does not exist: its id tells nothing.
        deleted, _kinds = ApiToken.objects.filter(pk=pk, user=request.user).delete()
        if not deleted:
            raise ServiceError("not_found", problem=_("you have no token %(token)s"), token=pk)
        return Response(status=status.HTTP_204_NO_CONTENT)


# ------------------------------------------------------------------ the caller's live games
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
