"""A webhook bot: the starter kit's webhook server (bots/sdk/kingrifki_bot.py), which checks the
platform's signature, playing the example strategy (lowest_card.py).

    BOT_SECRET=krs_... python -m bots.examples.webhook_bot --port 9000

Register it with kind "webhook" and url "http://<your host>:9000/"; the platform POSTs each turn
here and waits (2 s by default) for {"action": ...}. The same, for any strategy file and with no
code of your own: ``python bots/sdk/kingrifki_bot.py webhook --strategy mybot.py``.
"""

import sys

from bots.examples.lowest_card import choose
from bots.sdk.kingrifki_bot import main, webhook_server


def serve(secret, host="127.0.0.1", port=9000):
    """The webhook server (not yet serving) on ``host:port``."""
    return webhook_server(choose, secret, host, port)


if __name__ == "__main__":
    sys.exit(main(["webhook", *sys.argv[1:]], choose=choose))
