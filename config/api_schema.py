"""OpenAPI generation (drf-spectacular) that documents the errors every operation can give.

A view's own ``@extend_schema(responses=...)`` lists the errors of its logic (409 version
conflict, 422 illegal action, ...). The errors that come from the framework around it are the
same for every view, so they are added here from what the operation has, for every endpoint
present and future: 400 when it takes input, 401 when it reads credentials, 403 when a
permission or CSRF check can refuse, 404 when its path names something, 413 and 415 when it
takes a body, and 429 everywhere (throttling; over-long long polls). Each is the API's one
error body, ``{"error": {"code", "message"}}`` (config.api_errors, games.errors.error_handler).
"""

from drf_spectacular import openapi
from drf_spectacular.utils import OpenApiResponse
from rest_framework import permissions
from rest_framework.authentication import SessionAuthentication

DESCRIPTIONS = {
    400: "The request is not valid (a parameter, or the JSON body: malformed or nested too deep)",
    401: "Credentials are missing, invalid or revoked",
    403: "Not allowed to the caller (or a browser session's CSRF check failed)",
    404: "Nothing at this path (no such id, or not visible to the caller)",
    413: "The body is larger than the server accepts",
    415: "The body is not JSON (Content-Type: application/json)",
    429: "Too many requests: slow down (see Retry-After)",
}

# Permissions that never refuse an authenticated caller (an anonymous one gets 401).
_NO_403 = (permissions.AllowAny, permissions.IsAuthenticated, permissions.IsAuthenticatedOrReadOnly)
_UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}


class AutoSchema(openapi.AutoSchema):
    def get_operation(self, *args, **kwargs):
        from games.errors import ERROR  # here, not above: views import this module (their schema class)

        operation = super().get_operation(*args, **kwargs)
        if operation is None:
            return None
        responses = operation["responses"]
        for status in self.framework_errors(operation):
            responses.setdefault(
                str(status),
                self._get_response_for_code(
                    OpenApiResponse(ERROR, DESCRIPTIONS[status]), str(status), ["application/json"]
                ),
            )
        operation["responses"] = dict(sorted(responses.items()))
        return operation

    def framework_errors(self, operation):
        takes_body = "requestBody" in operation
        parameters = operation.get("parameters", [])
        authenticators = self.view.get_authenticators()
        checks = [p for p in self.view.get_permissions() if not isinstance(p, _NO_403)]
        errors = {429}
        if takes_body or any(p["in"] == "query" for p in parameters):
            errors.add(400)
        if authenticators:
            errors.add(401)
        if checks or (self.method in _UNSAFE and any(isinstance(a, SessionAuthentication) for a in authenticators)):
            errors.add(403)
        if any(p["in"] == "path" for p in parameters):
            errors.add(404)
        if takes_body:
            errors |= {413, 415}
        return sorted(errors)
