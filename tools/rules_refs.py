"""Point every reference to the old out-of-repository rules and design files inside the repo.

The rules contract (``RULES.md``) and the design guide (``DESIGN.md``) were written outside
the repository; the repository's own copies are docs/variants/*.md (numbered as RULES.md
was, so German §1.6 stays §1.6 of docs/variants/german.md) and docs/architecture.md. This
script rewrites the references in ``.py``, ``.md``, ``.po``/``.pot`` and ``.toml`` files:

* ``RULES.md §1.6`` -> ``docs/variants/german.md §1.6``; a chain keeps one page per run of
  sections (``RULES.md §2.5, §2.6, §3`` -> ``docs/variants/english.md §2.5, §2.6,
  docs/variants/american.md §3``); ``RULES §4.3.3`` (without ``.md``) is read the same way;
* ``RULES.md "Decisions"`` -> ``docs/variants/decisions.md §7.0``; ``RULES.md C-G1`` ->
  ``docs/variants/decisions.md C-G1``;
* a bare ``RULES.md`` -> the page of the plugin the file belongs to (docs/variants/ elsewhere);
* ``DESIGN.md`` (with a quoted section title when one follows) -> ``docs/architecture.md``
  and the anchor of that section.

In Markdown files under docs/ the reference becomes a relative link
(``[german.md §1.6](../variants/german.md#s1.6)``). The rewrite is idempotent: rewritten text
contains neither ``RULES`` nor ``DESIGN.md``. A line of a ``.py`` file that the rewrite makes
longer than the line length is wrapped at a space, with the line's indentation and comment
marker repeated.

    python tools/rules_refs.py [PATH ...]           # rewrite (default: the whole repository)
    python tools/rules_refs.py --check [PATH ...]   # list what is left; exit 1 if anything

``--root DIR`` names another repository (the page paths are relative to it).

Exit codes: 0 done (``--check``: nothing left), 1 ``--check`` found references, 2 bad usage.
"""

from __future__ import annotations

import argparse
import ast
import io
import os
import posixpath
import re
import sys
import tokenize
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent
VARIANTS: Final = "docs/variants"
ARCHITECTURE: Final = "docs/architecture.md"
SUFFIXES: Final = (".py", ".md", ".po", ".pot", ".toml")
SKIP_DIRS: Final = frozenset({".git", ".venv", "node_modules", "__pycache__", ".mypy_cache"})
LINE_LENGTH: Final = 100

PAGE_BY_SECTION: Final[dict[str, str]] = {
    "0": "core.md",
    "1": "german.md",
    "2": "english.md",
    "3": "american.md",
    "4": "israeli.md",
    "5": "candidates.md",
    "6": "core.md",
    "7": "decisions.md",
}
"""RULES.md's top-level section -> its page in docs/variants/ (the numbers are kept)."""

DECISIONS_SECTION: Final = "7.0"
"""RULES.md's unnumbered "Decisions that override anything below" list."""

CONFLICTS_PAGE: Final = "decisions.md"
"""Where the conflict rows (C-G1, C-E5, C-I8, C-X2, ...) of RULES.md §7 are."""

PAGE_BY_PLUGIN: Final[dict[str, str]] = {
    "plugins/german/": "german.md",
    "plugins/english/": "english.md",
    "plugins/israeli/": "israeli.md",
}
"""The page a bare ``RULES.md`` means in a file of a built-in plugin."""

DESIGN_ANCHORS: Final[dict[str, str]] = {
    "Quality bar": "quality-bar",
    "The plugin contract": "the-plugin-contract",
    "State and rules machinery": "the-state-model",
    "State": "the-state-model",
    "Loading": "the-plugin-contract",
    "bots' inner search": "f-legal-plays-are-a-bitmask",
    "Layers": "rooms-and-layers",
    "CLI": "rooms-and-layers",
}
"""DESIGN.md section titles (or the start of a quoted sentence) -> docs/architecture.md anchor."""

SECTION = r"§\d+(?:\.\d+)*"
CHAIN_SEP = r"(?:,\s|;\s|\s?[–-]\s?|/|\sand\s|\sor\s|,\sand\s)"
RULES_REF: Final = re.compile(
    r"RULES(?:\.md)?"
    r"(?:(?P<space>\s)(?P<chain>" + SECTION + r"(?:" + CHAIN_SEP + SECTION + r")*)"
    r"|(?P<dspace>\s)\"Decisions(?P<dtail>[^\"\n]*)\""
    r"|(?P<cspace>\s)(?P<conflict>C-[GEIX]\d+)"
    r"|(?P<dotmd>(?<=RULES)\.md))"
)
"""A reference to RULES.md: a chain of sections, the Decisions list, a conflict, or bare.

``RULES`` alone (no ``.md``) counts only before a section, "Decisions" or a conflict, so the
Python name ``RULES`` (a plugin's rules object) is never touched."""

DESIGN_REF: Final = re.compile(r"DESIGN\.md(?P<tail>[,:]?\s*\"(?P<title>[^\"\n]*))?")
DESIGN_SUBJECT: Final = re.compile(
    r"(?P<the>(?:^|(?<=[\s(]))(?:[Tt]he )?)DESIGN\.md\s"
    r"(?P<verb>asks|asked|says|said|chose|named|plans)\b"
)
"""``DESIGN.md`` as the subject of a sentence: "the design guide (docs/architecture.md) asks"."""
LEFT: Final = re.compile(r"RULES(?:\.md)?\s(?:§\d|\"Decisions|C-[GEIX]\d)|RULES\.md|DESIGN\.md")
"""What ``--check`` reports (and the test suite forbids outside the allow-list)."""


@dataclass(frozen=True)
class Target:
    """Where a reference now points: a page of the repository and a section or anchor."""

    path: str
    """Repository-relative path, e.g. ``docs/variants/german.md``."""
    section: str = ""
    """``§1.6`` or a conflict id ``C-G1`` (text after the path), or empty."""
    anchor: str = ""
    """The HTML anchor for links: ``s1.6``, ``c-g1`` or a heading slug."""


def section_target(section: str) -> Target:
    """The page and anchor of RULES.md section ``§n[.m...]`` (``§4.3.3`` -> item 3 of §4.3)."""
    number = section.lstrip("§")
    top = number.split(".")[0]
    page = PAGE_BY_SECTION.get(top)
    if page is None:
        raise ValueError(f"RULES.md has no section {section}")
    parts = number.split(".")
    # Sections are headings down to two levels (§1.6); a third number is an item of its list.
    anchor = "s" + ".".join(parts[:2])
    return Target(f"{VARIANTS}/{page}", section, anchor)


def default_page(relative: str) -> Target:
    """What a bare ``RULES.md`` means in the file at ``relative`` (repository-relative)."""
    for prefix, page in PAGE_BY_PLUGIN.items():
        if relative.startswith(prefix):
            return Target(f"{VARIANTS}/{page}")
    return Target(f"{VARIANTS}/")


def design_target(title: str | None) -> Target:
    """docs/architecture.md and the anchor of the DESIGN.md section a quoted title names."""
    if title:
        for name, anchor in sorted(DESIGN_ANCHORS.items(), key=lambda item: -len(item[0])):
            short, known = title.strip().lower(), name.lower()
            if short.startswith(known) or (len(short) >= 5 and known.startswith(short)):
                return Target(ARCHITECTURE, anchor=anchor)
    return Target(ARCHITECTURE)


def render(target: Target, relative: str, *, link: bool) -> str:
    """The reference as text (code, catalogues) or as a Markdown link relative to the file."""
    text = target.path + (f" {target.section}" if target.section else "")
    if not link:
        if target.path == ARCHITECTURE and target.anchor:
            return f"{ARCHITECTURE}#{target.anchor}"
        return text
    href = posixpath.relpath(target.path, posixpath.dirname(relative) or ".")
    if target.path.endswith("/"):
        href += "/"
    if target.anchor:
        href += f"#{target.anchor}"
    label = text.removeprefix(f"{VARIANTS}/").removeprefix("docs/") or "docs/variants/"
    return f"[{label}]({href})"


def rewrite_chain(chain: str, relative: str, *, link: bool) -> str:
    """``§2.5, §2.6, §3`` -> one page per run of sections, the page named at each change."""
    pieces = re.split(f"({SECTION})", chain)
    out: list[str] = []
    current = ""
    for piece in pieces:
        if not piece.startswith("§"):
            out.append(piece)
            continue
        target = section_target(piece)
        if link:
            out.append(render(target, relative, link=True))
        elif target.path != current:
            out.append(render(target, relative, link=False))
        else:
            out.append(piece)
        current = target.path
    return "".join(out)


def rewrite_text(text: str, relative: str) -> str:
    """``text`` of the file at ``relative`` with every reference rewritten (idempotent)."""
    link = relative.endswith(".md") and relative.startswith("docs/")

    def rules(match: re.Match[str]) -> str:
        if match.group("chain"):
            return rewrite_chain(match.group("chain"), relative, link=link)
        if match.group("dspace") is not None:
            target = Target(f"{VARIANTS}/{CONFLICTS_PAGE}", f"§{DECISIONS_SECTION}", "s7.0")
            return render(target, relative, link=link)
        if match.group("conflict"):
            conflict = match.group("conflict")
            target = Target(f"{VARIANTS}/{CONFLICTS_PAGE}", conflict, conflict.lower())
            return render(target, relative, link=link)
        return render(default_page(relative), relative, link=link)

    def design(match: re.Match[str]) -> str:
        target = design_target(match.group("title"))
        return render(target, relative, link=link) + (match.group("tail") or "")

    def design_subject(match: re.Match[str]) -> str:
        # "DESIGN.md asks for ..." speaks of the guide itself, which this page now records.
        guide = render(Target(ARCHITECTURE), relative, link=link)
        return f"{match.group('the') or 'the '}design guide ({guide}) {match.group('verb')}"

    return "".join(
        line
        if KEEP in line
        else DESIGN_REF.sub(design, DESIGN_SUBJECT.sub(design_subject, RULES_REF.sub(rules, line)))
        for line in text.splitlines(keepends=True)
    )


def wrappable_lines(source: str) -> dict[int, int]:
    """Line number -> column from which a ``.py`` line may be broken at a space.

    Comment lines and trailing comments (from the comment's text), and the lines of
    docstrings (from the first character): breaking there changes no code and no value a
    program uses."""
    try:
        tree = ast.parse(source)
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (SyntaxError, tokenize.TokenError):
        return {}
    allowed: dict[int, int] = {}
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
            and node.end_lineno is not None
        ):
            for number in range(node.lineno, node.end_lineno + 1):
                allowed[number] = 0
    for token in tokens:
        if token.type == tokenize.COMMENT:
            allowed[token.start[0]] = token.start[1] + 1
    return allowed


def markdown_wrappable_lines(source: str) -> dict[int, int]:
    """Line number -> 0 for the prose lines of a Markdown page (not fences, tables, headings,
    link definitions or HTML), which may be broken at a space without changing the page."""
    allowed: dict[int, int] = {}
    fenced = False
    for number, line in enumerate(source.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("```"):
            fenced = not fenced
            continue
        if fenced or not stripped or stripped.startswith(("|", "#", "<", ">")):
            continue
        if re.match(r"\[[^\]]+\]:\s", stripped):
            continue  # a link definition
        indented = line.startswith("    ") and not re.match(r"\s*(?:[*-]|\d+\.) ", line)
        if indented and number - 1 not in allowed:
            continue  # an indented code block, not a continuation
        allowed[number] = 0
    return allowed


def _lead(body: str, start: int) -> str:
    """The continuation prefix of a wrappable line: indentation, ``# `` for a comment."""
    indent = re.match(r"\s*", body)
    lead = indent.group(0) if indent else ""
    if start:
        return lead + "# "
    bullet = re.match(r"\s*(?:[*-] |\d+\. )", body)
    if bullet:
        return " " * len(bullet.group(0))
    return lead


def _cut(body: str, floor: int, limit: int) -> int:
    """The last space of ``body`` after ``floor`` and within ``limit`` that may become a line
    break: never the one between a page and its section (``german.md §1.6``)."""
    cut = body.rfind(" ", floor + 1, limit + 1)
    while cut > floor and body[cut + 1 : cut + 2] == "§":
        cut = body.rfind(" ", floor + 1, cut)
    return cut


NEW_BLOCK: Final = re.compile(r"\s*(?:\* |- |>>>|\||#\s*[-*] |```|\"\"\"|'''|#$)")
"""A line that starts a new block (a bullet, a doctest, a table, a fence, a closing quote)."""


def _continues(following: str, lead: str, *, comment: bool) -> bool:
    """Does ``following`` continue the paragraph whose continuation prefix is ``lead``?"""
    if not following.startswith(lead) or not following[len(lead) :].strip():
        return False
    text = following[len(lead) :]
    if text[0].isspace() or NEW_BLOCK.match(text):
        return False
    return comment == lead.endswith("# ")


def wrap_long_lines(
    before: str, after: str, limit: int = LINE_LENGTH, *, markdown: bool = False
) -> str:
    """Re-wrap the ``.py`` lines the rewrite pushed over ``limit``, in comments and docstrings.

    Only lines longer than ``limit`` that are not in ``before`` are touched, and only where
    `wrappable_lines` allows. The words past the limit are carried to the start of the next
    line when it continues the same paragraph (same prefix, not blank, not a new block),
    which is re-wrapped in turn; otherwise they go on a new line with the same prefix."""
    old = set(before.splitlines())
    allowed = markdown_wrappable_lines(after) if markdown else wrappable_lines(after)
    lines = after.splitlines(keepends=True)
    out: list[str] = []
    carry = ""
    for index, line in enumerate(lines):
        number = index + 1
        newline = "\n" if line.endswith("\n") else ""
        body = line.rstrip("\n")
        start = allowed.get(number)
        if carry:
            lead = _lead(body, start or 0)
            body = lead + carry + " " + body[len(lead) :]
            carry = ""
        elif start is None or len(body) <= limit or body in old:
            out.append(line)
            continue
        if start is None or len(body) <= limit:
            out.append(body + newline)
            continue
        lead = _lead(body, start)
        following = lines[index + 1].rstrip("\n") if index + 1 < len(lines) else ""
        next_start = allowed.get(number + 1)
        continues = next_start is not None and _continues(following, lead, comment=start > 0)
        while len(body) > limit:
            floor = max(start, len(lead))
            cut = _cut(body, floor, limit)
            if cut <= floor:
                break
            out.append(body[:cut] + "\n")
            body = lead + body[cut + 1 :]
            start = 0 if not start else len(lead)
            if continues:
                carry, body = body[len(lead) :], ""
                break
        if body:
            out.append(body + newline)
    return "".join(out)


KEEP: Final = "rules_refs: keep"
"""A line holding this marker (in Markdown, as ``<!-- rules_refs: keep -->``) names the old
files on purpose -- a provenance note -- and is neither rewritten nor reported."""

SELF: Final = ("tools/rules_refs.py", "tests/tools/")
"""The script and its tests name the old files on purpose; they are never rewritten."""


def rewrite_file(path: Path, root: Path = ROOT) -> bool:
    """Rewrite one file of the repository at ``root`` in place; True if it changed."""
    relative = path.resolve().relative_to(root).as_posix()
    if relative.startswith(SELF):
        return False
    before = path.read_text(encoding="utf-8")
    after = rewrite_text(before, relative)
    if path.suffix in (".py", ".md"):
        after = wrap_long_lines(before, after, markdown=path.suffix == ".md")
    if after == before:
        return False
    path.write_text(after, encoding="utf-8")
    return True


def files(paths: Iterable[Path]) -> Iterator[Path]:
    """The files to look at under ``paths``: the rewritable suffixes, skipping tool dirs."""
    for path in paths:
        if path.is_file():
            if path.suffix in SUFFIXES:
                yield path
            continue
        for dirpath, dirnames, filenames in os.walk(path):
            dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
            for name in sorted(filenames):
                if name.endswith(SUFFIXES):
                    yield Path(dirpath) / name


def left(paths: Iterable[Path], root: Path = ROOT) -> list[str]:
    """``path:line: text`` for every reference still pointing outside the repository."""
    found = []
    for path in files(paths):
        relative = path.resolve().relative_to(root).as_posix()
        if relative.startswith(SELF):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if LEFT.search(line) and KEEP not in line:
                found.append(f"{relative}:{number}: {line.strip()}")
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module docstring); returns the exit code."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="list what is left; change nothing")
    parser.add_argument(
        "--root", type=Path, default=ROOT, help="the repository (default: this script's)"
    )
    parser.add_argument("paths", nargs="*", type=Path, help="files or folders (default: root)")
    args = parser.parse_args(argv)
    root = args.root.resolve()
    paths = [p.resolve() for p in args.paths] or [root]
    for path in paths:
        if not path.exists() or not path.is_relative_to(root):
            print(f"rules_refs: {path} is not a path inside {root}", file=sys.stderr)
            return 2
    if args.check:
        remaining = left(paths, root)
        for entry in remaining:
            print(entry)
        print(f"{len(remaining)} reference(s) left", file=sys.stderr)
        return 1 if remaining else 0
    changed = [path for path in files(paths) if rewrite_file(path, root)]
    for path in changed:
        print(path.resolve().relative_to(root).as_posix())
    print(f"{len(changed)} file(s) rewritten", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
