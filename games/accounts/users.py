"""Accounts: usernames that cannot pass for one another (games/accounts/usernames.py), and logging in
by any spelling of one's own name. Shared by the API (games/api.py) and the pages
(config/accounts.py)."""

import contextlib
import hashlib

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from games.accounts import throttles, usernames
from games.errors import translated

User = get_user_model()

SIGNUP_LOCK_SECONDS = 30


class UsernameTaken(Exception):
    """``reason``: ``same_name`` (an existing name in another case or Unicode form),
    ``confusable`` (a look-alike of an existing name) or ``being_registered`` (a sign-up of
    the same or a look-alike name is under way)."""

    def __init__(self, username, existing=None, reason="same_name"):
        self.username, self.existing, self.reason = username, existing, reason
        if reason == "confusable":
            self.msgid = _(
                "the username “%(username)s” is too easily mistaken for the existing “%(existing)s”; choose another"
            )
        elif reason == "being_registered":
            self.msgid = _(
                "the username “%(username)s” (or one that looks like it) is being registered; choose another"
            )
        else:
            self.msgid = _("the username “%(username)s” is taken")
        self.params = {"username": username} if existing is None else {"username": username, "existing": existing}
        super().__init__(self.message)

    @property
    def message(self):
        return translated(self.msgid, self.params)


def check_username_valid(username):
    """Django's rules for a stored name, applied to its NFKC form (what is stored): NFKC may
    lengthen a name or turn a letter into several characters, some of them not allowed."""
    stored = usernames.nfkc(username)
    max_length = User._meta.get_field(User.USERNAME_FIELD).max_length
    if len(stored) > max_length:
        raise ValidationError(
            _("at most %(max_length)s characters (after Unicode normalisation)"),
            code="max_length",
            params={"max_length": max_length},
        )
    User.username_validator(stored)
    return stored


def check_username_available(username):
    """Raises UsernameTaken if ``username`` is the same as an existing name in another case or
    Unicode spelling, or confusable with one (UTS #39 skeletons)."""
    # Every name is compared: a skeleton cannot be computed in SQL. Sign-ups are rate-limited,
    # and the keys of existing names are memoised in the process.
    clash = usernames.find_clash(username, User.objects.values_list("username", flat=True).iterator())
    if clash is not None:
        raise UsernameTaken(username, *clash)


def do_create_account(username, password):
    """Create the account if its name clashes with none; raises UsernameTaken otherwise.

    Between the check and the insert another sign-up could slip in a look-alike name, so each
    of the name's keys is claimed in the shared cache for the duration (a second sign-up with
    a clashing name finds a key claimed and is refused as taken). While that cache cannot be
    reached, the claims are the process's own, as the rate limits' counts are
    (games.accounts.throttles.counting): the database's unique name still holds exact clashes."""
    claims = [claim_key(key) for key in sorted(usernames.name_keys(username))]
    held = []
    try:
        for claim in claims:
            added, cache = throttles.counting(
                lambda cache, claim=claim: cache.add(claim, 1, timeout=SIGNUP_LOCK_SECONDS)
            )
            if not added:
                raise UsernameTaken(username, reason="being_registered")
            held.append((cache, claim))
        check_username_available(username)
        try:
            with transaction.atomic():
                return User.objects.create_user(username=username, password=password)
        except IntegrityError:  # the exact name, inserted by someone else in between
            raise UsernameTaken(username) from None
    finally:
        for cache, claim in held:
            with contextlib.suppress(*throttles.UNREACHABLE):  # unreachable since: it lapses
                cache.delete(claim)


def claim_key(name_key):
    return "signup-claim:" + hashlib.sha256(name_key.encode("utf-8", "surrogatepass")).hexdigest()


def find_account(username):
    """The account ``username`` names: the exact (NFKC) name, else the one account whose
    canonical name (case-folded) is the same. Never a look-alike, and never a guess: if older
    accounts share a canonical name (made before sign-ups refused that), only the exact
    spelling finds one of them."""
    stored = usernames.nfkc(username)
    exact = User._default_manager.filter(**{User.USERNAME_FIELD: stored}).first()
    if exact is not None:
        return exact
    # iexact finds case variants in SQL (on SQLite only for ASCII letters, hence the explicit
    # variants); the canonical comparison in Python then decides. A folding that changes a
    # name's length (STRASSE for Straße) is not found this way: that needs the stored form.
    variants = {stored.lower(), stored.upper(), stored.casefold(), stored.title(), stored.capitalize()}
    candidates = User._default_manager.filter(
        Q(**{f"{User.USERNAME_FIELD}__iexact": stored}) | Q(**{f"{User.USERNAME_FIELD}__in": variants})
    )[:10]
    folded = usernames.canonical(stored)
    same = [user for user in candidates if usernames.canonical(user.get_username()) == folded]
    return same[0] if len(same) == 1 else None


class CanonicalNameBackend(ModelBackend):
    """Django's password check, finding the account by any spelling of its name (find_account).

    It is the only backend that checks passwords: settings also list ModelBackend, but only so
    that sessions it logged in earlier stay valid. When this backend has checked the
    credentials and refuses them, it raises PermissionDenied, which ends ``authenticate()``
    there (ModelBackend would otherwise hash the same wrong password a second time)."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if username is None:
            username = kwargs.get(User.USERNAME_FIELD)
        if username is None or password is None:
            return None
        user = find_account(username)
        if user is None:
            User().set_password(password)  # as ModelBackend: the same time whether the name exists or not
            raise PermissionDenied
        if user.check_password(password) and self.user_can_authenticate(user):
            return user
        raise PermissionDenied
