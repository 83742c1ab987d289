"""A polling bot in plain Python (standard library only).

    BOT_TOKEN=krb_... python bots/examples/polling_bot.py --server http://127.0.0.1:8000

Register it with kind "polling". It long-polls its pending turns and answers each with an
action; put your strategy in choose(). Asked to slow down (429), it pauses as long as the
server says.
"""

import argparse
import json
import os
import time
import urllib.error
import urllib.request


def choose(turn):
    """Your strategy: the turn has your seat's "view" and its "legal_actions"."""
    return turn["legal_actions"][0]


def request(server, token, path, data=None, timeout=40):
    req = urllib.request.Request(
        server.rstrip("/") + path,
        method="POST" if data is not None else "GET",
        data=json.dumps(data).encode() if data is not None else None,
        headers={"Authorization": f"Bot {token}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(req, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"{}")


def play_pending(server, token, wait=25):
    """Fetch the pending turns (waiting up to ``wait`` s for one) and answer them; returns how many."""
    status, body = request(server, token, f"/api/v1/bot/turns/?wait={wait}")
    if status == 429:  # polling too fast: the server says how long to pause
        time.sleep(body.get("error", {}).get("retry_after") or 1)
        return 0
    if status != 200:
        raise SystemExit(f"the server refused: {status} {body}")
    for turn in body["turns"]:
        status, answer = request(server, token, f"/api/v1/bot/turns/{turn['request_id']}/", {"action": choose(turn)})
        if status != 201:
            print("answer refused:", status, answer.get("error"))
    return len(body["turns"])


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", default="http://127.0.0.1:8000")
    args = parser.parse_args()
    while True:
        play_pending(args.server, os.environ["BOT_TOKEN"])
