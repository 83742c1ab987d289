"""What the documentation-citation tests share: the repository's text files and the numbered
headings of a page. Three tests use it, one per kind of citation: ``docs/rules.md §N``
(tests/test_every_rules_citation_resolves_to_a_heading_of_docs_rules.py), ``docs/architecture.md
§N`` (..._design_citation_...), and ``README "Heading"`` / ``docs/x.md "Heading"`` with the
documents' own links (..._readme_or_docs_citation_...)."""

import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Never read: the virtualenv, run-time files, git's own, the translation catalogues (their msgids
# are the code's help texts, read where they are written), caches and build output.
SKIPPED_DIRS = {
    ".venv",
    "var",
    ".git",
    "locale",
    "node_modules",
    "staticfiles",
    "__pycache__",
    ".hypothesis",
    ".pytest_cache",
    ".ruff_cache",
    ".mypy_cache",
}
SKIPPED_SUFFIXES = {".po", ".pot", ".mo", ".pyc", ".so", ".png", ".jpg", ".jpeg", ".gif", ".ico", ".sqlite3"}
# The citation tests hold samples that cite missing sections on purpose: no scan reads them.
CITATION_TESTS = {
    "tests/docs_citations.py",
    "tests/test_every_rules_citation_resolves_to_a_heading_of_docs_rules.py",
    "tests/test_every_design_citation_resolves_to_a_heading_of_docs_architecture.py",
    "tests/test_every_readme_or_docs_citation_in_the_code_resolves.py",
}

SECTION = r"\d+(?:\.\d+)*[a-z]?"
# A heading that numbers its section: "## 2. Shape", "### 3.2a A game is data", "#### 1.8.5 ...".
NUMBERED_HEADING = re.compile(rf"^#{{1,6}}[ \t]+({SECTION})\.?[ \t]", re.MULTILINE)


def numbered_headings(text):
    """The section numbers of a Markdown text's numbered headings, in order."""
    return NUMBERED_HEADING.findall(text)


def text_files(root=ROOT):
    """(path relative to ``root``, as posix, text) of every UTF-8 text file a scan reads."""
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS)
        for name in sorted(files):
            path = Path(folder) / name
            rel = path.relative_to(root).as_posix()
            if path.suffix in SKIPPED_SUFFIXES or rel in CITATION_TESTS:
                continue
            data = path.read_bytes()
            if b"\0" in data[:8192]:
                continue  # binary
            try:
                yield rel, data.decode("utf-8")
            except UnicodeDecodeError:
                continue
