"""Pages for reading a match after the fact: its score sheet and the audit replay
(games/views_audit.py); and the single-file verifier anyone checks an export with
(games/api_verifier.py)."""

from django.urls import path

from . import api_verifier, views_audit

urlpatterns = [
    path("matches/<id:pk>/sheet/", views_audit.score_sheet, name="score-sheet"),
    path("matches/<id:pk>/audit/", views_audit.audit, name="audit"),
    path("api/v1/verifier/", api_verifier.VerifierView.as_view(), name="api-verifier"),
]
