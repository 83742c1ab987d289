"""Pages for reading a match after the fact: its score sheet and the audit replay
(games/views_audit.py)."""

from django.urls import path

from . import views_audit

urlpatterns = [
    path("matches/<id:pk>/sheet/", views_audit.score_sheet, name="score-sheet"),
    path("matches/<id:pk>/audit/", views_audit.audit, name="audit"),
]
