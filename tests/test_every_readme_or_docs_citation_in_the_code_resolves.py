"""The README is a front door and ``docs/`` holds the rest, so a citation must lead somewhere.

Every code comment, docstring or string that cites a section by its file, README or
docs/<file>.md, then the heading's title in double quotes (a comma may follow the file; the
title may run across lines of a comment) names a heading that exists in that file. Every link of README.md and docs/*.md
to another file of the repository reaches it, and a link's ``#anchor`` a heading of it (the
anchor GitHub makes of the heading's text). README.md stays at most 250 lines. A failure lists
each as file:line.
"""

import re
from pathlib import Path

from tests.docs_citations import ROOT, text_files

README_MAX_LINES = 250
# The code, its templates and its configuration; not the documents themselves (their links are
# checked below), nor what is not ours or is built.
CODE = ("*.py", "*.html", "*.js", "*.css", "*.sh", "*.yml", "*.yaml", "*.toml", "*.ini", "*.cfg", "*.txt")
CODE_NAMES = ("Makefile", "Dockerfile", "run")
DOCUMENTS = ("README.md", "docs/*.md")

# A line break inside a comment or docstring, with the comment marker of the next line.
LINE_BREAK = re.compile(r"[ \t]*\n[ \t]*(?:#+|//|\*)?[ \t]*")
CITATION = re.compile(r"(?<![\w/.-])(README|docs/[\w.-]+\.md),?\s+\"([^\"\n]{1,160})\"")
HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$")
FENCE = re.compile(r"^ {0,3}(```|~~~)")
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def code_files(root=ROOT):
    for relative, _text in text_files(root):
        path = root / relative
        if path.name in CODE_NAMES or any(path.match(pattern) for pattern in CODE):
            yield path


def citations(text):
    """(line, document, title) for each citation in ``text``: README or docs/x.md, then a title
    in double quotes; the document is a path from the repository's root (README.md for the README)."""
    joined, starts, offset = [], [], 0
    pieces = LINE_BREAK.split(text)
    breaks = LINE_BREAK.findall(text)
    for number, piece in enumerate(pieces):
        starts.append(offset)
        joined.append(piece)
        offset += len(piece) + (1 if number < len(breaks) else 0)
    flat = " ".join(joined)
    found = []
    for match in CITATION.finditer(flat):
        line = max(i for i, start in enumerate(starts) if start <= match.start()) + 1
        document = "README.md" if match.group(1) == "README" else match.group(1)
        found.append((line, document, " ".join(match.group(2).split())))
    return found


def plain(title):
    """A heading's or a cited title's words, without Markdown's code and emphasis marks."""
    return " ".join(re.sub(r"[`*]", "", title).split())


def headings(path):
    """The headings of a Markdown file, outside its fenced code blocks."""
    found, fenced = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced and (match := HEADING.match(line)):
            found.append(match.group(2))
    return found


def slug(heading):
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path):
    seen, found = {}, set()
    for heading in headings(path):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def unresolved_citations(paths, root=ROOT):
    """ "file:line: why" for each citation whose file or heading does not exist."""
    problems = []
    for path in paths:
        for line, document, title in citations(path.read_text(encoding="utf-8", errors="replace")):
            where = f"{path.relative_to(root)}:{line}"
            target = root / document
            if not target.is_file():
                problems.append(f'{where}: cites {document} "{title}", and there is no {document}')
            elif plain(title) not in {plain(heading) for heading in headings(target)}:
                problems.append(f'{where}: cites {document} "{title}", which has no such heading')
    return problems


def broken_links(paths, root=ROOT):
    """ "file:line: why" for each relative link of the documents that reaches no file or heading."""
    problems, root = [], Path(root).resolve()
    for path in (Path(path).resolve() for path in paths):
        text = path.read_text(encoding="utf-8")
        for match in LINK.finditer(text):  # a link's text may run across lines
            target, number = match.group(1), text.count("\n", 0, match.start()) + 1
            if re.match(r"[a-z][a-z0-9+.-]*:", target):
                continue  # http:, https:, mailto:
            file_part, _, anchor = target.partition("#")
            linked = (path.parent / file_part).resolve() if file_part else path
            where = f"{path.relative_to(root)}:{number}: {target}"
            name = linked.relative_to(root).as_posix() if linked.is_relative_to(root) else str(linked)
            if not linked.exists():
                problems.append(f"{where}: no such file")
            elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                problems.append(f"{where}: {name} has no heading with that anchor")
    return problems


def documents(root=ROOT):
    for pattern in DOCUMENTS:
        yield from sorted(root.glob(pattern))


# ---------------------------------------------------------------- the scanner, on crafted text

# Spelled apart, so that this file's own samples are not citations of the repository's files.
DOC, API, GONE = "README", "docs/" + "api.md", "docs/" + "gone.md"


def test_the_scanner_finds_citations_in_comments_docstrings_and_across_lines():
    text = (
        f'x = 1  # the seal ({DOC} "Audit and arbitration")\n'
        f'"""Counted per process ({API},\n    "Rate limits"), or shared."""\n'
        f'# a closed room ({DOC} "Hidden\n# information") answers nobody\n'
        f'y = "{DOC}.md"  # a path, not a citation\n'
        f"# see the {DOC}, and {API} for more\n"
    )
    assert citations(text) == [
        (1, "README.md", "Audit and arbitration"),
        (2, "docs/api.md", "Rate limits"),
        (4, "README.md", "Hidden information"),
    ]


def test_a_citation_of_a_missing_heading_or_file_is_reported_and_a_good_one_is_not(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "README.md").write_text("# Front door\n\n## Two commands\n\n```sh\n# Not a heading\n```\n")
    (tmp_path / "docs" / "api.md").write_text("# The API\n\n## Rate `limits`\n")
    code = tmp_path / "code.py"
    code.write_text(
        f'# ({DOC} "Two commands")\n'
        f'# ({API}, "Rate limits")\n'
        f'# ({DOC} "Not a heading")\n'
        f'# ({API} "Closed rooms")\n'
        f'# ({GONE} "Anything")\n'
    )
    assert [problem.split(": ", 1)[0] for problem in unresolved_citations([code], tmp_path)] == [
        "code.py:3",
        "code.py:4",
        "code.py:5",
    ]


def test_links_reach_their_file_and_heading_and_anchors_are_githubs(tmp_path):
    assert slug("The bots' ladder") == "the-bots-ladder"
    assert slug("Cost growth: `python -m bench.growth`") == "cost-growth-python--m-benchgrowth"
    assert slug("`seat_returned` (tournament stream)") == "seat_returned-tournament-stream"
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "bots.md").write_text("# Bots\n\n## The turn request\n\n## Faults\n\n## Faults\n")
    (tmp_path / "README.md").write_text(
        "[guide](docs/bots.md#the-turn-request) [x](docs/bots.md#faults-1) [web](https://example.org/#x)\n"
        "[gone](docs/gone.md) [bad](docs/bots.md#no-such-heading) ![shot](docs/shot.png)\n"
        "[a link's text\nacross lines](docs/bots.md#turns)\n"
    )
    found = broken_links([tmp_path / "README.md"], tmp_path)
    reported = [problem.split(": ")[:2] for problem in found]
    assert reported == [
        ["README.md:2", "docs/gone.md"],
        ["README.md:2", "docs/bots.md#no-such-heading"],
        ["README.md:2", "docs/shot.png"],
        ["README.md:3", "docs/bots.md#turns"],
    ]


# ---------------------------------------------------------------- the repository


def test_the_scan_reads_the_code_the_templates_the_tests_and_the_build_files():
    read = {path.relative_to(ROOT).as_posix() for path in code_files()}
    for expected in ("config/settings.py", "games/record/receipts.py", "tests/tournaments/closed_rooms.py", "Makefile"):
        assert expected in read
    assert "docker-compose.yml" in read and not any(path.endswith(".md") for path in read)


def test_every_readme_or_docs_citation_in_the_code_names_a_heading_of_that_file():
    found = unresolved_citations(code_files())
    assert not found, "cite a heading that exists (README.md, docs/*.md):\n" + "\n".join(found)


def test_every_link_of_the_readme_and_docs_reaches_its_file_and_heading():
    found = broken_links(documents())
    assert not found, "\n".join(found)


def test_the_readme_is_a_front_door_of_at_most_250_lines():
    lines = len((ROOT / "README.md").read_text(encoding="utf-8").splitlines())
    assert lines <= README_MAX_LINES, f"README.md has {lines} lines; move the detail into docs/"
