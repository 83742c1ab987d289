"""Every design citation resolves to a heading of docs/architecture.md (issue 32).

The code, the tests, the templates and the documents cite the architecture by section number,
in one format: ``docs/architecture.md §3.5``, and several sections each with its own ``§``:
``docs/architecture.md §3.2a, §3.2b``. Every text file of the repository is read (not .venv,
var, .git, the locale catalogues, caches or build output), and each section a citation names
must be the number of a heading of docs/architecture.md (``## 2. Shape``,
``### 3.2a A game is data: ...``); inside docs/architecture.md itself a bare ``§4.2`` must be
one of its own headings too. A citation in another shape fails (``docs/architecture.md 3.5``,
``§3.2a/3.2b``, ``architecture.md §3.5`` without its folder), and so does any mention of the
design card that lived outside the repository (by its file name, or a path into
``../shared/``): a clone has neither. A failure lists each place as file:line.
"""

import re

from tests.docs_citations import ROOT, SECTION, numbered_headings, text_files

ARCHITECTURE = ROOT / "docs" / "architecture.md"

# Where the page is named with a section after it: a citation, to be read in the one format.
NAMED = re.compile(r"architecture\.md")
MEANT_AS_CITATION = re.compile(r"[`'\"]?[ \t]*(?:§|section\b|sec\.|\d)", re.IGNORECASE)
# The one format: each section with its own §, after a space, ", " or " and ".
SECTIONS = re.compile(rf"(?:(?: |, | and )§{SECTION}(?!\w))+")
# What may not follow a citation: another section without its own § ("§3.2a/3.2b", "§3.5, 3.6").
RUN_ON = re.compile(rf"[ \t]*(?:[,/]|and\b)[ \t]*§?{SECTION}(?!\w)")
# Inside docs/architecture.md: a reference to one of its own sections.
OWN_REFERENCE = re.compile(rf"§({SECTION})(?!\w)")
# The design card outside the repository, by name or by the path to its folder.
OUTSIDE = re.compile(r"DESIGN\.md|\.\./shared/")


def headings(text):
    """The section numbers of the page's numbered headings, in order."""
    return numbered_headings(text)


def line_of(text, position):
    return text.count("\n", 0, position) + 1


def citations(text):
    """(line, sections, problem) for each citation of docs/architecture.md in ``text``:
    ``sections`` as cited, or ``problem`` saying why the citation is not in the one format."""
    found = []
    for named in NAMED.finditer(text):
        start, end = named.start(), named.end()
        if not MEANT_AS_CITATION.match(text, end):
            continue  # the page named, no section cited
        line = line_of(text, start)
        listed = SECTIONS.match(text, end)
        if text[max(0, start - len("docs/")) : start] != "docs/":
            found.append((line, [], "cite it as docs/architecture.md §N"))
        elif listed is None:
            found.append((line, [], "a section is cited as §N, right after the page's name"))
        elif RUN_ON.match(text, listed.end()):
            found.append((line, [], "each section cited has its own §: docs/architecture.md §3.2a, §3.2b"))
        else:
            found.append((line, re.findall(SECTION, listed.group()), None))
    return found


def unresolved(text, known, where="text"):
    """ "where:line: ..." for each citation in ``text`` that is not in the format, or that names
    a section not in ``known`` (the numbers of the headings of docs/architecture.md)."""
    problems = []
    for line, sections, problem in citations(text):
        if problem is not None:
            problems.append(f"{where}:{line}: {problem}")
        for section in sections:
            if section not in known:
                problems.append(f"{where}:{line}: §{section} is no heading of docs/architecture.md")
    return problems


def unresolved_own(text, known, where="docs/architecture.md"):
    """As ``unresolved``, for docs/architecture.md itself: each bare §N is one of its own sections."""
    return [
        f"{where}:{line_of(text, m.start())}: §{m.group(1)} is no heading of this page"
        for m in OWN_REFERENCE.finditer(text)
        if m.group(1) not in known
    ]


def outside_mentions(text, where="text"):
    """(where, line number, the line) for each line that names the design card outside the repository."""
    return [(where, number, line.strip()) for number, line in enumerate(text.splitlines(), 1) if OUTSIDE.search(line)]


def known_sections():
    return set(headings(ARCHITECTURE.read_text(encoding="utf-8")))


# ------------------------------------------------------------------ the reader, on strings
PAGE = """# A page
## 1. Who
## 2. Shape
### 2.1 The arrows
### 3.2a A game is data
### 3.5 Hidden information
Not a heading: 3.6 Bots
    ## 3.7 indented, so not a heading either
"""


def test_the_heading_reader_takes_the_numbered_headings_only():
    assert headings(PAGE) == ["1", "2", "2.1", "3.2a", "3.5"]


def test_the_citation_reader_takes_each_section_of_a_citation_and_flags_every_other_shape():
    text = (
        "a (docs/architecture.md §3.5) b\n"
        "c docs/architecture.md §2, §3.2a and §1: d\n"
        "e docs/architecture.md §3.5. f\n"
        "see docs/architecture.md for the whole picture, or `docs/architecture.md`\n"
        "g (DESIGN_TABLE_SIZE, architecture.mdx) h\n"
        "i docs/architecture.md 3.5\n"
        "j docs/architecture.md §3.2a/3.2b\n"
        "k docs/architecture.md §3.5, 3.6\n"
        "l architecture.md §3.5\n"
        "m `docs/architecture.md` §3.5\n"
        "n docs/architecture.md section 3.5\n"
    )
    read = citations(text)
    assert [(line, sections) for line, sections, problem in read if problem is None] == [
        (1, ["3.5"]),
        (2, ["2", "3.2a", "1"]),
        (3, ["3.5"]),
    ]
    assert [line for line, _sections, problem in read if problem is not None] == [6, 7, 8, 9, 10, 11]


def test_a_citation_of_a_missing_section_fails_and_names_its_place():
    known = set(headings(PAGE))
    assert unresolved("x (docs/architecture.md §3.5) y", known, "a.py") == []
    crafted = "one\ntwo (docs/architecture.md §3.2a, §3.10) three\n"
    assert unresolved(crafted, known, "a.py") == ["a.py:2: §3.10 is no heading of docs/architecture.md"]
    assert unresolved("docs/architecture.md §3.6", known, "b.md") == [
        "b.md:1: §3.6 is no heading of docs/architecture.md"
    ]
    assert unresolved("docs/architecture.md §3.2a/3.2b", known, "c.md") == [
        "c.md:1: each section cited has its own §: docs/architecture.md §3.2a, §3.2b"
    ]
    assert unresolved_own("as §2.1 says, and §4.2 below", known) == [
        "docs/architecture.md:1: §4.2 is no heading of this page"
    ]


def test_the_outside_design_card_is_found_by_name_and_by_its_folder():
    card = "DESIGN" + ".md"  # spelt in two pieces, so this file cites no outside document itself
    text = f"a ({card} 3.5)\nDESIGN_TABLE_SIZE = 4\nsee ../shared/rules.md\nshared/ alone\n"
    assert [number for _where, number, _line in outside_mentions(text)] == [1, 3]


def test_the_scan_reads_code_tests_templates_and_documents_but_not_the_venv_or_the_catalogues():
    read = {path for path, _text in text_files()}
    for expected in (
        "games/service/playing.py",
        "games/engine/redact.py",
        "bots/runner.py",
        "tournaments/service/rounds.py",
        "templates/games/_table.html",
        "tests/engine/test_views_hide_cards.py",
        "docs/events.md",
        "docs/glossary.md",
        "docs/architecture.md",
        "tools/make_cards.py",
        "Makefile",
        "README.md",
    ):
        assert expected in read, expected
    skipped = ("locale/", ".venv/", "var/", ".git/")
    assert not any(path.startswith(skipped) or path.endswith((".po", ".mo")) for path in read)


# ------------------------------------------------------------------ the repository
def test_the_architecture_numbers_each_section_the_code_cites_once():
    numbers = headings(ARCHITECTURE.read_text(encoding="utf-8"))
    assert len(numbers) == len(set(numbers)), f"a section number is used twice: {sorted(numbers)}"
    # The numbers the code has cited since the design card: each is still a heading.
    cited_since_the_start = {"1", "2", "3.1", "3.2", "3.2a", "3.2b", "3.3", "3.4", "3.5", "3.6", "3.7"}
    assert cited_since_the_start <= set(numbers)


def test_every_design_citation_resolves_to_a_heading_of_docs_architecture():
    known = known_sections()
    problems, cited = [], 0
    for path, text in text_files():
        cited += sum(1 for _line, sections, problem in citations(text) if problem is None and sections)
        problems += unresolved(text, known, path)
        if path == "docs/architecture.md":
            problems += unresolved_own(text, known, path)
    assert cited >= 90, f"only {cited} citations found: is the scan reading the repository?"
    assert not problems, "a design citation that no heading of docs/architecture.md answers:\n" + "\n".join(problems)


def test_nothing_cites_the_design_card_outside_the_repository():
    found = []
    for path, text in text_files():
        found += [f"{where}:{number}: {line}" for where, number, line in outside_mentions(text, path)]
    assert not found, "cite docs/architecture.md §N instead (a clone has no ../shared/):\n" + "\n".join(found)
