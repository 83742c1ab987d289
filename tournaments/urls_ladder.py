"""The bots' ladder: its pages and API (issue 18)."""

urlpatterns = []
