"""A polling bot: the starter kit's polling client (bots/sdk/kingrifki_bot.py) playing the
example strategy (lowest_card.py).

    BOT_TOKEN=krb_... python -m bots.examples.polling_bot --server http://127.0.0.1:8000

Register it with kind "polling". The same, for any strategy file and with no code of your own:
``python bots/sdk/kingrifki_bot.py poll --strategy mybot.py``.
"""

import sys

from bots.examples.lowest_card import choose
from bots.sdk.kingrifki_bot import main, poll_once


def play_pending(server, token, wait=25):
    """Fetch the pending turns (waiting up to ``wait`` s for one) and answer them; returns how many."""
    return poll_once(choose, server, token, wait)


if __name__ == "__main__":
    sys.exit(main(["poll", *sys.argv[1:]], choose=choose))
