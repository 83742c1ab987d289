from celery import shared_task

from games.engine.playout import play_out, score_sheet


@shared_task
def play_out_demo(ruleset: str, seed: int) -> str:
    """Play one game with random bots and return its score sheet (proves a worker runs)."""
    return score_sheet(play_out(ruleset, seed))
