"""Solo Whist scoring (docs/variants/solo.md §6) and the session's running units (§7).

`SoloFacts` is what a finished deal hands to scoring, and what a score-keeper enters for a
deal played with real cards; `score_facts` turns facts into explained score lines, one per
seat (category ``contract``), in units. Every deal is settled on its own: the declaring
side is paid by (or pays) each opponent the contract's stake, with over- and undertricks
where they apply. Payments balance: the four lines of a deal always sum to zero.

>>> facts = SoloFacts(contract="solo", declarer=0, tricks=[7, 2, 2, 2])
>>> [line.points for line in score_facts(facts, SoloOptions()).lines]
[9, -3, -3, -3]
>>> facts = SoloFacts(contract="prop", declarer=1, partner=3, tricks=[3, 4, 3, 3])
>>> [line.points for line in score_facts(facts, SoloOptions()).lines]
[2, -2, 2, -2]
"""

from __future__ import annotations

from typing import Any

from openwhist import (
    N_,
    Category,
    DealScore,
    FactsProblemError,
    MatchProgress,
    Message,
    ScoreLine,
    join_messages,
    plural_message,
)
from pydantic import BaseModel, ConfigDict, Field, model_validator

from openwhist_solo.actions import CONTRACT_CODES, MISERES, TARGETS, WITH_TRICK_UNITS
from openwhist_solo.options import SoloOptions

SEAT_NAMES = ("N", "E", "S", "W")
SEATS = 4
TRICKS = 13
TRUMP_NAMES = ("C", "D", "H", "S", "NT")


class SoloFacts(BaseModel):
    """The facts of one Solo Whist deal that scoring needs.

    Attributes:
        contract: the contract played: ``prop`` (proposal and acceptance), ``solo``,
            ``misere``, ``abundance``, ``royal_abundance``, ``open_misere``, ``declared``
            (abundance declared) or ``general_misere`` (all passed, by agreement);
            ``None`` for a deal all passed and void (``all_pass = redeal``).
        declarer: the seat (0=N .. 3=W) whose call won (the proposer in a proposal).
        partner: the acceptor of a proposal; ``None`` otherwise.
        trump: the trump played (``C D H S`` or ``NT``), informational.
        tricks: the tricks each seat took. They total 13, or fewer when play stopped once
            the contract was lost (a misère declarer took a trick, an abundance declared
            lost one: docs/variants/solo.md §5).
        last_trick: the seat that took the last trick (a general misère under
            ``general_misere_loser = last_trick`` needs it).
        passed_out: all four passed and the deal is void.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    contract: str | None = None
    # The roles tell a form which facts name seats (docs/plugins/hooks.md).
    declarer: int | None = Field(None, ge=0, le=SEATS - 1, json_schema_extra={"openwhist": "seat"})
    partner: int | None = Field(None, ge=0, le=SEATS - 1, json_schema_extra={"openwhist": "seat"})
    trump: str | None = None
    tricks: list[int] = Field(
        default_factory=lambda: [0] * SEATS, json_schema_extra={"openwhist": "per_seat"}
    )
    last_trick: int | None = Field(
        None, ge=0, le=SEATS - 1, json_schema_extra={"openwhist": "seat"}
    )
    passed_out: bool = False

    @model_validator(mode="after")
    def _check(self) -> SoloFacts:
        problems = self.problems()
        if problems:
            raise FactsProblemError(*problems)
        return self

    def problems(self) -> list[Message]:
        """Everything wrong with these facts, one message a problem."""
        problems: list[Message] = []
        if len(self.tricks) != SEATS or any(t < 0 for t in self.tricks):
            problems.append(
                Message(N_("tricks: give four counts, one per seat (N E S W), none negative"))
            )
            return problems
        if self.trump is not None and self.trump not in TRUMP_NAMES:
            problems.append(
                Message(N_("trump: '{trump}' is not one of C D H S NT"), {"trump": self.trump})
            )
        if self.passed_out:
            if self.contract is not None or self.declarer is not None or any(self.tricks):
                problems.append(
                    Message(N_("a passed-out deal has no contract, declarer or tricks"))
                )
            return problems
        if self.contract not in CONTRACT_CODES:
            problems.append(
                Message(
                    N_(
                        "contract: one of prop, solo, misere, abundance, royal_abundance, "
                        "open_misere, declared, general_misere"
                    )
                )
            )
            return problems
        total = sum(self.tricks)
        must_total = Message(
            N_("tricks must total {total}, not {count}"), {"total": TRICKS, "count": total}
        )
        if self.contract == "general_misere":
            if self.declarer is not None or self.partner is not None:
                problems.append(Message(N_("a general misère has no declarer and no partner")))
            if total != TRICKS:
                problems.append(must_total)
            return problems
        if self.declarer is None:
            problems.append(
                Message(N_("a {contract} needs its declarer"), {"contract": self.contract})
            )
            return problems
        if (self.contract == "prop") != (self.partner is not None):
            problems.append(
                Message(N_("a proposal has a partner (the acceptor); no other contract has"))
            )
        if self.partner is not None and self.partner == self.declarer:
            problems.append(Message(N_("the partner must be another seat than the declarer")))
        if total > TRICKS:
            problems.append(must_total)
        elif total < TRICKS and not self.stopped_early:
            problems.append(
                Message(
                    N_(
                        "tricks must total {total}, not {count} (play stops early only once a "
                        "misère declarer takes a trick or an abundance declared loses one)"
                    ),
                    {"total": TRICKS, "count": total},
                )
            )
        return problems

    @property
    def side(self) -> tuple[int, ...]:
        """The declaring side's seats (empty in a general misère or a passed-out deal)."""
        if self.declarer is None:
            return ()
        return (self.declarer,) if self.partner is None else (self.declarer, self.partner)

    @property
    def side_tricks(self) -> int:
        """Tricks taken by the declaring side."""
        return sum(self.tricks[s] for s in self.side)

    @property
    def stopped_early(self) -> bool:
        """Whether these facts may stop short of 13 tricks: the contract is already lost."""
        if self.contract in MISERES:
            return self.side_tricks > 0
        if self.contract == "declared":
            return sum(self.tricks) > self.side_tricks
        return False

    @property
    def made(self) -> bool | None:
        """Whether the declaring side made its contract (``None`` without a declarer)."""
        if self.contract is None or self.contract == "general_misere" or self.declarer is None:
            return None
        target = TARGETS[self.contract]
        if self.contract in MISERES:
            return self.side_tricks == 0
        return self.side_tricks >= target


def general_misere_losers(facts: SoloFacts, options: SoloOptions) -> list[int]:
    """Who pays in a general misère: the seats with the most tricks (all tied), or the seat
    that took the last trick (docs/variants/solo.md §3.4)."""
    if options.general_misere_loser == "last_trick":
        if facts.last_trick is None:
            raise FactsProblemError(
                Message(
                    N_(
                        "last_trick: under general_misere_loser=last_trick a general misère "
                        "needs the seat that took the last trick"
                    )
                )
            )
        return [facts.last_trick]
    most = max(facts.tricks)
    return [s for s in range(SEATS) if facts.tricks[s] == most]


def _general_misere(facts: SoloFacts, options: SoloOptions) -> list[ScoreLine]:
    losers = general_misere_losers(facts, options)
    stake = options.general_misere_stake
    winners = [s for s in range(SEATS) if s not in losers]
    lines = []
    for seat in range(SEATS):
        if seat in losers:
            points = -stake * len(winners)
            note = Message(
                N_("general misère lost with {took} tricks: pays {stake} to each of {count}"),
                {"took": facts.tricks[seat], "stake": stake, "count": len(winners)},
            )
        else:
            points = stake * len(losers)
            note = Message(
                N_("general misère: {took} tricks, paid {stake} by each of {count}"),
                {"took": facts.tricks[seat], "stake": stake, "count": len(losers)},
            )
        lines.append(ScoreLine.explained(seat, Category.CONTRACT, points, note))
    return lines


CONTRACT_WORDS = {
    "prop": N_("proposal and acceptance"),
    "solo": N_("solo"),
    "misere": N_("misère"),
    "abundance": N_("abundance"),
    "royal_abundance": N_("royal abundance"),
    "open_misere": N_("open misère"),
    "declared": N_("abundance declared"),
    "general_misere": N_("general misère"),
}
"""The words for each contract (translated by the plugin's catalogue)."""

CONTRACT_WORDS_MESSAGES = {name: Message(word) for name, word in CONTRACT_WORDS.items()}


def contract_units(facts: SoloFacts, options: SoloOptions) -> tuple[int, Message]:
    """Units each opponent pays the declaring side (negative: the side pays), with the
    explanation (docs/variants/solo.md §6)."""
    assert facts.contract is not None
    stake = options.stakes()[facts.contract]
    took = facts.side_tricks
    values: dict[str, int | str | Message] = {
        "stake": stake,
        "took": took,
        "contract": CONTRACT_WORDS_MESSAGES[facts.contract],
    }
    if facts.contract in MISERES:
        if took == 0:
            return stake, Message(N_("{contract} made: {stake} a head"), values)
        return -stake, Message(N_("{contract} lost with a trick taken: {stake} a head"), values)
    target = TARGETS[facts.contract]
    values["target"] = target
    if facts.contract not in WITH_TRICK_UNITS or options.trick_unit == 0:
        if took >= target:
            return stake, Message(N_("{contract} made, {took} tricks: {stake} a head"), values)
        return -stake, Message(
            N_("{contract} lost, {took} tricks of {target}: {stake} a head"), values
        )
    unit = options.trick_unit
    if took >= target:
        over = took - target
        values.update(over=over, unit=unit, units=stake + over * unit)
        return stake + over * unit, Message(
            N_("{contract} made, {took} tricks: {stake} + {over} over x {unit} = {units} a head"),
            values,
        )
    under = target - took
    values.update(under=under, unit=unit, units=stake + under * unit)
    return -(stake + under * unit), Message(
        N_("{contract} lost, {took} tricks: {stake} + {under} under x {unit} = {units} a head"),
        values,
    )


def score_facts(facts: SoloFacts, options: SoloOptions) -> DealScore:
    """Score a deal per docs/variants/solo.md §6: one line per seat, in units.

    Raises:
        VariantError: facts the options rule out (a void deal under ``all_pass =
            general_misere``, a general misère under ``redeal``, a royal abundance where
            royal abundance is not played).
    """
    problems: list[Message] = []
    if facts.passed_out and options.all_pass != "redeal":
        problems.append(
            Message(N_("passed_out: under all_pass=general_misere a deal all passed is played"))
        )
    if facts.contract == "general_misere" and options.all_pass != "general_misere":
        problems.append(
            Message(N_("contract: a general misère is played only under all_pass=general_misere"))
        )
    if facts.contract == "royal_abundance" and not options.royal_abundance:
        problems.append(
            Message(N_("contract: royal abundance is not played under royal_abundance=false"))
        )
    if problems:
        raise FactsProblemError(*problems)
    details: dict[str, Any] = {
        "contract": facts.contract,
        "declarer": facts.declarer,
        "partner": facts.partner,
        "trump": facts.trump,
        "made": facts.made,
        "passed_out": facts.passed_out,
        "side_tricks": facts.side_tricks,
        "events": {"passed_out": int(facts.passed_out)},
    }
    lines: list[ScoreLine] = []
    winner: int | None = None
    if facts.contract == "general_misere":
        lines = _general_misere(facts, options)
    elif facts.contract is not None:
        units, note = contract_units(facts, options)
        side = facts.side
        opponents = [s for s in range(SEATS) if s not in side]
        # Each opponent pays each player of a lone declarer; in a proposal each player of
        # the losing pair pays one player of the winning pair (docs/variants/solo.md §6).
        per_side_seat = units * len(opponents) // len(side)
        for seat in range(SEATS):
            points = per_side_seat if seat in side else -units
            lines.append(ScoreLine.explained(seat, Category.CONTRACT, points, note))
        details["units"] = units
        if facts.made:
            winner = facts.declarer
    return DealScore(
        parties=SEAT_NAMES,
        lines=tuple(lines),
        winner=winner,
        tricks=tuple(facts.tricks),
        facts=details,
    )


def start_match(options: SoloOptions, first_dealer: int) -> MatchProgress:
    """A new session: zero units for everyone, the format in ``detail``."""
    kind, limit = options.match_format
    detail: dict[str, Any] = {"format": kind, "limit": limit, "played": 0, "void": 0}
    return MatchProgress(
        parties=SEAT_NAMES,
        deals=0,
        dealer=first_dealer,
        totals=(0,) * SEATS,
        detail=detail,
        **MatchProgress.summarised(_summary((0,) * SEATS, detail)),
    )


def advance_match(progress: MatchProgress, score: DealScore, options: SoloOptions) -> MatchProgress:
    """The session after one more deal (docs/variants/solo.md §7): the units are added to
    each player's running total and the deal passes to the left. ``fixed_deals:N`` ends
    after N played deals (void deals all passed do not count); the winner is the player
    with the most units (``None`` for a tie at the top)."""
    detail = dict(progress.detail)
    kind = str(detail.get("format", options.match_format[0]))
    limit = int(detail.get("limit", options.match_format[1]))
    if score.facts.get("passed_out"):
        detail["void"] = int(detail.get("void", 0)) + 1
    else:
        detail["played"] = int(detail.get("played", 0)) + 1
    totals = tuple(t + score.points(p) for p, t in enumerate(progress.totals))
    finished = kind == "fixed_deals" and detail["played"] >= limit
    winner: int | None = None
    if finished:
        best = max(totals)
        leaders = [p for p, t in enumerate(totals) if t == best]
        winner = leaders[0] if len(leaders) == 1 else None
    return MatchProgress(
        parties=progress.parties,
        deals=progress.deals + 1,
        dealer=(progress.dealer + 1) % SEATS,
        totals=totals,
        finished=finished,
        winner=winner,
        detail=detail,
        **MatchProgress.summarised(_summary(totals, detail)),
    )


def _summary(totals: tuple[int, ...], detail: dict[str, Any]) -> Message:
    # Each seat's name is a value of its own, so a front end shows it as the player's name
    # or as its language writes the letter (W is O in Spanish).
    values: dict[str, int | str | Message] = {
        "totals": join_messages(
            ", ",
            [
                Message("{seat} {total}", {"seat": n, "total": f"{t:+d}"})
                for n, t in zip(SEAT_NAMES, totals, strict=True)
            ],
        ),
        "played": int(detail.get("played", 0)),
        "limit": str(detail.get("limit")),
    }
    if detail.get("format") == "fixed_deals":
        return Message(N_("{totals} units (deal {played} of {limit})"), values)
    return Message(N_("{totals} units"), values)


def standing(progress: MatchProgress) -> Message | None:
    """What the table's score line says beside the players' totals, which it shows itself
    (`openwhist.Presentation.standing`): that they are units, and how many of a fixed
    number of deals are played -- not the totals again, as the summary has them."""
    detail = progress.detail
    if detail.get("format") == "fixed_deals":
        return plural_message(
            "units; {played} of {limit} deal played",
            "units; {played} of {limit} deals played",
            "limit",
            {"played": int(detail.get("played", 0)), "limit": int(detail.get("limit", 0))},
        )
    return Message(N_("units"))


__all__ = [
    "CONTRACT_WORDS",
    "SEAT_NAMES",
    "SoloFacts",
    "advance_match",
    "contract_units",
    "general_misere_losers",
    "score_facts",
    "standing",
    "start_match",
]
