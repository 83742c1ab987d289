"""``manage.py makemessages``, also collecting the engine's display strings.

The rules engine has no Django, so it marks the strings people read (contract names, the rule
that refuses a card) with its own ``N_`` (``games.engine.text``); the pages translate them with
``gettext``. Django's command does not know that keyword; this one adds it (Django's documented
way to change the command's xgettext options is a subclass).
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=N_"]
