"""The season's standings and the club's ratings are pure folds: importing them loads no part
of Django."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_importing_the_season_and_rating_folds_loads_no_django():
    program = (
        "import sys, tournaments.clubs.season, tournaments.clubs.ratings\n"
        "print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')))"
    )
    result = subprocess.run([sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
