from django.contrib import admin
from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from games import views as games_views

urlpatterns = [
    path("", games_views.home, name="home"),
    path("demo/<slug:ruleset>/", games_views.demo, name="demo"),
    path("admin/", admin.site.urls),
    # REST API (endpoints come later, DESIGN.md 3.7).
    path("api/v1/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/v1/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
]
