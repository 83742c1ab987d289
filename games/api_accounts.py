"""The caller's own API tokens: list them, revoke one (games/tokens.py)."""

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from games.errors import ServiceError

from . import tokens
from .errors import ERROR
from .models import ApiToken

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
