"""Every citation of the rules resolves to a heading of ``docs/rules.md`` (issue 32).

The rules live in the repository, in ``docs/rules.md``, numbered as they were when they lived
outside it. Code, tests, help texts and docs cite a section as ``docs/rules.md §1.7``; several
sections each carry their own §: ``docs/rules.md §1.9, §2.8 and §4``, ``docs/rules.md §1.2 to
§1.6``. In ``docs/rules.md`` itself and in ``docs/glossary.md`` a bare ``§1.7`` means a section
of ``docs/rules.md`` (both say so), unless another document is named just before it
(``docs/architecture.md §3.2``).

The scan reads every text file of the repository but the virtual environment, build output,
``.git`` and the message catalogues (their msgids are the code's help texts, scanned where they
are written). It refuses:

- a cited section that is not a numbered heading of ``docs/rules.md``;
- a citation without its § (``docs/rules.md 1.7``, ``docs/rules.md section 3``, ``§1.9, 2.8``),
  which the scan could not check;
- a path a clone lacks (``../shared/``), and ``rules.md`` without ``docs/`` (a Markdown link from
  a page in ``docs/``, ``[the rules](rules.md#…)``, is the one relative form allowed).
"""

import re
from pathlib import Path

from tests.docs_citations import ROOT, numbered_headings, text_files

RULES = "docs/rules.md"
BARE_SECTIONS_MEAN_RULES = {"docs/rules.md", "docs/glossary.md"}  # they say so in their opening

NUMBER = r"\d+(?:\.\d+)*"
JOINER = r"(?:,\s*|\s+and\s+|\s+or\s+|\s+to\s+|\s*[-–/]\s*)"
# A run of sections (§1.7, §1.8 and §2.5), with the document named just before it, if any.
RUN = re.compile(r"(?:(?P<doc>[\w./-]+\.md)`?\s+)?(?P<run>§" + NUMBER + r"(?:" + JOINER + r"§" + NUMBER + r")*)")
SECTION = re.compile(r"§(" + NUMBER + r")")
MISSING_SIGN = re.compile(r"docs/rules\.md`?\s+(?:section\s+)?\d")  # docs/rules.md 1.7
UNSIGNED_NEXT = re.compile(r"§" + NUMBER + JOINER + r"\d")  # §1.9, 2.8
SHARED = re.compile(r"\.\./shared\b")
BARE_RULES = re.compile(r"(?<![\w/.-])rules\.md")


def rules_headings(text):
    """The section numbers of the numbered headings of a Markdown text ("1", "1.7", "1.8.5")."""
    return numbered_headings(text)


def cited_sections(text, bare_means_rules):
    """(section, line) for every section of docs/rules.md the text cites."""
    out = []
    for m in RUN.finditer(text):
        doc = m.group("doc")
        if doc is None and not bare_means_rules:
            continue  # a bare § in a file that does not say what it means: not a rules citation
        if doc is not None and not doc.endswith("rules.md"):
            continue  # another document's section (docs/architecture.md §3.2)
        line = text.count("\n", 0, m.start()) + 1
        out += [(number, line) for number in SECTION.findall(m.group("run"))]
    return out


def problems(path, text, headings):
    """What is wrong with the rules citations of one file (``path`` relative to the root)."""
    if "§" not in text and "rules.md" not in text and "shared" not in text:
        return []  # most files: nothing to read closely
    found = []
    for number, line in cited_sections(text, path in BARE_SECTIONS_MEAN_RULES):
        if number not in headings:
            found.append(f"{path}:{line}: §{number} is not a heading of {RULES}")
    for pattern, what in ((MISSING_SIGN, "a section cited without its §"), (UNSIGNED_NEXT, "a section without its §")):
        for m in pattern.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            found.append(f"{path}:{line}: {what}: {m.group(0)!r}")
    for m in SHARED.finditer(text):
        found.append(f"{path}:{text.count(chr(10), 0, m.start()) + 1}: points outside the repository (../shared/)")
    for m in BARE_RULES.finditer(text):
        if path.startswith("docs/") and text[max(0, m.start() - 2) : m.start()] == "](":
            continue  # a relative Markdown link between pages of docs/
        found.append(f"{path}:{text.count(chr(10), 0, m.start()) + 1}: cites rules.md without docs/")
    return found


def scan(root):
    """Every problem with the rules citations under ``root``, and how many sections are cited."""
    headings = set(rules_headings((Path(root) / RULES).read_text(encoding="utf-8")))
    found, cited = [], 0
    for path, text in text_files(root):
        found += problems(path, text, headings)
        cited += len(cited_sections(text, path in BARE_SECTIONS_MEAN_RULES))
    return found, cited


def test_docs_rules_numbers_each_section_once_and_keeps_the_numbering_the_code_cites():
    headings = rules_headings((ROOT / RULES).read_text(encoding="utf-8"))

    assert len(headings) == len(set(headings)), sorted(h for h in headings if headings.count(h) > 1)
    # the games, their flags in one place, their test vectors and the decisions the engine makes
    assert {"0", "1", "1.7", "1.8.5", "1.10", "1.11", "2", "2.9", "2.10", "2.11", "3", "3.4", "3.5", "4"} <= set(
        headings
    )


def test_every_rules_citation_in_the_repository_resolves_to_a_heading_of_docs_rules():
    found, cited = scan(ROOT)

    assert not found, "\n".join(found)
    assert cited > 250  # the scan does find the citations (about 140 in code, more in the docs)


def test_a_citation_of_a_missing_section_is_caught():
    headings = {"1", "1.7", "1.8", "2", "2.4", "3.5"}

    assert problems("games/x.py", "# docs/rules.md §1.7 and §1.8: fine", headings) == []
    assert problems("games/x.py", '"""(docs/rules.md §1.7 to §9.9)."""', headings) == [
        "games/x.py:1: §9.9 is not a heading of docs/rules.md"
    ]
    assert problems("games/x.py", "x = 1\n# docs/rules.md §2.44", headings) == [
        "games/x.py:2: §2.44 is not a heading of docs/rules.md"
    ]
    assert problems("games/x.py", "# docs/rules.md 1.7", headings) != []
    assert problems("games/x.py", "# docs/rules.md section 3", headings) != []
    assert problems("games/x.py", "# docs/rules.md §1.7, 2.4", headings) != []
    assert problems("games/x.py", "# rules.md §1.7", headings) != []
    assert problems("docs/x.md", "see ../shared/rules.md", headings) != []
    # another document's sections are not the rules'; a bare § is the rules' only where a file says so
    assert problems("games/x.py", "# docs/architecture.md §3.6; §4.3", headings) == []
    assert problems("docs/glossary.md", "docs/architecture.md §3.7, §3.9 and §4.2", headings) == []
    assert problems("docs/glossary.md", "(S0; §9.9)", headings) == [
        "docs/glossary.md:1: §9.9 is not a heading of docs/rules.md"
    ]
    # a page of docs/ may link to the rules relatively
    assert problems("docs/x.md", "[the rules](rules.md#1-brazilian-king)", headings) == []
    assert problems("games/x.py", "[the rules](rules.md)", headings) != []


def test_a_file_citing_a_missing_section_fails_the_scan(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "rules.md").write_text("# Rules\n\n## 3. Kings in the Corner\n\n### 3.5 Decisions\n")
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "fine.py").write_text('"""Going out (docs/rules.md §3.5)."""\n')
    assert scan(tmp_path) == ([], 1)

    (tmp_path / "games" / "planted.py").write_text('"""A deadlock (docs/rules.md §3.6)."""\n')
    found, _ = scan(tmp_path)

    assert found == ["games/planted.py:1: §3.6 is not a heading of docs/rules.md"]
