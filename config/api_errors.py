"""Every response under /api/ that is an error is JSON: ``{"error": {"code", "message"}}``.

DRF's views already answer so (games.api.error_handler). This middleware covers what happens
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
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

API_PREFIX = "/api/"

# The code a bare status gets (DRF's own codes, so clients see one vocabulary).
CODES = {
    400: "invalid_request",
    401: "not_authenticated",
    403: "permission_denied",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    413: "too_large",
    415: "unsupported_media_type",
    429: "throttled",
    500: "server_error",
}

# What a bare error status says, in the request's language (Django's reason phrases are English).
STATUS_MESSAGES = {
    400: gettext_lazy("the request is not valid"),
    401: gettext_lazy("authentication is needed"),
    403: gettext_lazy("you may not do this"),
    406: gettext_lazy("the server cannot answer in a form the request accepts"),
    413: gettext_lazy("the request body is larger than this server accepts"),
    415: gettext_lazy("the request's content type is not accepted"),
    429: gettext_lazy("too many requests; try again later"),
    500: gettext_lazy("the server failed to answer; the error is logged"),
}

logger = logging.getLogger("django.request")


def is_api(request):
    return request.path_info.startswith(API_PREFIX)


def error_response(status, code, message, **details):
    return JsonResponse({"error": {"code": code, "message": message, **details}}, status=status)


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
        status = response.status_code
        message = response.reason_phrase or "error"
        if status == 405 and response.has_header("Allow"):
            message = _("method %(method)s is not allowed here (allowed: %(allowed)s)") % {
                "method": request.method,
                "allowed": response["Allow"],
            }
        elif status == 404:
            message = _("no API endpoint at %(path)s") % {"path": request.path}
        elif status in STATUS_MESSAGES:
            message = str(STATUS_MESSAGES[status])
        converted = error_response(status, CODES.get(status, f"http_{status}"), message)
        for header in ("Allow", "Retry-After", "WWW-Authenticate"):
            if response.has_header(header):
                converted[header] = response[header]
        return converted

    def process_exception(self, request, exception):
        if not is_api(request):
            return None
        if isinstance(exception, (RequestDataTooBig, TooManyFieldsSent)):
            return error_response(413, "too_large", _("the request body is larger than this server accepts"))
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
            return error_response(500, "server_error", _("the server failed to answer; the error is logged"))
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
            return error_response(
                404, "not_found", f"no API endpoint at {request.path}: API paths end with a slash ({request.path}/)"
            )
        return super().process_response(request, response)
