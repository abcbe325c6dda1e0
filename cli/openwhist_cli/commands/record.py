"""``whist record``: keep the score of a game played with real cards.

* ``whist record start VARIANT --player NAME ... [-o key=value] [--label TEXT]`` starts a
  match with named players in seat order and prints its number;
* ``whist record deal MATCH key=value ...`` enters one deal's facts; without ``key=value``
  pairs it asks for each fact in turn (the questions are generated from the variant's
  facts model, `Ledger.facts_model`), and after a mistake it explains every problem and
  lets you correct the fields until the deal is valid (or you give up with ``q``);
* ``whist record fields MATCH`` lists the facts a deal of that match takes.

The facts are validated by the variant's model (tricks add up, contracts legal, the
forbidden total) and scored by the variant's own scoring hook, exactly like a deal played
in openwhist (docs/ledger.md, "Score-keeping a real-card game").

Values on the command line: a number (``3``), a word (``5S``, ``transfer_tricks``), a list
separated by commas (``tricks=7,6`` or ``contracts=5,4,3,0``), a seat or party name where a
seat or party number is asked (``declarer=N``, ``revokes=EW:deduct``: an object's fields
separated by ``:``), ``yes``/``no`` for a flag, ``none`` for nothing, or JSON.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Annotated, Any

import typer

from openwhist_cli import runtime
from openwhist_cli.commands.ledger import DbOption, JsonOption, open_ledger, seat_display_name
from openwhist_cli.i18n import N_, _

if TYPE_CHECKING:
    from openwhist import Message
    from pydantic import BaseModel

_NONE = {"none", "null", "-", "~"}
_YES = {"y", "yes", "true", "1", "on"}
_NO = {"n", "no", "false", "0", "off"}


# -- reading facts from text ----------------------------------------------------------------


class _Names:
    """Names a seat or party number may be given as: a seat (``N`` = seat 0), a party
    (``EW`` = side 1), or a player's name (any case), which stands for the player's scoring
    party -- their seat where everyone plays alone (``declarer=Noa``), their side in a
    partnership game, whose facts name sides (``revokes=Ann:add``).
    """

    def __init__(
        self,
        seats: list[str],
        parties: list[str],
        players: list[str] | None = None,
        player_parties: list[int] | None = None,
    ) -> None:
        self.seat_names = list(seats)
        self.party_names = list(parties)
        self.player_names = list(players or [])
        self.seats = [s.lower() for s in seats]
        self.parties = [p.lower() for p in parties]
        self.players = [p.strip().lower() for p in self.player_names]
        self.player_parties = list(player_parties or range(len(self.players)))

    def number(self, text: str) -> int | str:
        lowered = text.strip().lower().replace("-", "").replace("\u2013", "")
        for names in (self.seats, self.parties):
            if lowered in names:
                return names.index(lowered)
        if text.strip().lower() in self.players:
            return self.player_parties[self.players.index(text.strip().lower())]
        try:
            return int(text)
        except ValueError:
            return text  # not a name: reported by `unknown_names`

    def unknown(self, field: str, text: str) -> Message:
        """The problem of a word given where a seat, party or number is asked."""
        from openwhist import Message

        known = ", ".join(dict.fromkeys([*self.seat_names, *self.party_names]))
        players = ", ".join(self.player_names)
        template = (
            N_("{field}: '{text}' is not a seat ({seats}), a player ({players}) or a number")
            if players
            else N_("{field}: '{text}' is not a seat ({seats}) or a number")
        )
        return Message(template, {"field": field, "text": text, "seats": known, "players": players})


def unknown_names(
    field: str, value: Any, schema: dict[str, Any], defs: dict[str, Any], names: _Names
) -> list[Message]:
    """Words left where `convert` wanted a seat, party or number: one problem each, in
    plain words, before the facts model would report them in its own."""
    schema = _resolve(schema, defs)
    real = [o for o in schema.get("anyOf", []) if o.get("type") != "null"]
    if real:
        schema = _resolve(real[0], defs)
    problems: list[Message] = []
    if isinstance(value, str) and schema.get("type") == "integer":
        problems.append(names.unknown(field, value))
    elif isinstance(value, list):
        items = schema.get("prefixItems")
        for i, item in enumerate(value):
            item_schema = items[i] if items and i < len(items) else schema.get("items", {})
            problems.extend(unknown_names(field, item, item_schema, defs, names))
    elif isinstance(value, dict):
        for key, item in value.items():
            item_schema = schema.get("properties", {}).get(key, {})
            problems.extend(unknown_names(field, item, item_schema, defs, names))
    return problems


def _resolve(schema: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    ref = schema.get("$ref")
    if isinstance(ref, str):
        return dict(defs.get(ref.rsplit("/", 1)[-1], {}))
    return schema


def convert(text: str, schema: dict[str, Any], defs: dict[str, Any], names: _Names) -> Any:
    """One value typed by a score-keeper, converted for the field's JSON schema.

    Anything the conversion cannot make sense of is passed on unchanged, so the facts
    model reports it in its own words.
    """
    schema = _resolve(schema, defs)
    text = text.strip()
    if text[:1] in "[{" and text:
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            return text
    options = schema.get("anyOf")
    if options:
        if text.lower() in _NONE or text == "":
            return None
        real = [o for o in options if o.get("type") != "null"]
        return convert(text, real[0], defs, names) if real else text
    kind = schema.get("type")
    if kind == "integer":
        return names.number(text)
    if kind == "boolean":
        if text.lower() in _YES:
            return True
        if text.lower() in _NO:
            return False
        return text
    if kind == "array":
        if text.lower() in _NONE or text == "":
            return []
        items = [i for i in re.split(r"[,\s]+", text) if i]
        prefix = schema.get("prefixItems")
        out = []
        for i, item in enumerate(items):
            item_schema = prefix[i] if prefix and i < len(prefix) else schema.get("items", {})
            out.append(convert(item, item_schema, defs, names))
        return out
    if kind == "object":
        props = list(schema.get("properties", {}))
        parts = text.split(":")
        return {
            key: convert(part, schema["properties"][key], defs, names)
            for key, part in zip(props, parts, strict=False)
        }
    return text


def _docstring_notes(model: type[BaseModel]) -> dict[str, str]:
    """``name: text`` from the model's ``Attributes:`` docstring section."""
    notes: dict[str, str] = {}
    current = ""
    for raw in (model.__doc__ or "").splitlines():
        match = re.match(r"^\s{4,8}(\w+): (.*)$", raw)
        if match and match.group(1) in model.model_fields:
            current = match.group(1)
            notes[current] = match.group(2).strip()
        elif current and raw.strip() and raw.startswith(" " * 8):
            notes[current] += " " + raw.strip()
        else:
            current = ""
    return notes


def describe_fields(model: type[BaseModel]) -> list[dict[str, Any]]:
    """The facts a deal takes: ``{"name", "required", "default", "description"}`` each."""
    notes = _docstring_notes(model)
    out = []
    for name, field in model.model_fields.items():
        required = field.is_required()
        default: Any = None
        if not required:
            value = field.get_default(call_default_factory=True)
            default = value.model_dump(mode="json") if hasattr(value, "model_dump") else value
            default = json.loads(json.dumps(default, default=str))
        out.append(
            {
                "name": name,
                "required": required,
                "default": default,
                "description": (field.description or notes.get(name, "")).replace("``", ""),
            }
        )
    return out


def parse_pairs(
    pairs: list[str], model: type[BaseModel], names: _Names
) -> tuple[dict[str, Any], list[Message]]:
    """``key=value`` items as facts (converted per field), and the problems found (in
    untranslated, as `Message.render` gives them; translated by `runtime.message_text`)."""
    from openwhist import Message

    schema = model.model_json_schema()
    defs = schema.get("$defs", {})
    props = schema.get("properties", {})
    facts: dict[str, Any] = {}
    problems: list[Message] = []
    for item in pairs:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep:
            problems.append(Message(N_("'{item}' is not key=value"), {"item": item}))
            continue
        if key not in props:
            problems.append(
                Message(
                    N_("'{key}' is not a fact of this variant (facts: {facts})"),
                    {"key": key, "facts": ", ".join(props)},
                )
            )
            continue
        facts[key] = convert(value, props[key], defs, names)
        problems.extend(unknown_names(key, facts[key], props[key], defs, names))
    return facts, problems


def _shown(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(_shown(v) for v in value) if value else "none"
    if isinstance(value, dict):
        return ":".join(_shown(v) for v in value.values())
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


# -- commands ---------------------------------------------------------------------------------


def start_command(
    ctx: typer.Context,
    variant: Annotated[str, typer.Argument(metavar="VARIANT", help="The variant played.")],
    player: Annotated[
        list[str],
        typer.Option(
            "--player",
            "-p",
            metavar="NAME",
            help="A player, in seat order (the first deals first unless --first-dealer).",
        ),
    ],
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", metavar="KEY=VALUE", help="A rule option; repeatable."),
    ] = None,
    house_rule: Annotated[
        list[str] | None,
        typer.Option("--house-rule", metavar="NAME", help="Enable a house rule; repeatable."),
    ] = None,
    first_dealer: Annotated[
        str | None,
        typer.Option(
            "--first-dealer",
            metavar="SEAT",
            help="The first dealer: a seat name, a number from 1, or a player's name.",
        ),
    ] = None,
    label: Annotated[
        str, typer.Option("--label", metavar="TEXT", help="A label (e.g. the evening).")
    ] = "",
    players: Annotated[
        int | None,
        typer.Option("--players", metavar="N", min=1, help=runtime.PLAYERS_HELP),
    ] = None,
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """Start score-keeping a match played with real cards; prints the match number."""
    with runtime.handle_errors(ctx):
        from openwhist.services.play import seat_index
        from openwhist.services.simulate import parse_options

        catalog = runtime.get_catalog(ctx)
        the_variant = catalog.variant(variant)
        if the_variant.facts is None:
            from openwhist.services import UsageError

            raise UsageError(
                _("{variant} declares no deal facts: it cannot be score-kept").format(
                    variant=the_variant.name
                )
            )
        # The table has one seat per --player (--players, when given, must say as many).
        seat_names = the_variant.names_for(players or len(player))
        dealer = 0
        if first_dealer is not None:
            # A player's name is a seat too: the seat they were given with --player.
            named = [p.strip().lower() for p in player]
            wanted = first_dealer.strip().lower()
            if wanted in named and wanted not in (n.lower() for n in seat_names):
                dealer = named.index(wanted)
            else:
                dealer = seat_index(first_dealer, seat_names)
        with open_ledger(ctx, db, variants=True) as ledger:
            match = ledger.start_match(
                the_variant.name,
                player,
                options=parse_options(the_variant.name, option or []),
                house_rules=house_rule or [],
                inputs="facts",
                first_dealer=dealer,
                label=label,
                seats=players,
            )
            summary = ledger.get_match(match)
        summary.pop("deal_records", None)
        if json_out:
            runtime.echo_json(summary)
            return
        seats = ", ".join(f"{seat_names[p['seat']]} {p['name']}" for p in summary["players"])
        typer.echo(f"{_('match {match}').format(match=match)}: {the_variant.name} -- {seats}")
        runtime.echo_error(
            _(
                "enter each deal with: whist record deal {match} (asks for the facts; "
                "`whist record fields {match}` lists them)"
            ).format(match=match)
        )


def fields_command(
    ctx: typer.Context,
    match: Annotated[int, typer.Argument(metavar="MATCH")],
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """List the facts a deal of MATCH takes (names, defaults, meaning)."""
    with runtime.handle_errors(ctx):
        with open_ledger(ctx, db, variants=True) as ledger:
            model = ledger.facts_model(match)
        fields = describe_fields(model)
        if json_out:
            runtime.echo_json(fields)
            return
        for f in fields:
            default = (
                _("required")
                if f["required"]
                else _("default {value}").format(value=_shown(f["default"]))
            )
            typer.echo(f"{f['name']} ({default}): {_(f['description'])}")


def _about(message: Message, fields: set[str]) -> bool:
    """Whether ``message`` names one of ``fields`` (``declarer: ...``, ``tricks (item 2)``),
    read untranslated (where the field's name comes first)."""
    problem = message.render()
    return any(
        problem.startswith((f"{name}:", f"{name} ", f"{name},")) or problem.startswith(f"{name!r}")
        for name in fields
    )


def _about_any(field: str, problems: list[Message]) -> bool:
    return any(_about(problem, {field}) for problem in problems)


def deal_command(
    ctx: typer.Context,
    match: Annotated[int, typer.Argument(metavar="MATCH")],
    facts: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[KEY=VALUE]...",
            help="The deal's facts; without them each fact is asked for.",
        ),
    ] = None,
    key: Annotated[
        str | None,
        typer.Option(
            "--key",
            metavar="TEXT",
            help="A name for this deal (e.g. tuesday-7): entering it again with the same key "
            "records nothing.",
        ),
    ] = None,
    again: Annotated[
        bool,
        typer.Option(
            "--again",
            help="The facts are the same as the last deal's, and this is a new deal.",
        ),
    ] = False,
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """Enter one deal of a real-card match: its facts, validated, then scored."""
    with runtime.handle_errors(ctx):
        from openwhist.services.ledger import InvalidFactsError

        with open_ledger(ctx, db, variants=True) as ledger:
            model = ledger.facts_model(match)
            summary = ledger.get_match(match)
            variant = runtime.get_catalog(ctx).variant(summary["variant"])
            names = _Names(
                list(variant.names_for(len(summary["players"]))),
                list(summary["parties"]),
                [seat_display_name(p["name"], p["kind"]) for p in summary["players"]],
                [int(p["party"]) for p in summary["players"]],
            )
            if facts:
                entered, problems = parse_pairs(facts, model, names)
                if problems:
                    # Every problem at once: the model's too, except about the same facts.
                    bad = {item.partition("=")[0].strip() for item in facts}
                    bad = {f for f in bad if any(_about(p, {f}) for p in problems)}
                    usable = {k: v for k, v in entered.items() if k not in bad}
                    more = [
                        p for p in ledger.real_deal_problems(match, usable) if not _about(p, bad)
                    ]
                    every = [*problems, *more]
                    raise InvalidFactsError(
                        variant.name, [p.render() for p in every], messages=every
                    )
                outcome = ledger.record_real_deal(match, entered, key=key, again=again)
            else:
                outcome = _interactive(ledger, match, model, names, summary, key=key, again=again)
                if outcome is None:
                    runtime.echo_error(_("nothing recorded"))
                    raise typer.Exit(int(runtime.ExitCode.RUNTIME))
        data = {
            "match": outcome.match_id,
            "deal": outcome.number,
            "score": outcome.score.as_dict(),
            "progress": outcome.progress.as_dict(),
            "repeated": outcome.repeated,
        }
        if outcome.repeated:
            runtime.echo_error(
                _("already recorded as deal {deal} (key {key}): nothing recorded now").format(
                    deal=outcome.number, key=repr(key)
                )
            )
        if json_out:
            runtime.echo_json(data)
            return
        from openwhist.services import sheets
        from rich.cells import cell_len

        from openwhist_cli.commands.scores import words
        from openwhist_cli.render import category_name, progress_text, says, standing_message

        # Each party by its players, as `whist scores` names them (`sheets.side_names`);
        # the running totals and the standing as the table's score line says them.
        said = words()
        sides = sheets.match_side_names(said, summary)
        shown = [sheets.party_name(said, sides, party) for party in outcome.score.parties]
        width = max(cell_len(label) for label in shown)
        catalog = runtime.get_catalog(ctx)
        rules = [catalog.house_rule(name) for name in summary.get("house_rules", ())]
        presentation = variant.match_presentation(rules)
        # An award the score line says already (a game just won, "Ann & Cy win game 1") is
        # not listed above it too; one it does not say (a rubber bonus) is.
        standing = standing_message(outcome.progress, presentation)
        awards = [
            award
            for award in outcome.progress.awards
            if standing is None or award.message is None or not says(standing, award.message)
        ]
        typer.echo(_("match {match}, deal {deal}").format(match=match, deal=outcome.number) + ":")
        for line in (*outcome.score.lines, *awards):
            # The variant's message in the reader's language (the note is its untranslated text).
            note = line.note
            if line.message is not None:
                note = sheets.named_message(said, line.message, sides)
            label = shown[line.party]
            typer.echo(
                f"  {label}{' ' * (width - cell_len(label))} {line.points:+5d}  "
                f"{category_name(str(line.category), variant.categories)}: {note}"
            )
        typer.echo(progress_text(outcome.progress, shown, presentation=presentation).plain)
        if outcome.progress.finished:
            typer.echo(_("the match is over"))


def _ask_field(
    prompter: Any,
    console: Any,
    field: dict[str, Any],
    model: type[BaseModel],
    schema: dict[str, Any],
    defs: dict[str, Any],
    names: _Names,
    entered: dict[str, Any],
) -> None:
    """Ask for one fact until the answer is one the fact can take, and store it.

    An answer is checked at once, alone: a word where a seat is asked, a count out of
    range, a malformed bid are reported in plain words and asked again, before the next
    question. Whether the facts fit together is checked once all are given.
    """
    from openwhist.services.ledger import facts_messages
    from pydantic import ValidationError

    name = field["name"]
    hint = "" if field["required"] else f" [{_shown(field['default'])}]"
    console.print(f"  {name}: {_(field['description'])}", style="dim")
    while True:
        answer = prompter.ask(f"{name}{hint}: ").strip()
        if not answer:
            if not field["required"]:
                return
            console.print(_("{name} is required").format(name=name))
            continue
        value = convert(answer, schema, defs, names)
        problems = unknown_names(name, value, schema, defs, names)
        if not problems:
            try:
                model.model_validate({**entered, name: value})
            except ValidationError as exc:
                problems = facts_messages(exc, field=name)
        if not problems:
            entered[name] = value
            return
        for problem in problems:
            console.print(f"  - {runtime.message_text(problem)}")


def _interactive(
    ledger: Any,
    match: int,
    model: type[BaseModel],
    names: _Names,
    summary: dict[str, Any],
    *,
    key: str | None = None,
    again: bool = False,
) -> Any:
    """Ask for each fact, then let the keeper fix the fields named by each problem."""
    from openwhist.services.ledger import DuplicateDealError, InvalidFactsError
    from rich.console import Console

    from openwhist_cli.prompt import InputEndedError, Prompter, is_word

    console = Console(highlight=False, emoji=False, markup=False, stderr=False)
    prompter = Prompter(console)
    schema = model.model_json_schema()
    defs = schema.get("$defs", {})
    props = schema.get("properties", {})
    fields = describe_fields(model)
    seats = ", ".join(f"{i}={n}" for i, n in enumerate(p for p in summary["parties"]))
    players = ", ".join(seat_display_name(p["name"], p["kind"]) for p in summary["players"])
    console.print(
        _(
            "Deal {deal} of match {match} ({variant}; {players}). Parties: {parties}. A seat "
            "by its name, its player or its number. Lists: 7,6. Enter keeps the default."
        ).format(
            deal=summary["deals"] + 1,
            match=match,
            variant=summary["variant"],
            players=players,
            parties=seats,
        )
    )
    entered: dict[str, Any] = {}
    try:
        for f in fields:
            _ask_field(prompter, console, f, model, props[f["name"]], defs, names, entered)
        while True:
            try:
                return ledger.record_real_deal(match, entered, key=key, again=again)
            except DuplicateDealError as exc:
                console.print(runtime.message_text(exc.already))
                question = _("Record them again as a new deal, deal {deal}?")
                if not prompter.confirm(question.format(deal=exc.number + 1)):
                    return None
                again = True
                continue
            except InvalidFactsError as exc:
                console.print(_("The deal is not valid:"))
                for wrong in exc.messages:
                    console.print(f"  - {runtime.message_text(wrong)}")
            answer = prompter.ask(
                _("Correct a fact as name=value (several separated by spaces), or q to give up: ")
            ).strip()
            if is_word(answer, ("q", N_("quit"))):
                return None
            fixes, problems = parse_pairs(answer.split(), model, names)
            for problem in problems:
                console.print(f"  - {runtime.message_text(problem)}")
            entered.update({k: v for k, v in fixes.items() if not _about_any(k, problems)})
    except InputEndedError:
        return None


def register(app: typer.Typer) -> None:
    """Add ``record start|deal|fields`` to ``app``."""
    epilog = runtime.EXIT_CODES_EPILOG
    record_app = typer.Typer(
        help="Keep the score of a game played with real cards.", no_args_is_help=True
    )
    record_app.command("start", epilog=epilog)(start_command)
    record_app.command("deal", epilog=epilog)(deal_command)
    record_app.command("fields", epilog=epilog)(fields_command)
    app.add_typer(record_app, name="record")


__all__ = ["convert", "describe_fields", "parse_pairs", "register"]
