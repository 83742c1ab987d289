"""The Content-Security-Policy header (settings.CONTENT_SECURITY_POLICY) on every response.

Django 5.2 has no CSP support of its own; the policy is one fixed string, so a few lines do.
A response that sets its own policy keeps it.
"""

from django.conf import settings


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if settings.CONTENT_SECURITY_POLICY and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = settings.CONTENT_SECURITY_POLICY
        return response
