"""``bench.http``'s routes: the site's, plus a bare DRF endpoint on the same stack (middleware,
token authentication, parsers, renderers) that validates a body shaped as an action's, loads a
stream's last 60 rows and inserts one, in one transaction: the floor an action POST is
measured against. Served only by bench.http's gunicorn (bench.http_site), never by the site."""

from django.db import transaction
from django.urls import path
from django.utils import timezone
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from config.urls import urlpatterns as site_urlpatterns
from games.models import Event

ROWS = 60


class BareSerializer(serializers.Serializer):
    action = serializers.DictField()
    expected_version = serializers.IntegerField(min_value=0)


class BareView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    def post(self, request, pk):
        data = BareSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        stream = f"bench/bare/{pk}"
        with transaction.atomic():
            rows = list(Event.objects.filter(stream=stream).order_by("-version")[:ROWS])
            version = rows[0].version + 1 if rows else 1
            Event.objects.create(
                stream=stream,
                version=version,
                type="bare",
                payload=data.validated_data["action"],
                metadata={"actor": f"user:{request.user.pk}"},
                recorded_at=timezone.now(),
                prev_hash=rows[0].hash if rows else "0" * 64,
                hash=f"{version:064x}",
            )
        return Response({"version": version, "rows": len(rows)}, status=status.HTTP_201_CREATED)


urlpatterns = [path("api/v1/bench/bare/<int:pk>/", BareView.as_view(), name="bench-bare"), *site_urlpatterns]
