"""``GET /api/v1/verifier/``: the single-file verifier, ``verify_export.pyz`` (docs/events.md,
"Verifying an export"), for anyone, signed in or not.

The bytes are ``games.record.verifier_build.build()``'s, the ones ``make verifier`` writes from the same
sources; the ``ETag`` is their SHA-256, which the audit page shows beside the download link.
"""

import functools

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import permissions
from rest_framework.views import APIView

from games.record import verifier_build


@functools.cache
def verifier():
    """(bytes, sha256) of the verifier, built once per process from the sources it runs."""
    data = verifier_build.build()
    return data, verifier_build.sha256(data)


class VerifierView(APIView):
    authentication_classes = []  # the same file for everyone: no credentials read, none refused
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="verifier_download",
        responses={(200, "application/zip"): OpenApiTypes.BINARY},
        summary="The export verifier with the rules engine in one file (verify_export.pyz): "
        "run python3 verify_export.pyz EXPORT.jsonl with nothing but Python's standard library",
    )
    def get(self, request):
        data, digest = verifier()
        response = HttpResponse(data, content_type="application/zip")
        response["Content-Disposition"] = f'attachment; filename="{verifier_build.NAME}"'
        response["ETag"] = f'"{digest}"'
        return response
