"""Every ``ServiceError("code", ...)`` in games, bots, tournaments and config names a code of the
catalogue (games.errors.CATALOGUE), and every code of the catalogue is raised somewhere: a
code nobody raises would be documented for nothing."""

from games.errors import CATALOGUE
from tests.error_codes import raise_sites


def test_the_codes_raised_are_the_catalogues_codes():
    sites = raise_sites()
    unread = [site.where for site in sites if site.code is None]
    assert unread == [], "a raise whose code the scan cannot read"
    unknown = sorted({f"{site.code} ({site.where})" for site in sites if site.code not in CATALOGUE})
    assert unknown == []
    assert sorted(set(CATALOGUE) - {site.code for site in sites}) == [], "in the catalogue, raised nowhere"


def test_the_scan_finds_the_raise_sites_it_reads():
    """The scan sees a literal code, a code passed through a parameter, a subclass's code and a
    code a call passes from a module's dict (config.api_errors.CODES)."""
    codes = {site.code for site in raise_sites()}
    assert {"not_your_turn", "cannot_check_in", "too_many_games_today", "unsupported_media_type"} <= codes
