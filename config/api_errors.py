"""Every response under /api/ that is an error is JSON: ``{"error": {"code", "message"}}``.

DRF's views already answer so (games.errors.error_handler). This middleware covers what happens
outside them: a path no view matches (an unknown endpoint, an id of 0, -1 or 10^30, a
missing trailing slash), a body too large for Django, a method a non-DRF view refuses, and
an unexpected exception anywhere (500, logged, no traceback in the answer). The site's HTML
pages keep Django's HTML error pages.
"""

import logging

from django.core import signals
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent
from django.http import JsonResponse
from django.middleware.common import CommonMiddleware
from django.utils.translation import gettext_lazy

from games import errors
from games.errors import ServiceError

API_PREFIX = "/api/"

# The code a bare status gets: a code of games.errors.CATALOGUE, whose sentence it says (429 is
# a rate limit's ``throttled``, with the wait the answer gave, else 1 s: games.errors.throttled).
CODES = {
    400: "invalid_request",
    401: "not_authenticated",
    403: "permission_denied",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    413: "too_large",
    415: "unsupported_media_type",
    500: "server_error",
}

NO_ENDPOINT = gettext_lazy("no API endpoint at %(path)s")

logger = logging.getLogger("django.request")


def is_api(request):
    return request.path_info.startswith(API_PREFIX)


def error_response(status, code, message, **details):
    return JsonResponse({"error": {"code": code, "message": message, **details}}, status=status)


def refusal_response(status, code, **details):
    """The JSON answer of the catalogue's ``code`` (games.errors), with ``status``."""
    return JsonResponse(ServiceError(code, **details).as_json(), status=status)


def bare_status_error(request, response):
    """The JSON error for a non-JSON error answer: the catalogue's code and sentence for its
    status (a 429's ``throttled`` with its Retry-After), the reason phrase for a status it does
    not know."""
    status = response.status_code
    if status == 404:
        return refusal_response(
            404, "not_found", problem=gettext_lazy("no API endpoint at %(path)s"), path=request.path
        )
    if status == 405:
        return refusal_response(405, "method_not_allowed", method=request.method, allowed=response.get("Allow", ""))
    if status == 429:
        wait = response.get("Retry-After", "")
        refused = errors.throttled(int(wait) if wait.isdigit() else None)
        converted = JsonResponse(refused.as_json(), status=429)
        converted["Retry-After"] = str(refused.details["retry_after"])
        return converted
    if status in CODES:
        return refusal_response(status, CODES[status])
    return error_response(status, f"http_{status}", response.reason_phrase or "error")


def is_json(response):
    content_type = response.get("Content-Type", "").split(";")[0].strip().lower()
    return content_type == "application/json" or content_type.endswith("+json")


class ApiErrorsMiddleware:
    """Outermost middleware: turns any non-JSON error answer under /api/ into the JSON body,
    and answers an unexpected exception of an API view with a JSON 500."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if not is_api(request) or response.status_code < 400 or is_json(response) or response.streaming:
            return response
        converted = bare_status_error(request, response)
        for header in ("Allow", "Retry-After", "WWW-Authenticate"):
            if response.has_header(header):
                converted[header] = response[header]
        return converted

    def process_exception(self, request, exception):
        if not is_api(request):
            return None
        if isinstance(exception, (RequestDataTooBig, TooManyFieldsSent)):
            return refusal_response(413, "too_large")
        if isinstance(exception, Exception) and not _django_maps_to_4xx(exception):
            # As Django does for a 500 (its log line and the signal error reporters listen to),
            # but the answer says nothing of the code: no traceback, not even in DEBUG.
            logger.error(
                "Internal Server Error: %s",
                request.path,
                exc_info=exception,
                extra={"status_code": 500, "request": request},
            )
            signals.got_request_exception.send(sender=None, request=request)
            return refusal_response(500, "server_error")
        return None


def _django_maps_to_4xx(exception):
    """Exceptions Django turns into 400/403/404 itself (then converted to JSON on the way out)."""
    from django.core.exceptions import BadRequest, PermissionDenied, SuspiciousOperation
    from django.http import Http404
    from django.http.multipartparser import MultiPartParserError

    return isinstance(exception, (Http404, PermissionDenied, BadRequest, SuspiciousOperation, MultiPartParserError))


class ApiCommonMiddleware(CommonMiddleware):
    """Django's, except under /api/: there a path without its trailing slash is a JSON 404
    that names the right path, never a redirect (a redirect turns a POST into a GET, and in
    DEBUG Django raises instead)."""

    def should_redirect_with_slash(self, request):
        if is_api(request):
            return False
        return super().should_redirect_with_slash(request)

    def process_response(self, request, response):
        if is_api(request) and response.status_code == 404 and super().should_redirect_with_slash(request):
            return refusal_response(
                404,
                "not_found",
                problem=gettext_lazy("no API endpoint at %(path)s: API paths end with a slash (%(path)s/)"),
                path=request.path,
            )
        return super().process_response(request, response)
