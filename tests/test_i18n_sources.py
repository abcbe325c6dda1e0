"""No untranslated sentence can come back into what the CLI or the services show.

An AST scan of ``openwhist_cli`` fails on any text with words -- a string literal holding a
space and a word, or an f-string whose own text holds a word -- that is not marked for
gettext (``_``, ``N_``, ``ngettext``, ``pgettext``, ``Message``, ``plural_message``): the
CLI's text reaches a player through ``typer.echo``, ``console.print``, ``echo_error``,
usage errors and the lines of its reports, so any such literal is a sentence a player
would read in English. Docstrings, comments, help texts (extracted for the catalogue by
`openwhist_cli.helptext`), dictionary keys, subscripts, comparisons and the styling keywords
of Rich are not text a player reads and are not scanned. A scan of ``openwhist.services``
fails on any exception raised there with finished text (an openwhist error's text is
checked by tests/test_i18n_errors.py; here every other exception too). What remains is
`ALLOWED`: each entry says why it is not a sentence for a player.

So the scan cannot pass by seeing nothing, it is shown to catch planted offences.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from openwhist_cli.help_messages import HELP_TEXTS

ROOT = Path(__file__).resolve().parent.parent
CLI = ROOT / "cli" / "openwhist_cli"
SERVICES = ROOT / "core" / "openwhist" / "services"

WORD = re.compile(r"[A-Za-z]{2,}")
GETTEXT = {"_", "N_", "ngettext", "pgettext", "Message", "plural_message", "gettext"}
"""Calls whose text the catalogues extract (or that build a translatable message)."""
NOT_TEXT_CALLS = {
    "compile",
    "match",
    "search",
    "fullmatch",
    "sub",
    "getenv",
    "get",
    "pop",
    "startswith",
    "endswith",
    "removeprefix",
    "removesuffix",
    "split",
    "partition",
    "rpartition",
    "import_module",
    "find_spec",
    "Path",
    "open",
    "add_typer",
    "command",
    "callback",
    "Typer",
    "Option",
    "Argument",
    "entry_points",
    "metadata",
    "version",
    "getLogger",
    "setdefault",
    "encode",
    "decode",
    "cast",
    "replace",
}
"""Calls whose string arguments are names, paths, patterns or keys, never a sentence."""
NOT_TEXT_KEYWORDS = {
    "help",
    "style",
    "metavar",
    "epilog",
    "short_help",
    "rich_help_panel",
    "encoding",
    "justify",
    "overflow",
    "box",
    "end",
    "sep",
    "title_style",
    "header_style",
    "border_style",
    "errors",
    "newline",
    "mode",
}
"""Keyword arguments that are help (extracted elsewhere), styles or I/O settings."""

ALLOWED: set[tuple[str, str]] = {
    # The program's name and version: `whist --version`, an identifier in every language.
    ("cli/openwhist_cli/app.py", 'f"whist (openwhist) {version}"'),
    # Click's own help of --help, translated where Click shows it (openwhist_cli.helptext).
    ("cli/openwhist_cli/helptext.py", '"Show this message and exit."'),
    # The cache of plugin commands: a broken file is ignored, never shown (command_cache).
    ("cli/openwhist_cli/command_cache.py", '"not a command"'),
    ("cli/openwhist_cli/command_cache.py", '"a field has the wrong type"'),
    # HTTP's own header value for a token (`whist join`), not words.
    ("cli/openwhist_cli/commands/join.py", 'f"Bearer {token}"'),
    # The generator of help_messages.py writes Python source, not text for a player.
    ("cli/openwhist_cli/helptext.py", '"# ruff: noqa: E501 - generated: one help text per line"'),
    ("cli/openwhist_cli/helptext.py", '"from openwhist_cli.i18n import N_"'),
    ("cli/openwhist_cli/helptext.py", '"HELP_TEXTS = ("'),
    (
        "cli/openwhist_cli/helptext.py",
        '\'"""The help texts of ``whist`` and its built-in commands, marked for the catalogue.\'',
    ),
    (
        "cli/openwhist_cli/helptext.py",
        '"Written by ``python -m openwhist_cli.helptext`` (``bash tools/catalogues.sh update``);"',
    ),
    (
        "cli/openwhist_cli/helptext.py",
        '\'do not edit: change the help in the command and run it again."""\'',
    ),
    # The template's own distribution name and its default description, written into the
    # new plugin's files (and its catalogue, which its author translates).
    ("cli/openwhist_cli/commands/new_variant.py", '" Whist"'),
    (
        "cli/openwhist_cli/commands/new_variant.py",
        'f"{count} players, each for themselves; a point a trick, first to the target wins"',
    ),
    ("cli/openwhist_cli/commands/new_variant.py", 'f"{low} to {high}"'),
    # Compiling the .po files the template writes itself: a syntax error there is a bug of
    # the template, raised to its tests, not a player's input.
    ("cli/openwhist_cli/moformat.py", 'f"line {number}: expected a quoted string, got {text!r}"'),
    ("cli/openwhist_cli/moformat.py", 'f"line {number}: unknown escape \\\\{escaped}"'),
    ("cli/openwhist_cli/moformat.py", 'f"line {number}: a string outside any entry"'),
    ("cli/openwhist_cli/moformat.py", 'f"line {number}: unknown keyword {keyword!r}"'),
    ("cli/openwhist_cli/moformat.py", 'f"line {number}: bad plural index {keyword}"'),
    # The reason an input ended, kept on the exception for the code that catches it (the
    # screen says its own translated sentence: "cancelled", "input ended before ...").
    ("cli/openwhist_cli/prompt.py", '"input ended"'),
    # The services' own checks of their arguments: a caller's bug, never a player's input.
    ("core/openwhist/services/arena.py", 'f"degrees of freedom must be at least 1, got {df}"'),
    ("core/openwhist/services/arena.py", 'f"need 0 <= successes <= n, got {successes} of {n}"'),
    (
        "core/openwhist/services/arena.py",
        'f"play of board {play.board}, outside the {boards} boards"',
    ),
    (
        "core/openwhist/services/isolation.py",
        'f"no bot {name!r} for {variant} in the worker\'s plugins"',
    ),
}


def _skipped(tree: ast.AST) -> set[int]:
    """The ids of the nodes that are no text for a player (see the module docstring)."""
    skip: set[int] = set()

    def under(node: ast.AST) -> None:
        skip.update(id(child) for child in ast.walk(node))

    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            skip.add(id(node.value))  # a docstring, or an attribute's docstring
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name in GETTEXT or name in NOT_TEXT_CALLS:
                under(node)
            for keyword in node.keywords:
                if keyword.arg in NOT_TEXT_KEYWORDS:
                    under(keyword.value)
        elif isinstance(node, ast.Subscript):
            under(node.slice)
        elif isinstance(node, ast.Compare):
            under(node)
        elif isinstance(node, ast.Dict):
            for key in node.keys:
                if key is not None:
                    under(key)
        elif isinstance(node, ast.JoinedStr):
            # Its pieces are judged with it, not one by one.
            skip.update(id(value) for value in node.values)
    return skip


def _text(node: ast.AST) -> str | None:
    """The words of a literal, or None when it is no text: a constant needs a space and a
    word (``"bad_seat"``, ``"utf-8"`` are names; ``"error: "`` is text); an f-string a
    space and a word in its own text (``f"{name}.json"`` is a file's name)."""
    if isinstance(node, ast.JoinedStr):
        own = "".join(str(v.value) for v in node.values if isinstance(v, ast.Constant))
        return own if " " in own and WORD.search(own) else None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        value = node.value
        if " " in value and WORD.search(value) and value not in HELP_TEXTS:
            return value
    return None


def cli_offences(source: str) -> list[tuple[int, str]]:
    """Text with words in ``source`` that gettext never sees: (line, the literal)."""
    tree = ast.parse(source)
    skip = _skipped(tree)
    found = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.expr) and _text(node) is not None:
            found.append((node.lineno, ast.get_source_segment(source, node) or ""))
    return found


def _finished(node: ast.expr) -> bool:
    if isinstance(node, ast.JoinedStr | ast.Constant):
        return _text(node) is not None
    if isinstance(node, ast.BinOp):
        return _finished(node.left) or _finished(node.right)
    if isinstance(node, ast.IfExp):
        return _finished(node.body) or _finished(node.orelse)
    return False


def raise_offences(source: str) -> list[tuple[int, str]]:
    """Exceptions raised with finished text in ``source``: (line, the text)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            for arg in [*node.exc.args, *(k.value for k in node.exc.keywords)]:
                if _finished(arg):
                    found.append((arg.lineno, ast.get_source_segment(source, arg) or ""))
    return found


def _scan() -> list[str]:
    found = []
    for path in sorted(CLI.rglob("*.py")):
        if path.name == "help_messages.py":  # generated: the help texts, marked N_
            continue
        name = str(path.relative_to(ROOT))
        for line, text in cli_offences(path.read_text(encoding="utf-8")):
            if (name, text) not in ALLOWED:
                found.append(f"{name}:{line}: {text}")
    for path in sorted(SERVICES.glob("*.py")):
        name = str(path.relative_to(ROOT))
        for line, text in raise_offences(path.read_text(encoding="utf-8")):
            if (name, text) not in ALLOWED:
                found.append(f"{name}:{line}: {text}")
    return found


def test_no_untranslated_sentence_in_the_cli_or_the_services() -> None:
    assert len(list(CLI.rglob("*.py"))) > 25  # the whole CLI is scanned
    found = _scan()
    assert not found, "mark these for gettext (_, ngettext, Message) or say why not:\n" + (
        "\n".join(found)
    )


def test_every_allowed_entry_is_still_there() -> None:
    """An entry of `ALLOWED` that no longer matches would hide the next offence."""
    present: set[tuple[str, str]] = set()
    for path in [*CLI.rglob("*.py"), *SERVICES.glob("*.py")]:
        name = str(path.relative_to(ROOT))
        source = path.read_text(encoding="utf-8")
        scan = raise_offences if path.is_relative_to(SERVICES) else cli_offences
        present.update((name, text) for _line, text in scan(source))
    assert present >= ALLOWED, sorted(ALLOWED - present)


def test_the_scan_catches_untranslated_text_and_passes_gettext() -> None:
    planted = """
def f(console, path, exc, n):
    typer.echo(f"wrote {n} records")
    console.print("Which variant do you want?")
    runtime.echo_error("error: " + str(exc))
    raise UsageError(f"cannot read {path}: {exc}")
    lines.append(f"{n} deals, {n} matches")
    header = ("bot", "win rate [95% CI]")
"""
    assert sorted(line for line, _ in cli_offences(planted)) == [3, 4, 5, 6, 7, 8]
    fine = '''
"""A docstring with words."""
def f(console, path, exc, n, item):
    """Its docstring."""
    typer.echo(_("wrote {count} records").format(count=n))
    console.print(_("Which variant do you want?"), style="bold dim")
    raise UsageError(ngettext("{n} deal", "{n} deals", n).format(n=n))
    typer.echo(f"  {n}. {item['name']} ({item['title']})")
    value = data["a key with spaces"]
    if answer == "a comparison":
        pass
    x = Message(N_("a message {n}"), {"n": n})
    typer.Option("--deals", help="How many deals to play.")
'''
    assert cli_offences(fine) == []
    raised = """
def g(n):
    raise ValueError(f"need {n} cards")
    raise LookupError("no such thing here")
    raise KeyError(n)
    raise TableError("bad_seat", Message(N_("table {t} has no seat"), {"t": n}))
"""
    assert sorted(line for line, _ in raise_offences(raised)) == [3, 4]
