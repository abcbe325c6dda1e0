"""Real-card score entry on the club pages: a secretary starts a match, enters its deals
by the players' names, corrects, adjusts, voids and closes (docs/club.md, "The
secretary's pages").

Every page here is for a logged-in secretary (`openwhist_server.club.auth`): a visitor is
sent to the login page, and a ``POST`` without a login answers 401 and changes nothing;
every form carries the session's CSRF token and a one-time form token. Each change is
one unit of work of the ledger together with the form token
(`openwhist.services.accounts.Accounts.once`), so a form sent twice changes the ledger
once. The forms are generated from the variant's models (`openwhist.services.forms`):
no variant is named here. A deal is validated and scored exactly as ``whist record deal``
does it (`Ledger.real_deal_problems`, `Ledger.record_real_deal`: the variant's facts
model and its ``score_facts`` hook); every problem is listed at once, each beside its
fact, and what was typed stays in the form.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from openwhist import N_, Message, OpenWhistError, OptionsError
from openwhist.services.accounts import Accounts
from openwhist.services.forms import FactsForm, Seating
from openwhist.services.ledger import (
    DuplicateDealError,
    InvalidFactsError,
    LedgerNotFoundError,
    facts_messages,
)
from pydantic import ValidationError
from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from openwhist_server.club import auth, web

if TYPE_CHECKING:
    import gettext

    from openwhist.game.variant import Variant
    from openwhist.services.ledger import Ledger
    from sqlmodel import Session

RECENT_DEALS = 8
"""Deals of the match shown on its entry page, newest last, with their entries."""
OPTION_PREFIX = "o-"
"""The start form's option fields are named ``o-OPTION`` (players are ``player.N``)."""
MAX_LABEL = 200
MAX_NOTE = 400

CATEGORY_WORDS = (
    N_("tricks"),
    N_("honours"),
    N_("contract"),
    N_("zero_bid"),
    N_("penalty"),
    N_("game"),
    N_("rubber"),
    N_("deal"),
    N_("void"),
)
"""The core's score categories, as the entry page names them (marked for the server's
catalogue; a variant's own categories are translated by its catalogue)."""

_DONE = {
    "started": N_("The match is started: enter its first deal below."),
    "deal": N_("Deal {number} is recorded."),
    "correct": N_("The correction is recorded."),
    "adjust": N_("The adjustment is recorded."),
    "void": N_("Deal {number} is void."),
    "close": N_("The match is closed."),
    "repeated": N_(
        "This form was sent before and its change is recorded already: nothing was recorded again."
    ),
}
"""What the entry page says after each change (``?done=``)."""

_INCOMPLETE = N_("the form is incomplete: open the page again")
"""A form sent without its form token (each change is made once per token)."""


def _problem(exc: OpenWhistError) -> Message:
    """What a page says of a refused change: the error's translatable message, or its
    text where it was raised with plain text."""
    return exc.message or Message(str(exc))


def _no_match(request: Request, match_id: int) -> Response:
    """The translated 404 page of a match that is not in the ledger."""
    tr = web.page_translations(request)
    return web.not_found(request, tr.gettext("There is no match {id}.").format(id=match_id))


def _sayer(tr: gettext.NullTranslations) -> Callable[[Any], str]:
    """A template's ``say``: a message in the page's language, anything else as text."""

    def say(item: Any) -> str:
        if isinstance(item, Message):
            return item.render(translations=tr)
        return str(item)

    return say


def _values(form: FormData) -> dict[str, str]:
    return {key: value for key, value in form.items() if isinstance(value, str)}


def _entry_variants(request: Request) -> list[tuple[str, str]]:
    """The installed variants a real-card match can be kept of: ``(name, title)``."""
    tr = web.page_translations(request)
    found = []
    for name, entry in sorted(web.catalog(request).variants.items()):
        if entry.variant.facts is not None:
            found.append((name, tr.gettext(entry.variant.title)))
    return found


def _accounts(request: Request) -> Accounts:
    return Accounts(web.ledger(request))


def _account_id(request: Request) -> int | None:
    who = auth.account(request)
    return None if who is None else who.id


# -- starting a match -------------------------------------------------------------------


def _start_context(
    request: Request,
    values: Mapping[str, str],
    problems: list[Message],
    *,
    form_key: str | None = None,
) -> dict[str, Any]:
    tr = web.page_translations(request)
    context: dict[str, Any] = {
        "variants": _entry_variants(request),
        "variant": None,
        "problems": problems,
        "say": _sayer(tr),
        "csrf": auth.csrf_token(request),
        "form_key": form_key or auth.form_token(),
        "values": values,
    }
    name = values.get("variant", "").strip()
    if not name or name not in {v for v, _t in context["variants"]}:
        return context
    variant = web.catalog(request).variant(name)
    counts = variant.allowed_seats
    try:
        count = int(values.get("players", ""))
    except ValueError:
        count = len(variant.names_for())
    if count not in counts:
        count = len(variant.names_for())
    seats = variant.names_for(count)
    options = FactsForm(variant.options.model_json_schema(), prefix=OPTION_PREFIX)
    option_values = {k: v for k, v in values.items() if k.startswith(OPTION_PREFIX)}
    sent = "form_key" in values
    context.update(
        {
            "variant": variant,
            "title": tr.gettext(variant.title),
            "counts": counts,
            "count": count,
            "seats": seats,
            "players": [values.get(f"player.{i}", "") for i in range(count)],
            "first_dealer": values.get("first_dealer", "0"),
            "label": values.get("label", ""),
            "option_groups": options.groups(option_values if sent else None),
            "option_problems": options.problems_by_fact(problems),
        }
    )
    return context


async def start_page(request: Request) -> Response:
    """``GET /club/record/start``: choose the variant, then the players, options, label."""
    if auth.account(request) is None:
        return auth.login_redirect(request)
    context = _start_context(request, dict(request.query_params), [])
    return web.render(request, "club/entry/start.html", context)


def _option_problems(variant: Variant, options: dict[str, Any]) -> list[Message]:
    try:
        variant.options.model_validate(options)
    except ValidationError as exc:
        return facts_messages(exc)
    return []


async def start(request: Request) -> Response:
    """``POST /club/record/start``: start the match (303 to its entry page), or the form
    again with every problem listed (422)."""
    form, refused = await auth.checked_post(request)
    if refused is not None or form is None:
        return refused or auth.too_big(request)
    values = _values(form)
    context = _start_context(request, values, [], form_key=values.get("form_key"))
    variant: Variant | None = context["variant"]
    if variant is None:
        problem = Message(N_("choose a variant that can be score-kept"))
        return _start_again(request, values, [problem])
    count: int = context["count"]
    seats: tuple[str, ...] = context["seats"]
    names = [values.get(f"player.{i}", "").strip() for i in range(count)]
    problems: list[Message] = []
    for seat, name in zip(seats, names, strict=True):
        if not name:
            problems.append(Message(N_("seat {seat} needs a player's name"), {"seat": seat}))
        elif len(name) > 100:
            problems.append(
                Message(
                    N_("{name}: a player's name is at most 100 characters"), {"name": name[:20]}
                )
            )
    given = [n.lower() for n in names if n]
    if len(set(given)) != len(given):
        problems.append(Message(N_("each seat needs a different player")))
    options_form = FactsForm(variant.options.model_json_schema(), prefix=OPTION_PREFIX)
    options, read = options_form.read(values)
    problems.extend(read)
    problems.extend(_option_problems(variant, options))
    try:
        dealer = int(values.get("first_dealer", "0"))
    except ValueError:
        dealer = -1
    if not 0 <= dealer < count:
        problems.append(Message(N_("choose the first dealer among the seats")))
    label = values.get("label", "").strip()
    if len(label) > MAX_LABEL:
        problems.append(Message(N_("a label is at most {most} characters"), {"most": MAX_LABEL}))
    key = values.get("form_key", "")
    if not key:
        problems.append(Message(_INCOMPLETE))
    if problems:
        return _start_again(request, values, problems)
    ledger = web.ledger(request)

    def change(session: Session) -> dict[str, Any]:
        match = ledger.start_match(
            variant.name,
            names,
            options=options,
            first_dealer=dealer,
            label=label,
            inputs="facts",
            unit=session,
        )
        return {"match": match}

    try:
        result, _repeated = await asyncio.to_thread(
            _accounts(request).once, key, "start", _account_id(request), change
        )
    except OptionsError as exc:
        return _start_again(request, values, list(exc.messages) or [_problem(exc)])
    except OpenWhistError as exc:
        return _start_again(request, values, [_problem(exc)])
    return _to_match(request, int(result["match"]), "started")


def _start_again(request: Request, values: Mapping[str, str], problems: list[Message]) -> Response:
    context = _start_context(request, values, problems, form_key=values.get("form_key"))
    return web.render(request, "club/entry/start.html", context, status=422)


# -- a match's entry page -----------------------------------------------------------------


def _to_match(request: Request, match_id: int, done: str, number: int | None = None) -> Response:
    target = web.href(request, f"{web.PREFIX}/record/{match_id}", done=done, number=number)
    return RedirectResponse(target, status_code=303)


def _seating(summary: Mapping[str, Any]) -> Seating:
    players = tuple(str(p["name"]) for p in summary["players"])
    parties = tuple(int(p["party"]) for p in summary["players"])
    return Seating(players, parties, tuple(str(p) for p in summary.get("parties", ())))


def _match_data(ledger: Ledger, match_id: int) -> dict[str, Any]:
    """What the entry page shows of the match (one thread: several ledger reads)."""
    # The sheet's summary, not `get_match`: that one reads every deal's record.
    deals = int(ledger.score_sheet(match_id, first=1, last=1)["match"].get("deals") or 0)
    sheet = ledger.score_sheet(match_id, first=max(1, deals - RECENT_DEALS + 1), last=max(deals, 1))
    summary = sheet["match"]
    schema = None
    dealer = None
    if summary["status"] == "open":
        schema = ledger.facts_model(match_id).model_json_schema()
        dealer = ledger.resume_point(match_id).dealer
    return {"summary": summary, "sheet": sheet, "schema": schema, "dealer": dealer}


async def _match_page(
    request: Request,
    match_id: int,
    *,
    values: Mapping[str, str] | None = None,
    problems: list[Message] | None = None,
    form_key: str | None = None,
    duplicate: Message | None = None,
    section: str = "deal",
    status: int = 200,
) -> Response:
    tr = web.page_translations(request)
    ledger = web.ledger(request)
    try:
        data = await web.blocking(_match_data, ledger, match_id)
    except LedgerNotFoundError:
        return _no_match(request, match_id)
    summary = data["summary"]
    seating = _seating(summary)
    facts_form = FactsForm(data["schema"], seating) if data["schema"] is not None else None
    deal_values = values if section == "deal" else None
    problems = problems or []
    groups = facts_form.groups(deal_values) if facts_form is not None else []
    by_fact = facts_form.problems_by_fact(problems) if facts_form is not None else {None: problems}
    if section != "deal":
        by_fact = {None: problems}
    variant = web.catalog(request).variant(summary["variant"])
    done = request.query_params.get("done", "")
    number = request.query_params.get("number", "")
    said = None
    if done in _DONE and status == 200:
        said = tr.gettext(_DONE[done]).format(number=number)
    context = {
        "match": summary,
        "match_id": match_id,
        "title": tr.gettext(variant.title),
        "party_labels": [seating.party_label(i) for i in range(len(summary.get("parties", [])))],
        "sheet": data["sheet"],
        "groups": groups,
        "problems": by_fact,
        "section": section,
        "next_deal": int(summary.get("deals") or 0) + 1,
        "dealer": None if data["dealer"] is None else seating.players[data["dealer"]],
        "say": _sayer(tr),
        "csrf": auth.csrf_token(request),
        "form_key": form_key or auth.form_token(),
        "values": values or {},
        "duplicate": duplicate,
        "done": said,
        "categories": sorted(variant.category_names()),
    }
    return web.render(request, "club/entry/match.html", context, status=status)


async def match_page(request: Request) -> Response:
    """``GET /club/record/{match}``: the match's entry page."""
    if auth.account(request) is None:
        return auth.login_redirect(request)
    return await _match_page(request, int(request.path_params["match"]))


async def _change(
    request: Request,
    action: str,
    run: Callable[[Ledger, int, dict[str, str], Session], dict[str, Any]],
    *,
    section: str,
) -> Response:
    """A small form's change (correct, adjust, void, close): made once per form token,
    303 back to the entry page; else the page again with the problem (422)."""
    form, refused = await auth.checked_post(request)
    if refused is not None or form is None:
        return refused or auth.too_big(request)
    match_id = int(request.path_params["match"])
    values = _values(form)
    key = values.get("form_key", "")
    ledger = web.ledger(request)
    if not key:
        problem = Message(_INCOMPLETE)
        return await _match_page(request, match_id, problems=[problem], section=section, status=422)
    try:
        result, repeated = await asyncio.to_thread(
            _accounts(request).once,
            key,
            action,
            _account_id(request),
            lambda session: run(ledger, match_id, values, session),
        )
    except OpenWhistError as exc:  # a _FormProblemError too
        return await _match_page(
            request, match_id, values=values, problems=[_problem(exc)], section=section, status=422
        )
    return _to_match(request, match_id, "repeated" if repeated else action, result.get("number"))


class _FormProblemError(OpenWhistError):
    """A small form's field that cannot be read (raised with its `Message`)."""

    def __init__(self, problem: Message) -> None:
        super().__init__(problem)


def _int(values: Mapping[str, str], name: str, what: str) -> int:
    text = values.get(name, "").strip()
    try:
        return int(text)
    except ValueError:
        raise _FormProblemError(
            Message(N_("{what}: '{text}' is not a whole number"), {"what": what, "text": text})
        ) from None


def _note(values: Mapping[str, str]) -> str:
    note = values.get("note", "").strip()
    if not note:
        raise _FormProblemError(Message(N_("give a note saying why")))
    if len(note) > MAX_NOTE:
        raise _FormProblemError(
            Message(N_("a note is at most {most} characters"), {"most": MAX_NOTE})
        )
    return note


def _correct(
    ledger: Ledger, match_id: int, values: dict[str, str], session: Session
) -> dict[str, Any]:
    entry = _int(values, "entry", "entry")
    points = _int(values, "points", "points")
    note = _note(values)
    done = ledger.correct(entry, points, note, unit=session)
    if int(done["match"]) != match_id:  # an entry of another match: rolled back whole
        raise _FormProblemError(
            Message(
                N_("entry {entry} is not one of match {match}'s"),
                {"entry": entry, "match": match_id},
            )
        )
    return {"entry": entry, "id": done["id"]}


def _adjust(
    ledger: Ledger, match_id: int, values: dict[str, str], session: Session
) -> dict[str, Any]:
    party = _int(values, "party", "party")
    points = _int(values, "points", "points")
    note = _note(values)
    category = values.get("category", "penalty").strip() or "penalty"
    done = ledger.adjust(match_id, party, points, category=category, note=note, unit=session)
    return {"id": done["id"]}


def _void(
    ledger: Ledger, match_id: int, values: dict[str, str], session: Session
) -> dict[str, Any]:
    number = _int(values, "deal", "deal")
    note = _note(values)
    ledger.void_deal(match_id, number, note, unit=session)
    return {"number": number}


def _close(
    ledger: Ledger, match_id: int, values: dict[str, str], session: Session
) -> dict[str, Any]:
    abandoned = values.get("how", "finished") == "abandoned"
    summary = ledger.finish_match(match_id, abandoned=abandoned, unit=session)
    return {"status": summary["status"]}


async def correct(request: Request) -> Response:
    """``POST /club/record/{match}/correct``: make an entry count other points (a
    compensating entry with the note; never an edit)."""
    return await _change(request, "correct", _correct, section="correct")


async def adjust(request: Request) -> Response:
    """``POST /club/record/{match}/adjust``: an entry of no deal, with its note."""
    return await _change(request, "adjust", _adjust, section="adjust")


async def void(request: Request) -> Response:
    """``POST /club/record/{match}/void``: void a deal (compensating entries, a note)."""
    return await _change(request, "void", _void, section="void")


async def close(request: Request) -> Response:
    """``POST /club/record/{match}/close``: close the match, finished or abandoned."""
    return await _change(request, "close", _close, section="close")


# -- entering a deal ----------------------------------------------------------------------


def _deal_problems(
    ledger: Ledger, match_id: int, facts_form: FactsForm, values: Mapping[str, str]
) -> tuple[dict[str, Any], list[Message]]:
    """The facts the form gives and every problem with them at once: those of reading
    the form, then the model's and the scoring's. Pydantic checks the deal as a whole
    (tricks that add up) only when every fact is right on its own, so a fact wrong on its
    own is left out and the rest checked again, until the whole is checked: a count that
    is not a number and tricks that do not add up are listed together."""
    facts, problems = facts_form.read(values)
    bad = {facts_form.fact_of(p) for p in problems} - {None}
    for _ in range(len(facts_form.properties) + 1):
        usable = {k: v for k, v in facts.items() if k not in bad}
        found = [
            p
            for p in ledger.real_deal_problems(match_id, usable)
            if facts_form.fact_of(p) not in bad
        ]
        problems.extend(p for p in found if p not in problems)
        # A fact's own problem is the core's "{where}: ..." (`facts_messages`); the deal's
        # problems as a whole are the variant's own messages.
        alone = {facts_form.fact_of(p) for p in found if p.text.startswith("{where}")}
        alone.discard(None)
        if not alone:
            break
        bad |= alone
    return facts, problems


async def deal(request: Request) -> Response:
    """``POST /club/record/{match}/deal``: record the deal (303 to the entry page), or the
    form again with every problem beside its fact and what was typed (422)."""
    form, refused = await auth.checked_post(request)
    if refused is not None or form is None:
        return refused or auth.too_big(request)
    match_id = int(request.path_params["match"])
    values = _values(form)
    key = values.get("form_key", "")
    ledger = web.ledger(request)
    try:
        summary = (await web.blocking(ledger.score_sheet, match_id, first=1, last=1))["match"]
        model = await web.blocking(ledger.facts_model, match_id)
    except LedgerNotFoundError:
        return _no_match(request, match_id)
    except OpenWhistError as exc:
        return await _match_page(request, match_id, problems=[_problem(exc)], status=422)
    facts_form = FactsForm(model.model_json_schema(), _seating(summary))
    facts, problems = await web.blocking(_deal_problems, ledger, match_id, facts_form, values)
    if not key:
        problems.append(Message(_INCOMPLETE))
    again = values.get("again", "") in ("1", "on", "yes")

    async def again_page(
        problem: list[Message], duplicate: Message | None, status: int
    ) -> Response:
        return await _match_page(
            request,
            match_id,
            values=values,
            problems=problem,
            form_key=key,
            duplicate=duplicate,
            status=status,
        )

    if problems:
        return await again_page(problems, None, 422)

    def change(session: Session) -> dict[str, Any]:
        outcome = ledger.record_real_deal(match_id, facts, again=again, unit=session)
        return {"number": outcome.number}

    try:
        result, repeated = await asyncio.to_thread(
            _accounts(request).once, key, "deal", _account_id(request), change
        )
    except InvalidFactsError as exc:
        return await again_page(list(exc.messages), None, 422)
    except DuplicateDealError as exc:
        return await again_page([], _problem(exc), 409)
    except OpenWhistError as exc:
        return await again_page([_problem(exc)], None, 409)
    return _to_match(request, match_id, "repeated" if repeated else "deal", int(result["number"]))


def routes() -> list[BaseRoute]:
    """The secretary's entry pages (under ``/club``)."""
    return [
        Route("/record/start", start_page, methods=["GET"], name="club_record_start_page"),
        Route("/record/start", start, methods=["POST"], name="club_record_start"),
        Route("/record/{match:int}", match_page, methods=["GET"], name="club_record_match"),
        Route("/record/{match:int}/deal", deal, methods=["POST"], name="club_record_deal"),
        Route("/record/{match:int}/correct", correct, methods=["POST"], name="club_record_correct"),
        Route("/record/{match:int}/adjust", adjust, methods=["POST"], name="club_record_adjust"),
        Route("/record/{match:int}/void", void, methods=["POST"], name="club_record_void"),
        Route("/record/{match:int}/close", close, methods=["POST"], name="club_record_close"),
    ]


__all__ = ["routes"]
