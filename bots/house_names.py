"""The house's names: its account's username and the name of its built-in bot of each strategy.

Pure, and below the models: a table with friends names the house bot that will hold a seat
(bots/models_friends.py), and bots.house, which makes the account and the bots, imports the
models.
"""

HOUSE_USERNAME = "house"


def house_bot_name(strategy):
    return f"house-{strategy}"
