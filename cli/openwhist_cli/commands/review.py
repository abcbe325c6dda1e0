"""``whist review MATCH [DEAL]``: every decision of a seat rated, explained and summed up.

MATCH is a ledger match id, or a game-record file (``-`` reads stdin; a file of several
records takes ``--index``). The rating, its honesty and its limits are
`openwhist.services.review`'s (docs/review.md); this module only reads the arguments and
prints the review, in the player's language.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from openwhist_cli import i18n, runtime
from openwhist_cli.commands.ledger import DbOption, open_ledger
from openwhist_cli.i18n import _

if TYPE_CHECKING:
    from openwhist.services.review import Review


def register(app: typer.Typer) -> None:
    """Add ``review`` to ``app``."""
    app.command("review", epilog=runtime.EXIT_CODES_EPILOG)(review_command)


def review_command(
    ctx: typer.Context,
    match: Annotated[
        str,
        typer.Argument(
            metavar="MATCH",
            help="A ledger match id, or a game-record file (- reads stdin).",
        ),
    ],
    deal: Annotated[
        int | None, typer.Argument(metavar="[DEAL]", help="Review only this deal (1-based).")
    ] = None,
    seat: Annotated[
        list[str] | None,
        typer.Option(
            "--seat",
            metavar="SEAT",
            help="The seat to review (a seat name, a player's name or 1-based number); "
            "repeat for more [default: the human seats, else every seat].",
        ),
    ] = None,
    double_dummy: Annotated[
        bool,
        typer.Option(
            "--double-dummy",
            help="Rate every decision with all cards open (not what the seat knew).",
        ),
    ] = False,
    samples: Annotated[
        int | None,
        typer.Option(
            "--samples", metavar="N", help="Sampled deals per decision [default: the bot's]."
        ),
    ] = None,
    seed: Annotated[
        int, typer.Option("--seed", metavar="N", help="The seed of the sampled deals.")
    ] = 0,
    index: Annotated[
        int | None,
        typer.Option("--index", metavar="N", help="Which record of a file (1-based)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the review as JSON.")] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang", metavar="LANG", help="Language: en, es, pt, it [default: $OPENWHIST_LANG]."
        ),
    ] = None,
    db: DbOption = None,
) -> None:
    """Rate every decision of a seat in a played match: the best choice, its cost, why."""
    i18n.setup(lang)
    with runtime.handle_errors(ctx):
        from openwhist.services.review import review_record

        catalog = runtime.get_catalog(ctx)
        record = _record(ctx, match, index, db)
        review = review_record(
            record,
            catalog,
            deal=deal,
            seats=seat or None,
            double_dummy=double_dummy,
            seed=seed,
            samples=samples,
        )
        if as_json:
            runtime.echo_json(_with_source(review.as_dict(), match, index))
        else:
            typer.echo(render_review(review, match))


def _with_source(data: dict[str, Any], match: str, index: int | None) -> dict[str, Any]:
    return {"source": match, "index": index, **data}


def _record(ctx: typer.Context, match: str, index: int | None, db: str | None) -> Any:
    """The record to review: the ledger's match ``match`` when it is a number and no file
    of that name exists, else the file (one record, or record ``index`` of several)."""
    from openwhist.services import UsageError
    from openwhist.services.review import record_from_file

    if match.isdigit() and not Path(match).exists():
        with open_ledger(ctx, db, variants=True, read_only=True) as ledger:
            return ledger.game_record(int(match))
    if match == "-":
        stream = getattr(sys.stdin, "buffer", None)
        data = stream.read() if stream is not None else sys.stdin.read().encode("utf-8")
    else:
        try:
            data = Path(match).read_bytes()
        except OSError as exc:
            raise UsageError(runtime.cannot_read(match, exc)) from None
    return record_from_file(data, name=match, index=index)


def _number(value: float | None) -> str:
    if value is None:
        return "-"
    if abs(value - round(value)) < 1e-9:
        return str(round(value))
    return f"{value:.1f}"


def _shown(decision: Any) -> str:
    """What a decision played, as the reasons write cards: ``10♣`` for a card (the JSON
    keeps the notation, ``TC``); a call as its notation."""
    from openwhist import InvalidNotationError, card_symbol, parse_card

    if not decision.trick:
        return str(decision.played)
    try:
        return card_symbol(parse_card(decision.played))
    except InvalidNotationError:  # a trick action that is not a card (a knock, say)
        return str(decision.played)


def render_review(review: Review, source: str) -> str:
    """The review as players read it: per deal and seat, each decision with its cost and
    reason, then the summary."""
    from openwhist.services.review import FORCED, RATED

    translations = i18n.translations()
    names = review.seat_names
    out: list[str] = []
    if review.double_dummy:
        mode = _("all cards open (double dummy): not what the players knew")
    else:
        mode = _("honest: each decision rated only from what its seat knew at the time")
    out.append(
        _("Review of {source} ({variant}), {mode}").format(
            source=source, variant=review.variant, mode=mode
        )
    )
    if review.bot is not None:
        out.append(
            _("Rated by the {bot} bot, seed {seed}.").format(bot=review.bot, seed=review.seed)
        )
    for deal in review.deals:
        for summary in deal.summaries:
            seat = summary.seat
            out.append("")
            out.append(_("Deal {deal}, seat {seat}").format(deal=deal.number, seat=names[seat]))
            width = max([4, *(len(_shown(d)) for d in deal.decisions if d.seat == seat)])
            for decision in deal.decisions:
                if decision.seat != seat:
                    continue
                if decision.status == RATED:
                    mark = (
                        "-" + _number(decision.cost)
                        if decision.mistake
                        else ("~" + _number(decision.cost) if (decision.cost or 0) > 1e-9 else "ok")
                    )
                elif decision.status == FORCED:
                    mark = "="
                else:
                    mark = "?"
                where = (
                    _("trick {trick}").format(trick=decision.trick) if decision.trick else _("call")
                )
                text = decision.reason.render(translations=translations)
                out.append(f"  {where:>9}  {_shown(decision):>{width}}  {mark:>5}  {text}")
            unit = _("points") if summary.unit == "points" else _("tricks")
            out.append(
                "  "
                + _(
                    "Summary: {lost} {unit} lost to mistakes ({exact} exact); {rated} rated, "
                    "{forced} forced, {not_rated} not rated"
                ).format(
                    lost=_number(summary.lost),
                    unit=unit,
                    exact=_number(summary.exact_lost),
                    rated=summary.rated,
                    forced=summary.forced,
                    not_rated=summary.not_rated,
                )
            )
            if summary.worst:
                worst = ", ".join(
                    f"{_shown(d)} ({_('trick {trick}').format(trick=d.trick)}, -{_number(d.cost)})"
                    for d in summary.worst
                )
                out.append("  " + _("Worst: {worst}").format(worst=worst))
    return "\n".join(out)
