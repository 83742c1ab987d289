"""The organiser's forms. They only turn posted text into the service's arguments: what a
tournament, an entry or a ruling may be is decided by tournaments.service (and the engine for
game flags), so the pages and the API refuse the same things with the same messages."""

import json

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from bots.forms import STRATEGY_CHOICES
from bots.models import Bot
from bots.strategies import strategies_for
from games.engine import RULESETS
from games.offer import offered_rulesets
from games.templatetags.cards import seat_number

from .models import Club, ClubMember, Tournament
from .service import creation, entries


def organised_clubs(user):
    """The clubs ``user`` organises, by name: those they may hold an event for."""
    return Club.objects.filter(members__user=user, members__role=ClubMember.Role.ORGANISER).order_by("name", "pk")


def ruleset_choices():
    """Every ruleset the platform offers, by its label: the form learns the games from the engine."""
    return [(ruleset.name, _(ruleset.label)) for ruleset in offered_rulesets()]


TIE_BREAK_CHOICES = [
    ("", _("none")),
    ("game_score", _("Game score")),
    ("opponents_points", _("Opponents' points")),
    ("wins", _("Wins")),
    ("head_to_head", _("Head to head")),
]
DEFAULT_TIE_BREAKS = ["game_score", "opponents_points"]
YES_NO = [("true", _("yes")), ("false", _("no"))]

# Where a service refusal belongs on the creation form (the rest go on top of the form).
FIELD_OF_CODE = {
    "invalid_name": "name",
    "ruleset_not_offered": "ruleset",
    "invalid_format": "format",
    "invalid_rounds": "rounds",
    "invalid_table_points": "table_points",
    "invalid_fill": "fill",
    "invalid_tie_breaks": "tie_break_1",
    "invalid_timeout": "bot_turn_timeout",
    "invalid_boards": "boards",
    "boards_repeat": "boards",
    "club_organiser_only": "club",
}


def flag_field_name(ruleset, flag):
    return f"{ruleset}__{flag}"


def flag_as_text(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return "" if value is None else str(value)


def flag_from_text(flag, text):
    """The posted text as the flag's type; anything that does not parse is passed on as given,
    for the engine to refuse with its own message."""
    if flag.kind is bool:
        return {"true": True, "false": False}.get(text, text)
    if flag.kind is int:
        try:
            return int(text)
        except ValueError:
            return text
    if flag.kind is list:
        try:
            return [int(v) for v in text.split(",")]
        except ValueError:
            return text
    return text


def flag_help(flag):
    """What the flag changes (its ``doc`` msgid, translated) and its default."""
    default = _("Default: %(value)s") % {"value": default_as_words(flag)}
    return f"{_(flag.doc)} {default}" if flag.doc else default


def default_as_words(flag):
    """The default as the form's select shows it (a choice's label, yes or no), else as text."""
    if flag.kind is bool:
        return dict(YES_NO)[flag_as_text(flag.default)]
    if flag.choices and flag.default in flag.choice_labels:
        return _(flag.choice_labels[flag.default])
    return flag_as_text(flag.default) or "—"


def flag_field(name, flag):
    """One form field for an engine flag: its label msgid (the flag's name until the engine
    gives it one), its help and, for a choice, its choices' labels. Posted as text: the
    engine decides what values are allowed (flag_from_text)."""
    label = _(flag.label) if flag.label else name
    options = {"label": label, "required": False, "initial": flag_as_text(flag.default), "help_text": flag_help(flag)}
    if flag.kind is bool or flag.choices:
        choices = (
            YES_NO
            if flag.kind is bool
            else [(c, _(flag.choice_labels[c]) if c in flag.choice_labels else c) for c in flag.choices]
        )
        return forms.CharField(widget=forms.Select(choices=choices), **options)
    widget = forms.NumberInput if flag.kind is int else forms.TextInput
    return forms.CharField(widget=widget(), **options)


class FlagGroup:
    """One ruleset's flag fields, as the creation page shows them: under the ruleset's label."""

    def __init__(self, form, name):
        self.name = name
        self.label = _(RULESETS[name].label)
        self.fields = [form[flag_field_name(name, flag)] for flag in RULESETS[name].flags]

    def __iter__(self):
        return iter(self.fields)


class TournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    ruleset = forms.ChoiceField(label=_("Game"), choices=ruleset_choices)
    format = forms.ChoiceField(label=_("Format"), choices=Tournament.Format.choices, initial=Tournament.Format.SWISS)
    rounds = forms.IntegerField(label=_("Rounds"), initial=3, widget=forms.NumberInput(attrs={"min": 1, "max": 50}))
    table_points = forms.ChoiceField(label=_("Table points"), choices=Tournament.TablePoints.choices)
    tie_break_1 = forms.ChoiceField(
        label=_("First tie-break"), choices=TIE_BREAK_CHOICES, required=False, initial=DEFAULT_TIE_BREAKS[0]
    )
    tie_break_2 = forms.ChoiceField(
        label=_("Second tie-break"), choices=TIE_BREAK_CHOICES, required=False, initial=DEFAULT_TIE_BREAKS[1]
    )
    tie_break_3 = forms.ChoiceField(label=_("Third tie-break"), choices=TIE_BREAK_CHOICES, required=False)
    tie_break_4 = forms.ChoiceField(label=_("Fourth tie-break"), choices=TIE_BREAK_CHOICES, required=False)
    fill = forms.ChoiceField(label=_("Incomplete tables"), choices=Tournament.Fill.choices)
    bot_turn_timeout = forms.FloatField(
        label=_("Bot turn timeout (seconds)"), initial=2.0, widget=forms.NumberInput(attrs={"min": 0.1, "step": 0.1})
    )
    person_move_seconds = forms.FloatField(
        label=_("Move time for people (seconds)"),
        required=False,
        min_value=0,
        help_text=_("Empty: the site's casual default. 0 with a time bank: the bank alone."),
        widget=forms.NumberInput(attrs={"min": 0, "step": 1}),
    )
    person_bank_seconds = forms.FloatField(
        label=_("Time bank per player and match (seconds)"),
        required=False,
        initial=0,
        min_value=0,
        help_text=_("Extra time a player draws on once a move's time is up."),
        widget=forms.NumberInput(attrs={"min": 0, "step": 1}),
    )
    person_strike_limit = forms.IntegerField(
        label=_("Timeouts before a house bot takes the seat"),
        required=False,
        initial=3,
        min_value=1,
        max_value=10,
        widget=forms.NumberInput(attrs={"min": 1, "max": 10}),
    )
    rated = forms.BooleanField(label=_("Rated (counts for the leaderboards)"), required=False, initial=True)
    autopilot = forms.BooleanField(
        label=_("Autopilot: once round 1 is started, close each round when its last table finishes and start the next"),
        required=False,
    )
    boards = forms.CharField(
        label=_("Fixed boards (JSON list of engine boards, one a round at least; leave empty for full games)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    # A club's event (docs/clubs.md): the club (one the user organises), when and where.
    club = forms.TypedChoiceField(label=_("Club"), required=False, coerce=int, empty_value=None)
    starts_at = forms.DateTimeField(
        label=_("Starts at (UTC)"),
        required=False,
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S"],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    venue = forms.CharField(label=_("Venue"), required=False, max_length=creation.VENUE_MAX)

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        # The clubs whose events the user may hold: those they organise (the service checks again).
        clubs = [] if user is None or not user.is_authenticated else list(organised_clubs(user))
        self.fields["club"].choices = [("", _("none"))] + [(club.pk, club.name) for club in clubs]
        # The site's limit, read when the form is made (the service refuses anything above it).
        self.fields["bot_turn_timeout"].widget.attrs["max"] = creation.bot_turn_timeout_max()
        self.fields["bot_turn_timeout"].help_text = _("From 0.1 to %(max)s seconds.") % {
            "max": f"{creation.bot_turn_timeout_max():g}"
        }
        for ruleset in offered_rulesets():
            for flag_name, flag in ruleset.flags.items():
                self.fields[flag_field_name(ruleset.name, flag_name)] = flag_field(flag_name, flag)

    def flag_groups(self):
        """Every ruleset's flag fields, one group a ruleset, in the engine's order."""
        return [FlagGroup(self, ruleset.name) for ruleset in offered_rulesets()]

    def clean_boards(self):
        text = self.cleaned_data["boards"].strip()
        if not text:
            return None
        try:
            return json.loads(text)
        except ValueError as e:
            raise forms.ValidationError(_("The boards are not valid JSON: %(error)s"), params={"error": e}) from e

    def arguments(self):
        """The keyword arguments of creation.do_create_tournament, from the cleaned form."""
        data = self.cleaned_data
        ruleset = data["ruleset"]
        options = {
            name: flag_from_text(flag, data[flag_field_name(ruleset, name)])
            for name, flag in RULESETS[ruleset].flags.items()
            if data[flag_field_name(ruleset, name)] != ""
        }
        tie_breaks = [data[f"tie_break_{i}"] for i in range(1, 5) if data[f"tie_break_{i}"]]
        return {
            "name": data["name"],
            "ruleset": ruleset,
            "options": options,
            "format": data["format"],
            "rounds": data["rounds"],
            "boards": data["boards"],
            "table_points": data["table_points"],
            "tie_breaks": tie_breaks,
            "fill": data["fill"],
            "bot_turn_timeout": data["bot_turn_timeout"],
            "person_move_seconds": data["person_move_seconds"],
            "person_bank_seconds": data["person_bank_seconds"] or 0.0,
            "person_strike_limit": data["person_strike_limit"] or 3,
            "rated": data["rated"],
            "autopilot": data["autopilot"],
            "club": data.get("club"),
            "starts_at": data.get("starts_at"),
            "venue": data.get("venue") or "",
        }

    def add_refusal(self, error):
        """Show a service refusal next to the field it is about (or above the form)."""
        self.add_error(FIELD_OF_CODE.get(error.code), error.message)


class EntrantForm(forms.Form):
    """Register a person (by username) or a bot (by name or id): the page posts one of the two."""

    user = forms.CharField(label=_("Username"), required=False, max_length=150)
    bot = forms.CharField(
        label=_("Bot name or id"), required=False, max_length=60, widget=forms.TextInput(attrs={"list": "bot-names"})
    )

    def clean_user(self):
        name = self.cleaned_data["user"].strip()
        if not name:
            return None
        user = get_user_model().objects.filter(username=name).first()
        if user is None:
            raise forms.ValidationError(_("There is no user %(name)s."), params={"name": name})
        return user

    def clean_bot(self):
        name = self.cleaned_data["bot"].strip()
        if not name:
            return None
        bot = Bot.objects.filter(name=name).first() or (
            Bot.objects.filter(pk=int(name)).first() if name.isdigit() and len(name) < 18 else None
        )
        if bot is None:
            raise forms.ValidationError(_("There is no bot %(name)s."), params={"name": name})
        return bot

    def clean(self):
        data = super().clean()
        if not self.errors and (data.get("user") is None) == (data.get("bot") is None):
            raise forms.ValidationError(_("Give either a username or a bot."))
        return data


class HouseBotsForm(forms.Form):
    """Enter several of the house's bots at once: how many, and their strength among those that
    play the tournament's game (the house's steady player first). The count is posted as given:
    tournaments.service.entries.check_house_bots says what it may be, for the page and the API
    alike."""

    count = forms.IntegerField(
        label=_("How many house bots"),
        widget=forms.NumberInput(attrs={"min": 1, "max": entries.HOUSE_BOTS_AT_ONCE, "inputmode": "numeric"}),
    )
    strength = forms.ChoiceField(label=_("Their strength"))

    def __init__(self, *args, ruleset, **kwargs):
        super().__init__(*args, **kwargs)
        usual = RULESETS[ruleset].takeover_policy
        offered = sorted(strategies_for(ruleset), key=lambda name: (name != usual, name))
        labels = dict(STRATEGY_CHOICES)
        self.fields["strength"].choices = [(name, labels.get(name, name)) for name in offered]
        self.fields["strength"].initial = usual


RULING_KIND_CHOICES = [
    ("penalty", _("Penalty")),
    ("return_seat", _("Give a player back the seat a house bot took for timeouts")),
    ("adjust_score", _("Adjusted score")),
    ("annul_match", _("Annul the match")),
    ("replay_match", _("Replay the match on new cards")),
]
METHOD_CHOICES = [
    ("", _("(for an adjusted score)")),
    ("assigned", _("Assigned: the scores the table is deemed to have made")),
    ("artificial", _("Artificial: a change per seat")),
    ("split", _("Split: a different change per seat")),
    ("weighted", _("Weighted: outcomes with weights")),
]
OFFENCE_CHOICES = [
    ("", _("(for a penalty)")),
    ("revoke", _("Revoke")),
    ("slow_play", _("Slow play")),
    ("other", _("Other")),
]


def seat_choices(num_seats):
    """The penalised seat's choices at a table of ``num_seats``. Seats are numbered from 1 on
    the pages, from 0 in the events (docs/pages.md, "Seat numbers")."""
    return [("", _("(for a penalty or a seat given back)"))] + [
        (str(s), _("Seat %(number)s") % {"number": seat_number(s)}) for s in range(num_seats)
    ]


# What each kind of ruling needs from the form beyond its kind, match and reason, and what to
# say when it is left out; the service still checks every value (the API's rulings too).
NEEDS = {
    "penalty": (
        ("offence", _("Choose the offence.")),
        ("seat", _("Choose the penalised seat.")),
        ("points", _("Give the penalty points.")),
    ),
    "adjust_score": (("method", _("Choose how the score is adjusted.")),),
    "return_seat": (("seat", _("Choose the seat to give back.")),),
}
PER_SEAT_METHODS = ("assigned", "artificial", "split")


class RulingForm(forms.Form):
    kind = forms.ChoiceField(label=_("Ruling"), choices=RULING_KIND_CHOICES)
    match = forms.TypedChoiceField(label=_("Match"), coerce=int)
    reason = forms.CharField(label=_("Reason"), max_length=500, widget=forms.Textarea(attrs={"rows": 2}))
    method = forms.ChoiceField(label=_("Adjustment method"), choices=METHOD_CHOICES, required=False)
    outcomes = forms.CharField(label=_('Weighted outcomes (JSON list of {"weight", "scores"})'), required=False)
    offence = forms.ChoiceField(label=_("Offence"), choices=OFFENCE_CHOICES, required=False)
    seat = forms.TypedChoiceField(label=_("Penalised seat"), coerce=int, required=False, empty_value=None)
    points = forms.FloatField(label=_("Penalty points"), required=False)

    def __init__(self, *args, tables=(), num_seats, **kwargs):
        """``tables``: (round, table, match) of the tournament's tables; ``num_seats``: the seats
        of each (a tournament draws every table at its ruleset's size: tournaments.service.rounds.table_size)."""
        super().__init__(*args, **kwargs)
        self.num_seats = num_seats
        self.fields["match"].choices = [
            (match, _("Round %(round)s, table %(table)s: match %(match)s") % {"round": r, "table": t, "match": match})
            for r, t, match in tables
        ]
        self.fields["seat"].choices = seat_choices(num_seats)
        # One number per seat for the per-seat adjustments; the fields follow "outcomes"' place
        # in the page through seat_values().
        for s in range(num_seats):
            self.fields[f"value_{s}"] = forms.FloatField(
                label=_("Seat %(number)s: score or change") % {"number": seat_number(s)}, required=False
            )

    def seat_values(self):
        """The per-seat number fields, seat 1 first."""
        return [self[f"value_{s}"] for s in range(self.num_seats)]

    def clean_outcomes(self):
        text = self.cleaned_data["outcomes"].strip()
        if not text:
            return None
        try:
            return json.loads(text)
        except ValueError as e:
            raise forms.ValidationError(_("The outcomes are not valid JSON: %(error)s"), params={"error": e}) from e

    def clean(self):
        data = super().clean()
        kind, method = data.get("kind"), data.get("method")
        needs = list(NEEDS.get(kind, ()))
        if kind == "adjust_score" and method in PER_SEAT_METHODS:
            needs += [(f"value_{s}", _("Give a number for each seat.")) for s in range(self.num_seats)]
        elif kind == "adjust_score" and method == "weighted":
            needs.append(("outcomes", _("Give the outcomes and their weights.")))
        for name, message in needs:
            if name not in self.errors and data.get(name) in (None, ""):
                self.add_error(name, message)
        return data

    def arguments(self):
        """(kind, match, reason, details) for tournaments.service.rulings.do_record_ruling."""
        data = self.cleaned_data
        details = {}
        if data["kind"] == "adjust_score":
            details["method"] = data["method"] or None
            values = [data[f"value_{s}"] for s in range(self.num_seats)]
            if any(v is not None for v in values):
                details["scores" if data["method"] == "assigned" else "deltas"] = values
            if data["outcomes"] is not None:
                details["outcomes"] = data["outcomes"]
        elif data["kind"] == "penalty":
            details = {"offence": data["offence"] or None, "seat": data["seat"], "points": data["points"]}
        elif data["kind"] == "return_seat":
            details = {"seat": data["seat"]}
        return data["kind"], data["match"], data["reason"], details
