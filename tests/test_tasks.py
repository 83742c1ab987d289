from games.engine.playout import play_out, score_sheet
from games.tasks import play_out_demo


def test_play_out_demo_returns_the_score_sheet():
    # .apply() runs the task in this process: the task body, without a broker.
    assert play_out_demo.apply(args=("rifki", 3)).get() == score_sheet(play_out("rifki", 3))
