"""``whist ledger check``: is this ledger whole, and does every deal in it replay?

`check_ledger` runs, without writing anything (not even into a damaged file):

1. the database checks of `openwhist.ledger.check.check_database` -- SQLite's full
   ``PRAGMA integrity_check`` and foreign keys, the schema, and the ledger's invariants
   (entries equal the records' score lines, the stored sums equal the entries, deal
   numbering, action logs);
2. when those pass, a **replay** of every match through its variant's rules: every played
   deal's actions are legal where they stand and end the deal, every real-card deal's facts
   validate and score again, each recomputed score and progress equals the stored one, and
   the deal in progress replays up to its last logged action. Each claim kept with a deal
   (`openwhist.records.ClaimRecord`, finished deal or in progress) is well formed, comes
   at a point of the deal, and gets its recorded verdict again where it was made (the
   solver's proof or refusal; a claim the opponents answered is not proved again), and a
   proved claim's side took its tricks (`openwhist.records.replay_claim`,
   `check_claimed_tricks`). A match whose variant is not installed is skipped and named
   (``skipped``), not counted as damage.

The answer is ``{"url", "ok", "matches", "deals", "replayed", "skipped", "findings"}``
(each finding `Finding.as_dict`, its ``message`` translatable);
``ok`` is true when there are no findings.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from openwhist.game.engine import Engine
from openwhist.game.errors import (
    IllegalActionError,
    InvalidNotationError,
    OpenWhistError,
    RecordError,
)
from openwhist.game.messages import N_, Message
from openwhist.game.scoring import DealScore, MatchProgress
from openwhist.game.state import TERMINAL, DealContext
from openwhist.game.variant import Variant
from openwhist.ledger.check import CHECKS, Finding
from openwhist.records import (
    ClaimRecord,
    check_claim_order,
    check_claimed_tricks,
    replay_claim,
)


def _recorded(value: Mapping[str, Any] | None) -> Any:
    """A score or progress as the ledger stores it, without its translatable messages."""
    out = json.loads(json.dumps(value))
    if isinstance(out, dict):
        out.pop("summary_message", None)
        for key in ("lines", "awards"):
            for line in out.get(key, ()):
                if isinstance(line, dict):
                    line.pop("message", None)
    return out


def _reason(exc: BaseException) -> Message:
    """Why, translatable: the `Message` an openwhist error was raised with; else its text
    (a validation error's, a library's) as data."""
    message = getattr(exc, "message", None)
    return message if isinstance(message, Message) else Message("{text}", {"text": str(exc)})


def _in_deal(exc: RecordError, number: int) -> Message:
    """A record error's message without the "deal N: " that the finding already names."""
    message = _reason(exc)
    if message.text == "deal {deal}: {problem}" and message.values.get("deal") == number:
        problem = message.values["problem"]
        if isinstance(problem, Message):
            return problem
    return message


def _replay(mid: int, number: int, message: Message) -> list[Finding]:
    return [Finding("replay", message, mid, number)]


def _engine(catalog: Any, data: Mapping[str, Any]) -> Engine:
    source = catalog
    if isinstance(source, Mapping):
        variant: Variant = source[data["variant"]]
        rules = []
    else:
        variant = source.variant(data["variant"])
        rules = [source.house_rule(name) for name in data["house_rules"]]
    # The match's seat count is its number of seats (players), `--players N`.
    seats = len(data["players"]) if data.get("players") else None
    return Engine(variant, variant.make_options(data["options"]), house_rules=rules, seats=seats)


def _replay_match(engine: Engine, data: Mapping[str, Any], stored: MatchProgress) -> list[Finding]:
    """Replay one match's deals; the findings (none when every deal replays exactly)."""
    mid = int(data["id"])
    progress = engine.start_match(int(data["first_dealer"]))
    for deal in data["deal_records"]:
        number = int(deal["number"])
        record = deal["record"]
        if deal["source"] == "recorded" and deal["status"] == "complete":
            model = engine.variant.facts
            if model is None:
                return _replay(
                    mid, number, Message(N_("real-card facts in a variant without facts"))
                )
            context = DealContext(
                options=engine.options,
                seats=engine.seats,
                dealer=progress.dealer,
                number=progress.deals + 1,
                progress=progress.as_dict(),
            )
            try:
                score: DealScore = engine.rules.score_facts(
                    model.model_validate(record.get("facts", {})), context
                )
            except (ValidationError, ValueError, OpenWhistError) as exc:
                return _replay(
                    mid,
                    number,
                    Message(N_("its facts no longer score: {reason}"), {"reason": _reason(exc)}),
                )
        else:
            try:
                claims = sorted(
                    (ClaimRecord.model_validate(c) for c in record.get("claims") or []),
                    key=lambda c: c.after,
                )
                check_claim_order(claims, deal=number)
            except ValidationError as exc:
                return _replay(
                    mid,
                    number,
                    Message(N_("a kept claim is malformed: {reason}"), {"reason": _reason(exc)}),
                )
            except RecordError as exc:
                return _replay(mid, number, _in_deal(exc, number))
            pending = list(claims)
            verdicts = []
            state = engine.next_deal(progress)
            actions = record.get("actions", [])
            for index, text in enumerate([*actions, None], start=1):
                while pending and pending[0].after == index - 1:
                    try:
                        verdicts.append(replay_claim(engine, state, pending.pop(0), deal=number))
                    except RecordError as exc:
                        return _replay(mid, number, _in_deal(exc, number))
                if text is None:
                    break
                if state.to_act == TERMINAL:
                    return _replay(
                        mid,
                        number,
                        Message(
                            N_("action {action} ({notation}) comes after the deal's end"),
                            {"action": index, "notation": text},
                        ),
                    )
                try:
                    state = engine.apply(state, engine.parse_action(state, text))
                except (InvalidNotationError, IllegalActionError) as exc:
                    return _replay(
                        mid,
                        number,
                        Message(
                            N_("action {action} ({notation}): {reason}"),
                            {"action": index, "notation": text, "reason": _reason(exc)},
                        ),
                    )
            if pending:
                return _replay(
                    mid,
                    number,
                    Message(
                        N_("a claim after action {after}, but the deal has {count} actions"),
                        {"after": pending[0].after, "count": len(actions)},
                    ),
                )
            if deal["status"] != "complete":
                break  # the deal in progress: its logged actions replay, that is all
            if state.to_act != TERMINAL:
                return _replay(mid, number, Message(N_("its actions stop before the deal's end")))
            try:
                check_claimed_tricks(engine, claims, state, verdicts, deal_number=number)
            except RecordError as exc:
                return _replay(mid, number, _in_deal(exc, number))
            score = engine.score(state)
        if _recorded(record.get("score")) != _recorded(score.as_dict()):
            return _replay(mid, number, Message(N_("its stored score differs from the replay's")))
        progress = engine.advance_match(progress, score)
        if _recorded(record.get("progress")) != _recorded(progress.as_dict()):
            return _replay(
                mid, number, Message(N_("its stored progress differs from the replay's"))
            )
    if _recorded(stored.as_dict()) != _recorded(progress.as_dict()):
        return [
            Finding(
                "replay", Message(N_("the match's progress differs from its deals' replay")), mid
            )
        ]
    return []


def check_ledger(url: str | None = None, *, catalog: Any = None) -> dict[str, Any]:
    """Check the ledger at ``url`` (default ``$OPENWHIST_DB`` or the default file).

    Args:
        url: the ledger.
        catalog: where variants are found (a `Catalog` or ``{name: Variant}``); default
            `openwhist.plugins.load_catalog()`.

    Raises:
        LedgerNotFoundError: no ledger file there.
        LedgerError: the ledger cannot be read (unreachable, locked, refused).
    """
    from openwhist.ledger import db
    from openwhist.ledger.check import check_database
    from openwhist.services.ledger import Ledger

    resolved = db.resolve_url(url)
    findings = check_database(resolved)
    answer: dict[str, Any] = {
        "url": db.display_url(resolved),
        "ok": False,
        "matches": 0,
        "deals": 0,
        "replayed": 0,
        "skipped": [],
        "findings": [],
    }
    # Replaying needs a readable file and the whole schema; wrong entries do not stop it.
    if not any(f.check in ("integrity", "schema") for f in findings):
        if catalog is None:
            from openwhist.plugins import load_catalog

            catalog = load_catalog()
        with Ledger(
            resolved.render_as_string(hide_password=False), catalog=catalog, read_only=True
        ) as ledger:
            for summary in reversed(ledger.list_matches()):
                data = ledger.get_match(int(summary["id"]))
                answer["matches"] += 1
                answer["deals"] += len(data["deal_records"])
                try:
                    engine = _engine(catalog, data)
                except (KeyError, OpenWhistError) as exc:
                    answer["skipped"].append(
                        {
                            "match": data["id"],
                            "reason": str(exc),
                            "message": _reason(exc).as_dict(),
                        }
                    )
                    continue
                stored = ledger.resume_point(int(data["id"])).progress
                findings.extend(_replay_match(engine, data, stored))
                answer["replayed"] += 1
            # The kept statistics: each category's sum against the entries, each declared
            # per-deal statistic against the stored deals (installed variants only).
            findings.extend(
                Finding("entries", problem, match)
                for match, problem in ledger.statistics_problems()
            )
    answer["findings"] = [f.as_dict() for f in findings]
    answer["ok"] = not findings
    return answer


__all__ = ["CHECKS", "check_ledger"]
