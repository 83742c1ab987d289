"""Display strings the engine shows to people, marked for the translators.

The engine knows no Django. ``N_`` only marks a string so that ``manage.py makemessages
--keyword=N_`` collects it; the web pages translate it with ``gettext`` when they show it, and
the engine's own command-line tools print it as it is.
"""


def N_(text: str) -> str:
    return text
