"""``manage.py makemessages``, also collecting the engine's display strings.

The rules engine has no Django, so it marks the strings people read (contract names, the rule
that refuses a card) with its own ``N_`` (``games.engine.text``); the pages translate them with
``gettext``. Django's command does not know that keyword; this one adds it (Django's documented
way to change the command's xgettext options is a subclass). It also leaves out what people never
read (tests, benchmarks, tools, the virtual environment, build output), and writes each entry's
file without its line number, so that a catalogue changes only when its strings do.

Update the catalogues with ``manage.py makemessages -l pt_BR -l tr`` (then translate the new
entries, and clear every ``#, fuzzy`` flag after checking its translation; a test refuses a
catalogue with an empty or fuzzy entry).
"""

from django.core.management.commands import makemessages

NEVER_READ_BY_PEOPLE = ["var/*", "tests/*", "bench/*", "tools/*", ".venv/*", "staticfiles/*", "node_modules/*"]


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=N_"]

    def handle(self, *args, **options):
        options["ignore_patterns"] = [*options.get("ignore_patterns", []), *NEVER_READ_BY_PEOPLE]
        options["no_wrap"] = True
        if options.get("add_location") is None:
            options["add_location"] = "file"
        return super().handle(*args, **options)
