"""A signed-in person's own settings for the table (issue 35): whether a card needs a second tap
before it is played ("confirm each card", as online bridge rooms offer), stored on their
games.models.Profile and read by the table page (templates/games/table.html's
``data-confirm-each-card``, static/js/table.js). Off by default: a tap plays the card, and the
table's guard (docs/pages.md, "A second tap") already drops a tap on a card that arrived under the
finger."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from games.models import Profile


class TableSettingsForm(forms.ModelForm):
    class Meta:
        model = Profile
        fields = ["confirm_each_card"]
        labels = {"confirm_each_card": _("Confirm each card")}
        help_texts = {
            "confirm_each_card": _(
                "The first tap on a card raises it; a second tap on the same card plays it. "
                "Off: a tap plays the card at once."
            )
        }


def confirms_each_card(user):
    """Whether ``user``'s table asks a second tap before playing a card (False for a visitor)."""
    if not user.is_authenticated:
        return False
    return bool(Profile.objects.filter(user=user).values_list("confirm_each_card", flat=True).first())


@login_required
@require_http_methods(["GET", "POST"])
def my_settings(request):
    profile = Profile.objects.filter(user=request.user).first() or Profile(user=request.user)
    form = TableSettingsForm(request.POST or None, instance=profile)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, gettext("Your settings are saved."))
        return redirect("my-settings")
    return render(request, "games/settings.html", {"form": form}, status=400 if form.errors else 200)
