"""mkdocs hooks for the docs site (``hooks:`` in mkdocs.yml; decision in docs/architecture.md,
"Docs site").

The pages under docs/ are read in two places: on the built site and in a repository browser.
A link must mean the same in both, and the strict build (``uv run mkdocs build --strict``)
must fail where either would break. mkdocs itself checks links between pages and their
anchors; these hooks add what it cannot know:

* **Anchors follow GitHub's rule.** mkdocs.yml's ``toc`` slugify is GitHub's (lower case,
  punctuation dropped, each space a hyphen, accents kept), and `on_config` makes a repeated
  heading's anchor ``name-1``, ``name-2`` as GitHub does, not Python-Markdown's ``name_1``.
* **Links to repository files.** A page may link to a file or folder of the repository that is
  not a page (``../../core/openwhist/plugins.py``, ``../README.md``, ``example/``). On the site
  such a link becomes a link into the repository browser when mkdocs.yml sets ``repo_url``,
  and the path in code type otherwise. A link to a repository path that does not exist, or
  to a heading a repository Markdown file does not have, is a warning, which ``--strict``
  turns into a failed build.

Every warning goes through a logger under ``mkdocs.``: that is what ``--strict`` counts.
"""

from __future__ import annotations

import importlib
import logging
import os
import re
from pathlib import Path, PurePosixPath
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files, InclusionLevel
from mkdocs.structure.pages import Page

log = logging.getLogger("mkdocs.hooks.openwhist")
EXCLUDED = (InclusionLevel.EXCLUDED, InclusionLevel.DRAFT)  # files that are not on the site

# An inline Markdown link ``[text](target)`` or ``[text](target "title")``, not an image.
LINK = re.compile(r"(?<!!)\[(?P<text>[^\]]*)\]\((?P<target>[^)\s]+)(?P<title>\s+\"[^\"]*\")?\)")
# Fenced code blocks and inline code spans: links inside them are text, not links.
FENCE = re.compile(r"^(?P<fence>```+|~~~+).*?^(?P=fence)[ \t]*$", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"(?P<ticks>`+)(?!`).+?(?<!`)(?P=ticks)(?!`)", re.DOTALL)
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
HEADING = re.compile(r"^#{1,6}[ \t]+(?P<text>.+?)[ \t#]*$", re.MULTILINE)
EXPLICIT_ANCHOR = re.compile(r"<a\s+(?:id|name)=\"(?P<id>[^\"]+)\"")


def github_slug(heading: str) -> str:
    """The anchor GitHub gives a heading: its text (Markdown marks and HTML tags dropped) in
    lower case, every character but letters, digits, ``_``, ``-`` and spaces removed, and
    each space made a hyphen (runs are not collapsed)."""
    text = re.sub(r"<[^>]*>", "", heading)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link in a heading: its text
    text = re.sub(r"[`*]|(?<!\w)_+|_+(?!\w)", "", text)  # code and emphasis marks
    text = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return text.replace(" ", "-")


def _github_unique(id: str, ids: Any, counters: Any = None) -> str:
    """``markdown.extensions.toc.unique`` with GitHub's suffixes: the second "Options"
    heading of a page is ``#options-1`` there, so it must be here too."""
    base, count = id, 0
    while id in ids or not id:
        count += 1
        id = f"{base}-{count}"
    ids.add(id)
    return id


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    # The toc extension looks `unique` up in its module at every heading; replacing it there
    # is the only way to change the suffix (its configuration has no option for it).
    toc = importlib.import_module("markdown.extensions.toc")  # Markdown ships no type hints
    setattr(toc, "unique", _github_unique)  # noqa: B010 (a module without type hints)
    return config


def _absolute(path: Path) -> Path:
    """``path`` made absolute with ``..`` folded, symbolic links kept: a link leaves the
    repository by its path, not by where a linked folder happens to point."""
    return Path(os.path.normpath(path.absolute()))


def _repository_root(config: MkDocsConfig) -> Path:
    """The folder mkdocs.yml is in: the root the repository links are relative to."""
    return _absolute(Path(config.config_file_path)).parent


def anchors(path: Path) -> set[str]:
    """The anchors a repository Markdown file offers in a repository browser."""
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    found = {github_slug(m.group("text")) for m in HEADING.finditer(text)}
    return found | {m.group("id") for m in EXPLICIT_ANCHOR.finditer(text)}


def _shown(text: str, path: str, url: str | None) -> str:
    """The replacement for a link to a repository path that is not a page of the site."""
    if url is not None:
        return f"[{text}]({url})"
    plain = text.strip("`")
    if plain.rstrip("/") in (path.rstrip("/"), PurePosixPath(path).name):
        return f"`{path}`"
    return f"{text} (`{path}`)"


def _masked(markdown_text: str) -> str:
    """``markdown_text`` with fenced code and code spans blanked out (same length): a link is
    looked for in the masked text, so ``[x](y)`` inside code is not taken for one, while a
    link whose text is code (``[`core/x.py`](../core/x.py)``) still is."""
    masked = FENCE.sub(lambda m: "\0" * len(m.group(0)), markdown_text)
    return CODE_SPAN.sub(lambda m: "\0" * len(m.group(0)), masked)


def on_page_markdown(markdown_text: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Check and rewrite the page's links to repository paths that are not pages."""
    root = _repository_root(config)
    docs_dir = _absolute(Path(config.docs_dir))
    source = _absolute(Path(page.file.abs_src_path or ""))
    where = page.file.src_uri

    def is_site_file(destination: Path) -> bool:
        """Is ``destination`` a page or file of the site (which mkdocs checks itself)?"""
        if not destination.is_relative_to(docs_dir) or not destination.is_file():
            return False
        file = files.get_file_from_path(destination.relative_to(docs_dir).as_posix())
        return file is not None and file.inclusion not in EXCLUDED

    def rewrite(match: re.Match[str]) -> str:
        target = match.group("target")
        if SCHEME.match(target) or target.startswith(("#", "/")):
            return match.group(0)  # other sites, this page, absolute links: mkdocs judges
        path_part, _, fragment = target.partition("#")
        destination = _absolute(source.parent / path_part)
        if is_site_file(destination):
            return match.group(0)
        if not destination.exists() and destination.is_relative_to(docs_dir):
            return match.group(0)  # a missing page: mkdocs reports it
        if not destination.is_relative_to(root) or not destination.exists():
            log.warning(
                "Doc file '%s' links to '%s', which is not a file or folder of the repository.",
                where,
                target,
            )
            return match.group("text")  # reported once, here, not again by mkdocs
        relative = destination.relative_to(root).as_posix()
        if destination.is_dir():
            relative += "/"
        elif fragment and destination.suffix == ".md" and fragment not in anchors(destination):
            log.warning(
                "Doc file '%s' links to '%s', but '%s' has no heading or anchor '#%s'.",
                where,
                target,
                relative,
                fragment,
            )
        url = None
        if config.repo_url:
            kind = "tree" if destination.is_dir() else "blob"
            branch = str(config.extra.get("repository_branch", "main"))
            url = f"{config.repo_url.rstrip('/')}/{kind}/{branch}/{relative.rstrip('/')}"
            url += f"#{fragment}" if fragment else ""
        return _shown(match.group("text"), relative, url)

    pieces, position = [], 0
    for found in LINK.finditer(_masked(markdown_text)):
        # The same span of the original text is the same link, with its text unmasked.
        link = LINK.fullmatch(markdown_text, found.start(), found.end())
        pieces.append(markdown_text[position : found.start()])
        pieces.append(rewrite(link) if link else markdown_text[found.start() : found.end()])
        position = found.end()
    pieces.append(markdown_text[position:])
    return "".join(pieces)
