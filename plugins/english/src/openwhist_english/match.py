"""Match progression of English Whist: games, rubbers, series (docs/variants/english.md §2.3, §2.7,
docs/variants/american.md §3).

A match is one rubber, a series of ``rubbers`` rubbers, or (``rubber=false``) a series of
``games`` games. `advance_match` adds a scored deal to the current game; a side reaching
``game_target`` wins the game, worth game points by the losers' score (``game_values``);
the first side to win two games wins the rubber (the third game is not played after 2–0)
and adds ``rubber_bonus``. The deal passes to the left after every played deal, across
games and rubbers.

``MatchProgress.totals`` are the match points per side: game points won plus rubber
bonuses. A rubber's value is the winners' game points plus the bonus minus the losers'
game points. A single rubber (or single game) is won by its winner; a series is won by the
side with more match points (equal points: a drawn match, ``winner=None``).

``MatchProgress.detail`` (JSON-safe) holds:

* ``format``: ``"rubbers"`` or ``"games"``; ``planned``: rubbers (or games) in the match;
* ``game_target``, ``game_values``, ``rubber_bonus``: the options that shape the match;
* ``game_score``: points per side in the current game (what the "at four" rule reads);
* ``game_number``: the current game within its rubber (or within the match, for games);
* ``rubber_number``: the current rubber (``rubbers`` format only);
* ``rubber_games``: games won per side in the current rubber;
* ``games``: every finished game: rubber, game number, winner, final score, value;
* ``rubbers``: every finished rubber: winner, games won, game points, bonus, value.
"""

from __future__ import annotations

import random
from typing import Any

from openwhist import (
    N_,
    Category,
    DealScore,
    MatchProgress,
    Message,
    ScoreLine,
    VariantError,
    join_messages,
    plural_message,
)

from openwhist_english.options import EnglishOptions
from openwhist_english.scoring import PARTIES

SEATS = 4
GAMES_TO_WIN_RUBBER = 2


def game_value(options: EnglishOptions, losers_score: int) -> tuple[int, str]:
    """Game points for a won game and their name, by the losers' score
    (docs/variants/english.md §2.7, docs/variants/american.md §3).

    >>> game_value(EnglishOptions(), 0), game_value(EnglishOptions(), 2)
    ((3, 'treble'), (2, 'double'))
    >>> game_value(EnglishOptions(game_target=7, game_values="margin"), 3)
    (4, 'margin 7 − 3')
    """
    if options.game_values == "treble_double_single":
        if losers_score == 0:
            return 3, "treble"
        if losers_score <= 2:
            return 2, "double"
        return 1, "single"
    if options.game_values == "margin":
        return options.game_target - losers_score, f"margin {options.game_target} − {losers_score}"
    return 1, "flat"


def start_match(options: EnglishOptions, first_dealer: int) -> MatchProgress:
    """A new match before its first deal, dealt first by ``first_dealer``.

    The caller picks the first dealer (`choose_first_dealer` applies the option).
    """
    if not 0 <= first_dealer < SEATS:
        raise VariantError(
            Message(
                N_("the first dealer must be a seat 0..3 (N, E, S, W), got {seat}"),
                {"seat": first_dealer},
            )
        )
    fmt = "rubbers" if options.rubber else "games"
    detail: dict[str, Any] = {
        "format": fmt,
        "planned": options.rubbers if options.rubber else options.games,
        "game_target": options.game_target,
        "game_values": options.game_values,
        "rubber_bonus": options.rubber_bonus if options.rubber else 0,
        "game_score": [0, 0],
        "game_number": 1,
        "rubber_games": [0, 0],
        "games": [],
        "rubbers": [],
    }
    if options.rubber:
        detail["rubber_number"] = 1
    progress = MatchProgress(
        parties=PARTIES, deals=0, dealer=first_dealer, totals=(0, 0), detail=detail
    )
    return _with_summary(progress, None)


def advance_match(
    progress: MatchProgress, score: DealScore, options: EnglishOptions
) -> MatchProgress:
    """The progress after one more scored deal (see the module docstring).

    The deal's lines are replayed onto the progress's own game score in order, so the
    first side to reach the target wins the game even if ``score`` was computed without
    this progress.

    Raises:
        VariantError: when the match is already over.
    """
    if progress.finished:
        raise VariantError(Message(N_("the match is over: start a new match")))
    detail = _copy_detail(progress.detail)
    deals = progress.deals + 1
    totals = list(progress.totals)
    if score.facts.get("void"):
        # A void deal scores nothing. A misdeal is redealt by the next player or the same
        # dealer (option misdeal, docs/variants/english.md §2.3); a deal voided by mutual revokes
        # (mutual_revoke=new_deal) is dealt again by the same dealer [D].
        passes = bool(score.facts.get("misdeal")) and options.misdeal == "deal_passes"
        dealer = (progress.dealer + 1) % SEATS if passes else progress.dealer
        event: Message | None = Message(
            N_("deal {number} void ({reason})"),
            {"number": deals, "reason": Message(str(score.facts.get("void_reason", "void")))},
        )
        return _with_summary(
            MatchProgress(
                parties=PARTIES, deals=deals, dealer=dealer, totals=progress.totals, detail=detail
            ),
            event,
        )

    target = options.game_target
    game_score: list[int] = detail["game_score"]
    winner: int | None = None
    for line in score.lines:
        side = line.party
        game_score[side] = max(0, min(target, game_score[side] + line.points))
        if game_score[side] >= target:
            winner = side
            break
    dealer = (progress.dealer + 1) % SEATS  # docs/variants/english.md §2.3: the deal passes to the
    # left
    event = None
    finished = False
    match_winner: int | None = None
    awards: list[ScoreLine] = []
    if winner is not None:
        loser = 1 - winner
        value, name = game_value(options, game_score[loser])
        totals[winner] += value
        game: dict[str, Any] = {
            "game": detail["game_number"],
            "winner": PARTIES[winner],
            "winner_side": winner,
            "score": [min(s, target) for s in game_score],
            "value": value,
            "value_name": name,
            "deal": deals,
        }
        if options.rubber:
            game["rubber"] = detail["rubber_number"]
        detail["games"].append(game)
        event = plural_message(
            "{side} win game {game} {won}–{lost}: {name}, {value} game point",
            "{side} win game {game} {won}–{lost}: {name}, {value} game points",
            "value",
            {
                "side": PARTIES[winner],
                "game": detail["game_number"],
                "won": game["score"][winner],
                "lost": game["score"][loser],
                "name": _value_name(name, options, game_score[loser]),
                "value": value,
            },
        )
        awards.append(ScoreLine.explained(winner, Category.GAME, value, event))
        detail["game_score"] = [0, 0]
        detail["rubber_games"][winner] += 1
        if options.rubber and detail["rubber_games"][winner] == GAMES_TO_WIN_RUBBER:
            rubber = _finish_rubber(detail, winner, options)
            totals[winner] += rubber["bonus"]
            if rubber["bonus"]:
                bonus = Message(
                    N_("rubber {rubber} bonus (rubber value {value})"),
                    {"rubber": rubber["rubber"], "value": rubber["value"]},
                )
                awards.append(ScoreLine.explained(winner, Category.RUBBER, rubber["bonus"], bonus))
            event = join_messages("; ", [event, _rubber_message(rubber)])
            if len(detail["rubbers"]) == detail["planned"]:
                finished = True
                match_winner = winner if detail["planned"] == 1 else _leader(totals)
            else:
                detail["rubber_number"] += 1
                detail["rubber_games"] = [0, 0]
                detail["game_number"] = 1
        elif not options.rubber and len(detail["games"]) == detail["planned"]:
            finished = True
            match_winner = winner if detail["planned"] == 1 else _leader(totals)
        else:
            detail["game_number"] += 1
    return _with_summary(
        MatchProgress(
            parties=PARTIES,
            deals=deals,
            dealer=dealer,
            totals=(totals[0], totals[1]),
            finished=finished,
            winner=match_winner,
            detail=detail,
            awards=tuple(awards),
        ),
        event,
    )


def _finish_rubber(detail: dict[str, Any], winner: int, options: EnglishOptions) -> dict[str, Any]:
    """Record the finished rubber (docs/variants/english.md §2.7) in ``detail`` and return its
    entry."""
    number = detail["rubber_number"]
    points = [0, 0]
    for game in detail["games"]:
        if game.get("rubber") == number:
            points[game["winner_side"]] += game["value"]
    loser = 1 - winner
    bonus = options.rubber_bonus
    value = points[winner] + bonus - points[loser]
    games = list(detail["rubber_games"])
    rubber: dict[str, Any] = {
        "rubber": number,
        "winner": PARTIES[winner],
        "winner_side": winner,
        "games": games,
        "game_points": points,
        "bonus": bonus,
        "value": value,
    }
    rubber["explanation"] = _rubber_message(rubber).render()
    detail["rubbers"].append(rubber)
    return rubber


def _rubber_message(rubber: dict[str, Any]) -> Message:
    """The explanation of a finished rubber (an entry of ``detail["rubbers"]``)."""
    winner = rubber["winner_side"]
    loser = 1 - winner
    return Message(
        N_(
            "{side} win rubber {rubber} by {won} games to {lost}: {points} game points + "
            "{bonus} bonus − {against} = {value}"
        ),
        {
            "side": PARTIES[winner],
            "rubber": rubber["rubber"],
            "won": rubber["games"][winner],
            "lost": rubber["games"][loser],
            "points": rubber["game_points"][winner],
            "bonus": rubber["bonus"],
            "against": rubber["game_points"][loser],
            "value": rubber["value"],
        },
    )


def _value_name(name: str, options: EnglishOptions, losers_score: int) -> Message:
    """`game_value`'s name of a game's value, translatable."""
    if options.game_values == "margin":
        return Message(
            N_("margin {target} − {losers}"),
            {"target": options.game_target, "losers": losers_score},
        )
    return Message(name)  # treble, double, single, flat: see VALUE_NAMES


VALUE_NAMES = (N_("treble"), N_("double"), N_("single"), N_("flat"))
"""The names `game_value` gives, marked for the catalogues."""


def _leader(totals: list[int]) -> int | None:
    if totals[0] == totals[1]:
        return None
    return 0 if totals[0] > totals[1] else 1


def _copy_detail(detail: dict[str, Any]) -> dict[str, Any]:
    copied = dict(detail)
    for key in ("game_score", "rubber_games"):
        copied[key] = list(detail[key])
    for key in ("games", "rubbers"):
        copied[key] = [dict(item) for item in detail[key]]
    return copied


_WHERE = frozenset(
    {
        N_("match drawn: NS {ns} – EW {ew} points"),
        N_("{side} win the match: NS {ns} – EW {ew} points"),
        N_("rubber {rubber}, game {game} (games NS {ns_games} – EW {ew_games}): NS {ns} – EW {ew}"),
        N_("game {game}: NS {ns} – EW {ew}"),
        N_("match points NS {ns} – EW {ew}"),
    }
)
"""The summary's parts that say where the match stands (`_with_summary`); any other part
is what the last deal did (a game, a rubber, a void deal)."""


def standing(progress: MatchProgress) -> Message | None:
    """What the table's score line says beside the match points, which it shows itself
    (`openwhist.Presentation.standing`): what the last deal did -- a game won (and a
    rubber), a void deal -- then where the match stands: the rubber and the game being
    played, each side's points towards that game and the games each has won in the rubber;
    at the end, who won the match. The match points are said once, by the totals; the
    summary (`_with_summary`, what the ledger's lists print) stays whole.

    >>> from openwhist import MatchProgress
    >>> start = MatchProgress(parties=PARTIES, deals=0, dealer=0, totals=(0, 0), detail={
    ...     "format": "rubbers", "game_number": 1, "game_score": [2, 0], "rubber_number": 1,
    ...     "rubber_games": [0, 0], "games": [], "rubbers": []})
    >>> standing(start).render()
    'rubber 1, game 1: NS 2 – EW 0 towards game'
    """
    d = progress.detail
    parts: list[Message] = []
    said = progress.summary_message
    if said is not None:
        first = said.values.get("p0") if said.text.startswith("{p0}") else None
        if isinstance(first, Message) and first.text not in _WHERE:
            parts.append(first)
    if progress.finished:
        if progress.winner is None:
            parts.append(Message(N_("the match is drawn")))
        else:
            parts.append(Message(N_("{side} win the match"), {"side": PARTIES[progress.winner]}))
        return join_messages("; ", parts)
    score: dict[str, int | str | Message] = {
        "ns_side": PARTIES[0],
        "ew_side": PARTIES[1],
        "game": d["game_number"],
        "ns": d["game_score"][0],
        "ew": d["game_score"][1],
    }
    games = d.get("rubber_games") or [0, 0]
    if d["format"] != "rubbers":
        parts.append(
            Message(N_("game {game}: {ns_side} {ns} – {ew_side} {ew} towards game"), score)
        )
    elif any(games):
        parts.append(
            Message(
                N_(
                    "rubber {rubber}, game {game}: {ns_side} {ns} – {ew_side} {ew} towards "
                    "game, games won {ns_games}–{ew_games}"
                ),
                {**score, "rubber": d["rubber_number"], "ns_games": games[0], "ew_games": games[1]},
            )
        )
    else:
        parts.append(
            Message(
                N_("rubber {rubber}, game {game}: {ns_side} {ns} – {ew_side} {ew} towards game"),
                {**score, "rubber": d["rubber_number"]},
            )
        )
    return join_messages("; ", parts)


def _with_summary(progress: MatchProgress, event: Message | None) -> MatchProgress:
    """``progress`` with a one-line readable summary (the last event first, if any)."""
    d = progress.detail
    totals = {"ns": progress.totals[0], "ew": progress.totals[1]}
    parts = [event] if event is not None else []
    if progress.finished:
        if progress.winner is None:
            parts.append(Message(N_("match drawn: NS {ns} – EW {ew} points"), totals))
        else:
            parts.append(
                Message(
                    N_("{side} win the match: NS {ns} – EW {ew} points"),
                    {**totals, "side": PARTIES[progress.winner]},
                )
            )
    else:
        score = {"game": d["game_number"], "ns": d["game_score"][0], "ew": d["game_score"][1]}
        if d["format"] == "rubbers":
            games = d["rubber_games"]
            where = Message(
                N_(
                    "rubber {rubber}, game {game} (games NS {ns_games} – EW {ew_games}): "
                    "NS {ns} – EW {ew}"
                ),
                {**score, "rubber": d["rubber_number"], "ns_games": games[0], "ew_games": games[1]},
            )
        else:
            where = Message(N_("game {game}: NS {ns} – EW {ew}"), score)
        parts.append(where)
        if d["games"]:
            parts.append(Message(N_("match points NS {ns} – EW {ew}"), totals))
    return MatchProgress(
        parties=progress.parties,
        deals=progress.deals,
        dealer=progress.dealer,
        totals=progress.totals,
        finished=progress.finished,
        winner=progress.winner,
        detail=progress.detail,
        awards=progress.awards,
        **MatchProgress.summarised(join_messages("; ", parts)),
    )


def cut_for_deal(rng: random.Random) -> tuple[int, list[list[int]]]:
    """Cut for the first deal (docs/variants/english.md §2.1): each seat cuts a card, the lowest
    deals.

    Ranks only count, the ace is low; seats tied for lowest cut again. Returns the dealer
    and the cards cut in each round: the first round in seat order N, E, S, W, each later
    round by the tied seats only, in seat order.
    """
    seats = list(range(SEATS))
    rounds: list[list[int]] = []
    while True:
        cards = rng.sample(range(52), len(seats))
        rounds.append(cards)
        ranks = [(c % 13 + 1) % 13 for c in cards]  # ace (12) -> 0, two (0) -> 1, ...
        low = min(ranks)
        tied = [seat for seat, r in zip(seats, ranks, strict=True) if r == low]
        if len(tied) == 1:
            return tied[0], rounds
        seats = tied


def choose_first_dealer(options: EnglishOptions, rng: random.Random) -> int:
    """The first dealer as the ``first_dealer`` option says: a cut (``cut_lowest``) or a
    uniformly random seat (``random``). Pass the result to ``Engine.start_match``."""
    if options.first_dealer == "cut_lowest":
        return cut_for_deal(rng)[0]
    return rng.randrange(SEATS)
