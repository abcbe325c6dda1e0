"""A club's ledger as a secretary fills it through the services: an English rubber with a
correction, a penalty and a voided deal; an Israeli evening with a correction, an
adjustment and a voided deal; a German match still open. The same evenings serve the
pages' tests, the exports' and the check that the web sheet is `whist scores`'s."""

from __future__ import annotations

from typing import Any

from openwhist.services.ledger import Ledger

ENGLISH = ("Ann", "Bob", "Cy", "Di")
ISRAELI = ("Noa", "Eli", "Sara", "Wim")
GERMAN = ("Ann", "Eli")


def israeli(
    declarer: int,
    bid: str,
    contracts: list[int],
    tricks: list[int],
    revokes: tuple[int, ...] = (0, 0, 0, 0),
) -> dict[str, Any]:
    """An Israeli deal's facts (docs/variants/israeli.md)."""
    return {
        "declarer": declarer,
        "bid": bid,
        "contracts": contracts,
        "tricks": tricks,
        "revokes": list(revokes),
    }


def english_rubber(ledger: Ledger, *, finish: bool = True) -> int:
    """An English rubber: N-S take 11 tricks, E-W 8, a deal voided ("misdeal"), then N-S
    12 for the rubber; the first deal's trick points corrected, a penalty adjusted."""
    match = ledger.start_match("english", list(ENGLISH), label="Tuesday rubber")
    ledger.record_real_deal(match, {"tricks": [11, 2]})
    ledger.record_real_deal(match, {"tricks": [5, 8]})
    ledger.record_real_deal(match, {"tricks": [7, 6]})
    ledger.void_deal(match, 3, "misdeal: Cy dealt 14 cards")
    first = ledger.score_sheet(match)["deals"][0]["lines"][0]
    ledger.correct(first["id"], first["points"] - 1, "Bob counted a trick twice")
    ledger.adjust(match, 1, -2, category="penalty", note="revoke")
    if finish:
        ledger.record_real_deal(match, {"tricks": [12, 1]})
    return match


def israeli_evening(ledger: Ledger) -> int:
    """A four-deal Israeli evening (three deals and a voided one), a contract corrected
    and a late-arrival adjustment."""
    match = ledger.start_match("israeli", list(ISRAELI), options={"match": "fixed_deals:5"})
    ledger.record_real_deal(match, israeli(0, "5S", [5, 4, 3, 0], [5, 4, 4, 0]))
    ledger.record_real_deal(match, israeli(1, "6H", [2, 6, 4, 3], [1, 6, 3, 3]))
    ledger.record_real_deal(
        match, israeli(3, "7NT", [3, 2, 0, 7], [3, 2, 1, 7], revokes=(0, 1, 0, 0))
    )
    ledger.record_real_deal(match, israeli(2, "5D", [4, 4, 5, 1], [4, 4, 5, 0]))
    ledger.void_deal(match, 2, "the cards were not shuffled")
    line = ledger.score_sheet(match)["deals"][0]["lines"][0]
    ledger.correct(line["id"], line["points"] + 5, "Noa's bonus was forgotten")
    ledger.adjust(match, 3, -10, note="Wim arrived late")
    return match


def german_match(ledger: Ledger) -> int:
    """A German best-of-three match, a deal each, still open."""
    match = ledger.start_match("german", list(GERMAN), options={"match_format": "best_of_3"})
    ledger.record_real_deal(match, {"phase1_tricks": [7, 6], "phase2_tricks": [8, 5]})
    ledger.record_real_deal(match, {"phase1_tricks": [6, 7], "phase2_tricks": [6, 7]})
    return match


def club(ledger: Ledger) -> dict[str, int]:
    """The three matches, by what they are."""
    return {
        "english": english_rubber(ledger),
        "israeli": israeli_evening(ledger),
        "german": german_match(ledger),
    }
