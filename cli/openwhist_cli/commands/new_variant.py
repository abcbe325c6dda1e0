"""``whist new-variant``: a new variant plugin from openwhist's copier template.

The template (``openwhist_cli/templates/variant``, package data of the CLI, so it ships in
openwhist's wheel: docs/architecture.md, decision on the template) renders a whole
distribution: a pyproject with the entry point, a rules module with the hooks most variants
override, options, presentation and sheet declarations, a heuristic bot, es/pt/it
catalogues, tests that run the conformance kit and a docs page. This command

1. takes the answers from its options, asks the missing ones in the player's language at a
   terminal (never with ``--defaults`` or without a terminal: the defaults then), and checks
   every answer here, so that a bad one is one translated line and exit code 2, never
   copier's traceback, and nothing is written;
2. renders the template with copier (imported here only: no other command pays for it) into
   a fresh directory beside DEST, compiles the catalogues to ``.mo`` (`openwhist_cli.moformat`:
   Babel is not a dependency of openwhist), then moves the result into place.

``copier copy --defaults --data variant=NAME cli/openwhist_cli/templates/variant DEST``
renders the same project from a checkout, with the same checks (its ``copier.yml``),
leaving the catalogues uncompiled.
"""

from __future__ import annotations

import keyword
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer

from openwhist_cli import runtime
from openwhist_cli.i18n import _

TEMPLATE = Path(__file__).resolve().parent.parent / "templates" / "variant"
"""The copier template, inside the installed CLI package."""

NAME = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
MAX_NAME = 20
"""A variant name's length limit: the generated class and constant names derive from it."""
RESERVED = frozenset(
    {
        "CARDS",
        "HANDS",
        "HEURISTIC_BOT",
        "NO_TRUMP",
        "ORDER",
        "PACK",
        "PLAYERS",
        "PRESENTATION",
        "SEATS",
        "SHEET",
        "STATISTICS",
    }
)
"""Module-level names of the generated code that a variant's constant (``PAIRS`` for
``pairs``) must not shadow; ``variant`` is refused too (its options class would be
``VariantOptions``, openwhist's). The template's ``copier.yml`` lists the same."""
DISTRIBUTION = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?")
PACKAGE = re.compile(r"[a-z_][a-z0-9_]*")
OWN_PACKAGES = frozenset({"openwhist", "openwhist_cli", "openwhist_server", "tests"})
PLAYERS = re.compile(r"([2-7])(?:-([2-7]))?")
MAX_TITLE = 60
MAX_DESCRIPTION = 120
FORBIDDEN_TEXT = re.compile(r'["\\{}\x00-\x1f\x7f]')
"""What a title or description may not hold: it is written into Python, TOML and .po
string literals, and braces would read as a message template's placeholders."""


class AnswerError(ValueError):
    """An answer the template cannot take; its message is translated, one line."""


@dataclass(frozen=True)
class Answers:
    """What the template is rendered with (the questions of its ``copier.yml``)."""

    variant: str
    title: str
    description: str
    players: str
    distribution: str
    package: str

    def as_data(self) -> dict[str, str]:
        """The answers as copier's ``data``."""
        return {
            "variant": self.variant,
            "title": self.title,
            "description": self.description,
            "players": self.players,
            "distribution": self.distribution,
            "package": self.package,
        }


# -- the checks (each raises AnswerError with a translated line) ---------------------------


def check_name(name: str) -> str:
    """A variant name: lower-case letters and digits, words joined by ``-``, at most 20
    characters, not clashing with the generated code's own names."""
    if not NAME.fullmatch(name) or len(name) > MAX_NAME:
        raise AnswerError(
            _(
                "bad variant name {name!r}: use lower-case letters and digits, words joined "
                "by '-', at most {limit} characters (say: pairs, five-card)"
            ).format(name=name, limit=MAX_NAME)
        )
    if name.replace("-", "_").upper() in RESERVED or name == "variant":
        raise AnswerError(
            _(
                "the variant name {name!r} would clash with a name the generated code uses; "
                "choose another"
            ).format(name=name)
        )
    return name


def check_title(title: str) -> str:
    """A title: one line of at most 60 characters, no quotes, backslashes or braces."""
    text = title.strip()
    if not text or len(text) > MAX_TITLE or FORBIDDEN_TEXT.search(text):
        raise AnswerError(
            _(
                "bad title {title!r}: one line of at most {limit} characters, without "
                'quotes ("), backslashes or braces'
            ).format(title=title, limit=MAX_TITLE)
        )
    return text


def check_description(description: str) -> str:
    """A description: one line of at most 120 characters, no quotes, backslashes or braces."""
    text = description.strip()
    if not text or len(text) > MAX_DESCRIPTION or FORBIDDEN_TEXT.search(text):
        raise AnswerError(
            _(
                "bad description {description!r}: one line of at most {limit} characters, "
                'without quotes ("), backslashes or braces'
            ).format(description=description, limit=MAX_DESCRIPTION)
        )
    return text


def check_players(players: str) -> str:
    """How many players: one count or a range ``MIN-MAX``, from 2 to 7 (``3``, ``2-7``)."""
    text = players.strip()
    match = PLAYERS.fullmatch(text)
    if match is None or (match.group(2) is not None and match.group(1) > match.group(2)):
        raise AnswerError(
            _(
                "bad number of players {players!r}: give one count or a range MIN-MAX, "
                "from 2 to 7 (say: 4, 3-5)"
            ).format(players=players)
        )
    low, high = match.group(1), match.group(2) or match.group(1)
    return low if low == high else f"{low}-{high}"


def check_distribution(distribution: str) -> str:
    """A distribution name as packaging allows it (PEP 508)."""
    if not DISTRIBUTION.fullmatch(distribution):
        raise AnswerError(
            _(
                "bad distribution name {distribution!r}: letters, digits, '.', '_' and '-', "
                "starting and ending with a letter or digit"
            ).format(distribution=distribution)
        )
    return distribution


def check_package(package: str, *, importable: Callable[[str], bool] | None = None) -> str:
    """A Python package name in lower case, not a keyword, not openwhist's own, and not one
    that is already importable here (the new one would shadow it, or it would shadow ours).
    """
    if not PACKAGE.fullmatch(package) or keyword.iskeyword(package) or package in OWN_PACKAGES:
        raise AnswerError(
            _(
                "bad package name {package!r}: a Python identifier in lower case, not a "
                "keyword and not one of openwhist's own"
            ).format(package=package)
        )
    if (importable or _importable)(package):
        raise AnswerError(
            _(
                "a package called {package!r} is already installed; choose another name (--package)"
            ).format(package=package)
        )
    return package


def _importable(package: str) -> bool:
    import importlib.util

    try:
        return importlib.util.find_spec(package) is not None
    except (ImportError, ValueError):
        return False


def check_unregistered(name: str, registered: dict[str, str]) -> str:
    """Refuse a name (or alias) that an installed plugin registers: ``registered`` maps
    each lower-case name and alias to the distribution that registers it."""
    owner = registered.get(name.lower())
    if owner is not None:
        raise AnswerError(
            _(
                "the variant name {name!r} is already registered by the installed "
                "distribution {distribution}; choose another"
            ).format(name=name, distribution=owner)
        )
    return name


def check_destination(dest: Path) -> Path:
    """DEST must not exist, or be an empty directory."""
    if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
        raise AnswerError(
            _("{dest} already exists and is not an empty directory; give a new one").format(
                dest=dest
            )
        )
    return dest


# -- the defaults ------------------------------------------------------------------------


def default_title(name: str) -> str:
    """``Pairs Whist`` for ``pairs``, ``Five Card Whist`` for ``five-card``."""
    return name.replace("-", " ").title() + " Whist"


def default_description(players: str) -> str:
    """The template's own game, in one line (the template translates exactly this one)."""
    low, _sep, high = players.partition("-")
    count = low if not high or high == low else f"{low} to {high}"
    return f"{count} players, each for themselves; a point a trick, first to the target wins"


def default_distribution(name: str) -> str:
    return f"openwhist-{name}"


def default_package(name: str) -> str:
    return "openwhist_" + name.replace("-", "_")


# -- asking ------------------------------------------------------------------------------


def stdin_is_terminal() -> bool:
    """True when both stdin and stdout are a terminal (questions may be asked)."""
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def _ask(question: str, default: str, check: Callable[[str], str]) -> str:
    """Ask until the answer passes ``check``; each refusal is said in one line."""
    while True:
        answer = str(typer.prompt(question, default=default))
        try:
            return check(answer)
        except AnswerError as exc:
            runtime.echo_error(runtime.error_line(str(exc)))


def gather(
    name: str,
    *,
    title: str | None,
    description: str | None,
    players: str | None,
    distribution: str | None,
    package: str | None,
    ask: bool,
    importable: Callable[[str], bool] | None = None,
) -> Answers:
    """The answers: each given one checked, each missing one asked (``ask``) or defaulted.

    Raises:
        AnswerError: a given answer (or, without ``ask``, a default) that is refused.
    """
    check_name(name)

    def answer(given: str | None, question: str, default: str, check: Callable[[str], str]) -> str:
        if given is not None:
            return check(given)
        if ask:
            return _ask(question, default, check)
        return check(default)

    def package_check(value: str) -> str:
        return check_package(value, importable=importable)

    chosen_players = answer(
        players, _("How many players (one count, or MIN-MAX, from 2 to 7)"), "2-7", check_players
    )
    return Answers(
        variant=name,
        title=answer(title, _("Title"), default_title(name), check_title),
        description=answer(
            description,
            _("Description (one line)"),
            default_description(chosen_players),
            check_description,
        ),
        players=chosen_players,
        distribution=answer(
            distribution,
            _("Distribution name (pip install NAME)"),
            default_distribution(name),
            check_distribution,
        ),
        package=answer(
            package, _("Python package (import NAME)"), default_package(name), package_check
        ),
    )


# -- rendering ---------------------------------------------------------------------------


def render(answers: Answers, dest: Path) -> list[Path]:
    """Render the template into ``dest`` (new or empty) and compile its catalogues.

    The project is rendered into a fresh directory beside ``dest`` and moved into place
    only when it is whole, so a failure leaves nothing behind. Returns the files written,
    relative to ``dest``.

    Raises:
        OSError: ``dest`` (or its parent) cannot be written.
    """
    from copier import run_copy  # here only: importing copier takes about 1 s of CPU

    from openwhist_cli.moformat import compile_po

    parent = dest.parent
    parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{dest.name}-", dir=parent))
    try:
        project = staging / "project"
        run_copy(
            str(TEMPLATE),
            str(project),
            data=answers.as_data(),
            defaults=True,
            quiet=True,
            overwrite=True,
            unsafe=False,
        )
        for po in sorted(project.rglob("*.po")):
            po.with_suffix(".mo").write_bytes(compile_po(po.read_text(encoding="utf-8")))
        files = sorted(p.relative_to(project) for p in project.rglob("*") if p.is_file())
        if dest.exists():  # an empty directory: keep it (its permissions), fill it
            for item in project.iterdir():
                os.replace(item, dest / item.name)
        else:
            os.replace(project, dest)
        return files
    finally:
        shutil.rmtree(staging, ignore_errors=True)


# -- the command -------------------------------------------------------------------------


def register(app: typer.Typer) -> None:
    """Add ``new-variant`` to ``app``."""
    app.command("new-variant", epilog=runtime.EXIT_CODES_EPILOG)(new_variant_command)


def new_variant_command(
    ctx: typer.Context,
    name: Annotated[
        str,
        typer.Argument(
            metavar="NAME",
            help="The variant's name, as players will type it (lower-case letters and digits, "
            "words joined by '-').",
        ),
    ],
    dest: Annotated[
        Path | None,
        typer.Argument(
            metavar="[DEST]",
            help="Where to write the project: a new or empty directory [default: "
            "./openwhist-NAME].",
            show_default=False,
        ),
    ] = None,
    title: Annotated[
        str | None, typer.Option("--title", help="Its title [default: 'Name Whist'].")
    ] = None,
    description: Annotated[
        str | None, typer.Option("--description", help="One line saying what the game is.")
    ] = None,
    players: Annotated[
        str | None,
        typer.Option(
            "--players",
            metavar="N|MIN-MAX",
            help="How many players: one count or a range, from 2 to 7 [default: 2-7].",
        ),
    ] = None,
    distribution: Annotated[
        str | None,
        typer.Option("--distribution", help="The distribution's name [default: openwhist-NAME]."),
    ] = None,
    package: Annotated[
        str | None,
        typer.Option("--package", help="The Python package [default: openwhist_NAME]."),
    ] = None,
    defaults: Annotated[
        bool,
        typer.Option("--defaults", help="Ask nothing: take the default of every answer not given."),
    ] = False,
) -> None:
    """Create a variant plugin from openwhist's template: a distribution with the entry
    point, rules with the hooks most variants override, options, presentation and score
    sheet, a bot, es/pt/it catalogues, tests that run the conformance kit and a docs page.
    At a terminal it asks for what the options do not give."""
    with runtime.handle_errors(ctx):
        try:
            check_name(name)
            # First what is installed: a name taken is the likeliest mistake to report.
            catalog = runtime.get_catalog(ctx)
            registered = {
                key: catalog.variants[target].distribution
                for key, target in catalog.aliases.items()
            }
            check_unregistered(name, registered)
            answers = gather(
                name,
                title=title,
                description=description,
                players=players,
                distribution=distribution,
                package=package,
                ask=not defaults and stdin_is_terminal(),
            )
            target = check_destination(dest if dest is not None else Path(answers.distribution))
        except AnswerError as exc:
            runtime.echo_error(runtime.error_line(str(exc)))
            raise typer.Exit(int(runtime.ExitCode.USAGE)) from None
        try:
            files = render(answers, target.absolute())
        except OSError as exc:
            runtime.echo_error(runtime.error_line(runtime.cannot_write(target, exc)))
            raise typer.Exit(int(runtime.ExitCode.RUNTIME)) from None
        typer.echo(
            _("{title} ({variant}) written to {dest}: {count} files").format(
                title=answers.title, variant=answers.variant, dest=target, count=len(files)
            )
        )
        typer.echo(
            _("next: cd {dest} && pip install -e . && pytest && whist variants").format(dest=target)
        )
