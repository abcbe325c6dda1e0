"""Israeli Whist scoring (docs/variants/israeli.md §4.7, §4.8) and match progression (§4.9).

`IsraeliFacts` is what a finished deal hands to scoring, and what a score-keeper enters for a
deal played with real cards; `score_facts` turns facts into explained score lines, one per
seat (category ``contract`` or ``zero_bid``) plus a ``penalty`` line per seat with declared
revokes.

>>> facts = IsraeliFacts(declarer=0, bid="5S", contracts=[5, 3, 0, 4], tricks=[5, 4, 0, 4])
>>> [line.points for line in score_facts(facts, IsraeliOptions()).lines]
[35, -10, 50, 26]
"""

from __future__ import annotations

from collections.abc import Sequence
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
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
    model_validator,
)

from openwhist_israeli.actions import Bid, parse_call
from openwhist_israeli.options import MAX_TRICKS, IsraeliOptions

SEAT_NAMES = ("N", "E", "S", "W")
SEAT_LETTERS = (N_("N"), N_("E"), N_("S"), N_("W"))
"""The seats as a message names them when it has no player's name: translated, so West is
``O`` in Spanish, Portuguese and Italian."""
SEATS = 4
FAILED_ZERO_FIRST = -50
"""A failed zero contract: −50 for the first trick ... (docs/variants/israeli.md §4.7, literal,
C-I8)."""
FAILED_ZERO_FURTHER = 10
"""... and +10 for each further trick."""


class IsraeliFacts(BaseModel):
    """The facts of one Israeli deal that scoring needs.

    Attributes:
        declarer: the seat (0=N .. 3=W) that won the trump auction; ``None`` if passed out.
        bid: the winning trump bid in notation (``7S``, ``6NT``; any accepted spelling is
            normalised); ``None`` if passed out.
        contracts: the four contracts, by seat.
        tricks: the tricks each seat took (they total 13).
        revokes: revokes declared against each seat (each costs ``revoke_fine``).
        passed_out: the deal was cancelled after its last allowed auction was passed out
            (``passed_out_redeal_by = "next"``): it scores nothing.
        frisch_rounds: Frisch rounds played before the auction that stood (informational).
        redeals: times the deal was cancelled and redealt by the same dealer
            (informational).

    Validation (docs/variants/israeli.md §4.5): contracts 0..13, the declarer's at least his bid
    number, and the four not totalling exactly 13 -- except the single waiver case of §4.5.6 (the
    bid is 13, the declarer contracts 13 and the others 0).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    # The descriptions are what `whist record fields` shows, translated by our catalogue;
    # the roles tell a form which facts name seats (docs/plugins/hooks.md).
    declarer: int | None = Field(
        None,
        ge=0,
        le=SEATS - 1,
        description=N_("the seat (0=N .. 3=W) that won the trump auction; None if passed out"),
        json_schema_extra={"openwhist": "seat"},
    )
    bid: str | None = Field(
        None,
        description=N_(
            "the winning trump bid in notation (7S, 6NT; any accepted spelling is "
            "normalised); None if passed out"
        ),
    )
    contracts: list[int] = Field(
        default_factory=list,
        description=N_("the four contracts, by seat"),
        json_schema_extra={"openwhist": "per_seat"},
    )
    tricks: list[int] = Field(
        default_factory=lambda: [0] * SEATS,
        description=N_("the tricks each seat took (they total 13)"),
        json_schema_extra={"openwhist": "per_seat"},
    )
    revokes: list[int] = Field(
        default_factory=lambda: [0] * SEATS,
        description=N_("revokes declared against each seat (each costs revoke_fine)"),
        json_schema_extra={"openwhist": "per_seat"},
    )
    passed_out: bool = Field(
        False,
        description=N_(
            "the deal was cancelled after its last allowed auction was passed out "
            '(passed_out_redeal_by = "next"): it scores nothing'
        ),
    )
    frisch_rounds: int = Field(
        0,
        ge=0,
        le=100,
        description=N_("Frisch rounds played before the auction that stood (informational)"),
    )
    redeals: int = Field(
        0,
        ge=0,
        description=N_(
            "times the deal was cancelled and redealt by the same dealer (informational)"
        ),
    )

    @field_validator("bid")
    @classmethod
    def _normalise_bid(cls, value: str | None) -> str | None:
        if value is None:
            return None
        call = parse_call(value)
        if not isinstance(call, Bid):
            raise FactsProblemError(Message(N_("the winning bid cannot be a pass")))
        return call.notation()

    @model_validator(mode="after")
    def _check(self, info: ValidationInfo) -> IsraeliFacts:
        # Every problem at once, one per line (the ledger lists each line as a problem),
        # so a score-keeper fixes them all in one go.
        context = (info.context or {}) if info is not None else {}
        players = context.get("players")
        problems = self.problems(players if isinstance(players, list) else None)
        options = context.get("options")
        if isinstance(options, IsraeliOptions):
            problems.extend(self.rule_problems(options))
        if problems:
            raise FactsProblemError(*problems)
        return self

    def problems(self, players: Sequence[str] | None = None) -> list[Message]:
        """What is wrong with these facts whatever the rule options
        (docs/variants/israeli.md §4.5), one message each; ``players`` (their names in seat
        order, as the ledger gives them) name the seats, else their translated letters."""
        problems: list[Message] = []
        if len(self.tricks) != SEATS or any(t < 0 for t in self.tricks):
            problems.append(
                Message(N_("tricks: give four counts, one per seat (N E S W), none negative"))
            )
        if len(self.revokes) != SEATS or any(r < 0 for r in self.revokes):
            problems.append(Message(N_("revokes: give four counts, one per seat, none negative")))
        elif any(r > MAX_TRICKS for r in self.revokes):
            # A revoke is a card played to a trick: one seat revokes at most once a trick.
            problems.append(
                Message(
                    N_(
                        "revokes: a seat can revoke at most once a trick, so at most {most} "
                        "times a deal, not {count}"
                    ),
                    {"most": MAX_TRICKS, "count": max(self.revokes)},
                )
            )
        if self.passed_out:
            if self.declarer is not None or self.bid is not None or self.contracts:
                problems.append(Message(N_("a passed-out deal has no declarer, bid or contracts")))
            if any(self.tricks):
                problems.append(Message(N_("a passed-out deal is not played: no tricks")))
            if any(self.revokes):
                problems.append(Message(N_("a passed-out deal is not played: no revokes")))
            return problems
        if self.declarer is None or self.bid is None:
            problems.append(Message(N_("a played deal needs the declarer and the winning bid")))
        if len(self.tricks) == SEATS and sum(self.tricks) != MAX_TRICKS:
            problems.append(
                Message(
                    N_("tricks must total {total}, not {count}"),
                    {"total": MAX_TRICKS, "count": sum(self.tricks)},
                )
            )
        if len(self.contracts) != SEATS:
            problems.append(Message(N_("contracts: give four contracts, one per seat (N E S W)")))
            return problems
        if any(not 0 <= c <= MAX_TRICKS for c in self.contracts):
            problems.append(
                Message(N_("each contract is 0 to {most} tricks"), {"most": MAX_TRICKS})
            )
        if self.declarer is not None and self.bid is not None:
            number = self.bid_number
            if self.contracts[self.declarer] < number:
                seat: Message | str = (
                    players[self.declarer]
                    if players is not None and len(players) == SEATS
                    else Message(SEAT_LETTERS[self.declarer])
                )
                problems.append(
                    Message(
                        N_(
                            "the declarer ({seat}) bid {bid} and must contract at least "
                            "{number}, not {contract}"
                        ),
                        {
                            "seat": seat,
                            "bid": self.bid,
                            "number": number,
                            "contract": self.contracts[self.declarer],
                        },
                    )
                )
        if sum(self.contracts) == MAX_TRICKS and not self.is_waiver:
            problems.append(
                Message(
                    N_("the contracts may not total exactly {total} (the last bidder's rule)"),
                    {"total": MAX_TRICKS},
                )
            )
        return problems

    def rule_problems(self, options: IsraeliOptions) -> list[Message]:
        """What these facts cannot be under the match's rule options: a bid below
        ``min_bid`` (§4.3.3), a passed-out deal where passed-out deals are redealt by the
        same dealer (so no deal ends passed out)."""
        problems: list[Message] = []
        if self.passed_out and options.passed_out_redeal_by == "same":
            problems.append(
                Message(
                    N_(
                        "passed_out: under passed_out_redeal_by=same a passed-out deal is "
                        "redealt by the same dealer and played, so no deal ends passed out "
                        "(count the redeal in redeals and enter the deal that was played)"
                    )
                )
            )
        if not self.passed_out and self.bid is not None and self.bid_number < options.min_bid:
            problems.append(
                Message(
                    N_("bid: {bid} is below the minimum bid {least}"),
                    {"bid": self.bid, "least": options.min_bid},
                )
            )
        return problems

    @property
    def bid_number(self) -> int:
        """The number of tricks of the winning bid (0 if passed out)."""
        return 0 if self.bid is None else int(self.bid.rstrip("CDHSNT"))

    @property
    def is_waiver(self) -> bool:
        """The single case where a total of 13 is allowed (docs/variants/israeli.md §4.5.6)."""
        return (
            self.declarer is not None
            and self.bid_number == MAX_TRICKS
            and self.contracts[self.declarer] == MAX_TRICKS
            and sum(self.contracts) == MAX_TRICKS
        )

    @property
    def deal_type(self) -> str:
        """``over`` (contracts total more than 13), ``under`` (less) or ``exact`` (waiver)."""
        total = sum(self.contracts)
        return "over" if total > MAX_TRICKS else "under" if total < MAX_TRICKS else "exact"


def seat_points(bid: int, took: int, deal_type: str, options: IsraeliOptions) -> int:
    """One seat's points for its contract (docs/variants/israeli.md §4.7) under ``options``:
    ``bid² + 10`` for a contract made exactly, ``-fail_per_trick`` per trick over or under,
    a made zero ``zero_under_bonus`` in an ``under`` deal and ``zero_over_bonus`` otherwise
    (``over`` and the waiver's ``exact``), a broken zero −50 for the first trick and +10 for
    each further one. `contract_line` explains the same figure; the bots score their
    sampled deals with this function, so they play under the constants in force.

    >>> seat_points(0, 0, "under", IsraeliOptions(zero_under_bonus=80))
    80
    >>> seat_points(4, 6, "over", IsraeliOptions(fail_per_trick=15))
    -30
    """
    if bid >= 1:
        return bid * bid + 10 if took == bid else -options.fail_per_trick * abs(took - bid)
    if took == 0:
        return options.zero_under_bonus if deal_type == "under" else options.zero_over_bonus
    return FAILED_ZERO_FIRST + FAILED_ZERO_FURTHER * (took - 1)


def contract_line(
    seat: int, bid: int, took: int, deal_type: str, options: IsraeliOptions
) -> ScoreLine:
    """The score line of one seat's contract (docs/variants/israeli.md §4.7), with its
    explanation (the points are `seat_points`'s)."""
    points = seat_points(bid, took, deal_type, options)
    if bid >= 1:
        if took == bid:
            note = Message(
                N_("contract {bid} made: {bid}² + 10 = {points}"), {"bid": bid, "points": points}
            )
            return ScoreLine.explained(seat, Category.CONTRACT, points, note)
        diff = abs(took - bid)
        values = {"bid": bid, "took": took, "diff": diff, "fine": options.fail_per_trick}
        note = Message(
            N_("contract {bid} missed: took {took}, {diff} over x {fine}")
            if took > bid
            else N_("contract {bid} missed: took {took}, {diff} under x {fine}"),
            values,
        )
        return ScoreLine.explained(seat, Category.CONTRACT, points, note)
    if took == 0:
        # §4.7: +50 in an under deal, +25 in an over deal. The waiver deal (total exactly
        # 13) is neither; we give it the over bonus [D, docs/variants/israeli.md].
        bonus = points
        if deal_type == "under":
            template = N_("zero made in an under deal: +{bonus}")
        else:
            template = (
                N_("zero made in an over deal: +{bonus}")
                if deal_type == "over"
                else N_("zero made in an exact deal: +{bonus}")
            )
        return ScoreLine.explained(
            seat, Category.ZERO_BID, bonus, Message(template, {"bonus": bonus})
        )
    values = {"took": took, "further": took - 1, "points": points}
    if took == 1:
        template = N_("zero missed with 1 trick: −50")
    elif points <= 0:
        template = N_("zero missed with {took} tricks: −50 + 10 x {further} further = {points}")
    else:
        template = N_(
            "zero missed with {took} tricks: −50 + 10 x {further} further = {points} (the "
            "literal rule scores a failed zero above zero from 7 tricks)"
        )
    return ScoreLine.explained(seat, Category.ZERO_BID, points, Message(template, values))


def score_facts(facts: IsraeliFacts, options: IsraeliOptions) -> DealScore:
    """Score a deal per docs/variants/israeli.md §4.7–§4.8: per seat its contract line, then its
    revokes.

    Raises:
        FactsProblemError: facts the options rule out (`IsraeliFacts.rule_problems`: a
            winning bid below ``min_bid``, a passed-out deal under
            ``passed_out_redeal_by=same``), which no auction can produce -- a score-keeper's
            slip; one message a problem.
    """
    problems = facts.rule_problems(options)
    if problems:
        raise FactsProblemError(*problems)
    details: dict[str, Any] = {
        "declarer": facts.declarer,
        "bid": facts.bid,
        "contracts": list(facts.contracts),
        "revokes": list(facts.revokes),
        "passed_out": facts.passed_out,
        # Counted by `whist simulate` across deals (the DealScore "events" convention).
        "events": {"frisch": facts.frisch_rounds, "redeal": facts.redeals},
    }
    lines: list[ScoreLine] = []
    if not facts.passed_out:
        deal_type = facts.deal_type
        details["deal_type"] = deal_type
        details["contract_total"] = sum(facts.contracts)
        for seat in range(SEATS):
            lines.append(
                contract_line(seat, facts.contracts[seat], facts.tricks[seat], deal_type, options)
            )
            if facts.revokes[seat]:
                count = facts.revokes[seat]
                note = plural_message(
                    "{count} revoke x {fine}",
                    "{count} revokes x {fine}",
                    "count",
                    {"count": count, "fine": options.revoke_fine},
                )
                lines.append(
                    ScoreLine.explained(seat, Category.PENALTY, -options.revoke_fine * count, note)
                )
    return DealScore(
        parties=SEAT_NAMES,
        lines=tuple(lines),
        winner=None,
        tricks=tuple(facts.tricks),
        facts=details,
    )


def start_match(options: IsraeliOptions, first_dealer: int) -> MatchProgress:
    """A new match: zero totals, the format in ``detail``."""
    kind, limit = options.match_format
    detail: dict[str, Any] = {"format": kind, "limit": limit, "played": 0, "cancelled": 0}
    return MatchProgress(
        parties=SEAT_NAMES,
        deals=0,
        dealer=first_dealer,
        totals=(0,) * SEATS,
        detail=detail,
        **MatchProgress.summarised(_summary((0,) * SEATS, detail)),
    )


def advance_match(
    progress: MatchProgress, score: DealScore, options: IsraeliOptions
) -> MatchProgress:
    """The match after one more deal (docs/variants/israeli.md §4.9; §4.2: the dealer moves left).

    ``deals`` counts every finished deal; ``detail["played"]`` counts the scored ones and
    ``detail["cancelled"]`` the passed-out deals ended under ``passed_out_redeal_by = "next"``,
    which do not count towards ``fixed_deals:N``. ``fixed_deals:N`` ends after N scored deals;
    ``target:N`` ends after the first deal at which someone has N or more points and one
    player alone has the highest total (a tie at the top plays on) [D]. The winner is the
    highest total (``None`` for a tie after ``fixed_deals``).
    """
    detail = dict(progress.detail)
    kind = str(detail.get("format", options.match_format[0]))
    limit = int(detail.get("limit", options.match_format[1]))
    if score.facts.get("passed_out"):
        detail["cancelled"] = int(detail.get("cancelled", 0)) + 1
    else:
        detail["played"] = int(detail.get("played", 0)) + 1
    totals = tuple(t + score.points(p) for p, t in enumerate(progress.totals))
    best = max(totals)
    leaders = [p for p, t in enumerate(totals) if t == best]
    finished = False
    winner: int | None = None
    if kind == "fixed_deals" and detail["played"] >= limit:
        finished = True
        winner = leaders[0] if len(leaders) == 1 else None
    elif kind == "target" and best >= limit and len(leaders) == 1:
        finished, winner = True, leaders[0]
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
                Message("{seat} {total}", {"seat": n, "total": t})
                for n, t in zip(SEAT_NAMES, totals, strict=True)
            ],
        ),
        "played": int(detail.get("played", 0)),
        "limit": str(detail.get("limit")),
    }
    kind = detail.get("format")
    if kind == "fixed_deals":
        return Message(N_("{totals} (deal {played} of {limit})"), values)
    if kind == "target":
        return Message(N_("{totals} (target {limit})"), values)
    return Message("{totals}", values)


def standing(progress: MatchProgress) -> Message | None:
    """What the table's score line says beside the players' totals, which it shows itself
    (`openwhist.Presentation.standing`): how many of a fixed number of deals are played, or
    the target -- not the totals again, as the summary has them."""
    detail = progress.detail
    kind = detail.get("format")
    if kind == "fixed_deals":
        return plural_message(
            "{played} of {limit} deal played",
            "{played} of {limit} deals played",
            "limit",
            {"played": int(detail.get("played", 0)), "limit": int(detail.get("limit", 0))},
        )
    if kind == "target":
        return Message(N_("first to {limit} points"), {"limit": int(detail.get("limit", 0))})
    return None


__all__ = [
    "SEAT_NAMES",
    "IsraeliFacts",
    "advance_match",
    "contract_line",
    "score_facts",
    "seat_points",
    "standing",
    "start_match",
]
