"""A person's public profile (tournaments/views_profile.py): here, as it reads the ratings."""

from django.urls import path

from . import views_profile

urlpatterns = [
    path("people/<str:username>/", views_profile.person_page, name="person"),
]
