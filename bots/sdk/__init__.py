"""The bots' starter kit: ``kingrifki_bot.py`` is one standard-library file, made to be copied
beside a bot on its own; inside this project it is also ``bots.sdk``."""

from .kingrifki_bot import *  # noqa: F403
from .kingrifki_bot import __all__  # noqa: F401
