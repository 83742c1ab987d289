"""The same arguments always give the same schedule, in this process and in any other (the
search is seeded; nothing depends on hash randomisation), so a draw can be re-derived and
checked later."""

import json
import os
import subprocess
import sys
from pathlib import Path

from tournaments.seating import duplicate_schedule, round_robin, swiss_round

PROGRAM = """
import json
from tournaments.seating import duplicate_schedule, round_robin, swiss_round
standing = ["ann", "bob", "cem", "dia", "eda", "fay", "gus", "hal"]
print(json.dumps([round_robin(20, 6, table_size=4), round_robin(28, table_size=4),
                  duplicate_schedule(12, 4, table_size=4),
                  swiss_round(standing, [[("ann", "bob", "cem", "dia"), ("eda", "fay", "gus", "hal")]], table_size=4)]))
"""


def test_a_second_call_gives_the_same_schedule():
    assert round_robin(20, 6, table_size=4) == round_robin(20, 6, table_size=4)
    assert duplicate_schedule(24, 4, 3, table_size=4) == duplicate_schedule(24, 4, 3, table_size=4)
    assert swiss_round(list("abcdefgh"), [[tuple("abcd"), tuple("efgh")]], table_size=4) == swiss_round(
        list("abcdefgh"), [[tuple("abcd"), tuple("efgh")]], table_size=4
    )


def test_other_processes_with_other_hash_seeds_give_the_same_schedules():
    root = Path(__file__).resolve().parents[2]
    outputs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(root)}
        result = subprocess.run(
            [sys.executable, "-c", PROGRAM], env=env, cwd=root, capture_output=True, text=True, check=True
        )
        outputs.append(json.loads(result.stdout))
    assert outputs[0] == outputs[1]
    assert outputs[0][0] == json.loads(json.dumps(round_robin(20, 6, table_size=4)))
