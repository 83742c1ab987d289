"""Live streams of matches and bot turns (issue 18)."""

urlpatterns = []
