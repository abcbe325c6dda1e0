"""Who may change the ledger from the club pages: logging in and out, sessions, CSRF.

Without logging in every club page is read-only: a ``POST`` answers 401 and changes
nothing, and a form's page sends the visitor to ``/club/login`` first. A secretary logs in
with an account of ``whist accounts`` (`openwhist.services.accounts`); the session is a
cookie signed with itsdangerous (Starlette's ``SessionMiddleware``) with the secret of
`Accounts.session_secret`, holding the session's token (`Accounts.open_session`: the
ledger keeps its hash and whose it is) and the session's CSRF token. Every request looks
the session up in the ledger (`Accounts.session_account`), so logging out ends it for good
-- a copy of the cookie opens nothing afterwards -- and a disabled account, or one given a
new password, is logged out at its next request. Every form carries the CSRF token in a
hidden field (``csrf``), and every ``POST`` is checked against it first (`checked_post`): a
missing or wrong token changes nothing and answers 403 with a translated page.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import TYPE_CHECKING, Any, Final

from openwhist import N_, OpenWhistError
from openwhist.services.accounts import (
    SESSION_AGE as SESSION_LIFETIME,
)
from openwhist.services.accounts import (
    AccountInfo,
    Accounts,
    LoginLimitedError,
    LoginRefusedError,
)
from starlette.datastructures import FormData
from starlette.middleware import Middleware
from starlette.middleware.sessions import SessionMiddleware
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from openwhist_server.club import web

if TYPE_CHECKING:
    import gettext

    from openwhist.services.ledger import Ledger
    from starlette.types import ASGIApp, Receive, Scope, Send

SESSION_COOKIE: Final = "openwhist_club"
"""The session cookie's name (path ``/club``, ``HttpOnly``, ``SameSite=Lax``)."""
SESSION_AGE: Final = int(SESSION_LIFETIME.total_seconds())
"""Seconds a session's cookie lasts after its last request: the ledger's own session
lifetime (`openwhist.services.accounts.SESSION_AGE`, an evening and then some)."""
SESSION_KEY: Final = "session"
"""Where the cookie keeps the session's token (`Accounts.open_session`)."""
ACCOUNT_SCOPE: Final = "openwhist.club.account"
"""Where `AccountMiddleware` leaves the request's `AccountInfo` (or ``None``)."""
CSRF_FIELD: Final = "csrf"
"""The hidden field of every form that carries the session's CSRF token."""
MAX_FORM_BYTES: Final = 65536
"""The largest form body read; larger is 413 (a deal's facts are a few hundred bytes)."""
MAX_FIELDS: Final = 400
"""The most fields a form may send."""
TRUSTED_PROXIES: Final = frozenset({"127.0.0.1", "::1"})
"""Clients whose ``X-Forwarded-For`` is believed (a reverse proxy on this machine)."""


class AccountMiddleware:
    """Puts the session's account on the request (``scope[ACCOUNT_SCOPE]``), looked up in
    the ledger by the session's token at every request, so that a session logged out, of a
    disabled account or of a changed password is no session at once."""

    def __init__(self, app: ASGIApp, accounts: Accounts) -> None:
        self.app = app
        self.accounts = accounts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            session: dict[str, Any] = scope.get("session", {})
            found = None
            token = session.get(SESSION_KEY)
            if isinstance(token, str):
                found = await asyncio.to_thread(self.accounts.session_account, token)
                if found is None:
                    session.pop(SESSION_KEY, None)
            session.pop("account", None)  # a cookie from before migration 0009: no session
            scope[ACCOUNT_SCOPE] = found
        await self.app(scope, receive, send)


def middleware(ledger: Ledger) -> list[Middleware]:
    """The club mount's middleware: signed sessions, then the session's account.

    The secret is `Accounts.session_secret` (``OPENWHIST_SESSION_SECRET``, else the one
    kept in the ledger), read once when the app is made."""
    accounts = Accounts(ledger)
    return [
        Middleware(
            SessionMiddleware,
            secret_key=accounts.session_secret(),
            session_cookie=SESSION_COOKIE,
            max_age=SESSION_AGE,
            path=web.PREFIX,
            same_site="lax",
        ),
        Middleware(AccountMiddleware, accounts=accounts),
    ]


def account(request: Request) -> AccountInfo | None:
    """The logged-in account of this request, or ``None`` (a visitor)."""
    found = request.scope.get(ACCOUNT_SCOPE)
    return found if isinstance(found, AccountInfo) else None


def csrf_token(request: Request) -> str:
    """The session's CSRF token, made when the session has none yet."""
    session = request.scope.get("session")
    if session is None:  # not under the club's middleware (cannot happen under /club)
        return ""
    token = session.get(CSRF_FIELD)
    if not isinstance(token, str) or len(token) < 32:
        token = secrets.token_urlsafe(32)
        session[CSRF_FIELD] = token
    return token


def form_token() -> str:
    """A new one-time token for a form that changes the ledger: sent back with the
    form, it makes the change once however often the form is sent
    (`openwhist.services.accounts.Accounts.once`)."""
    return secrets.token_urlsafe(24)


def client_address(request: Request) -> str:
    """The client's address, as a login limit counts it: the connection's peer, or the
    last address a reverse proxy on this machine says it forwarded for."""
    peer = request.client.host if request.client is not None else ""
    forwarded = request.headers.get("x-forwarded-for", "")
    if peer in TRUSTED_PROXIES and forwarded.strip():
        return forwarded.split(",")[-1].strip()[:64]
    return peer[:64] or "unknown"


def _refused(request: Request, status: int, title: str, message: str) -> Response:
    tr = web.page_translations(request)
    return web.render(
        request,
        "club/auth/refused.html",
        {
            "title": tr.gettext(title),
            "message": tr.gettext(message),
            "login": status == 401,
            "next": request.url.path,
        },
        status=status,
    )


def unauthorized(request: Request) -> Response:
    """401: this needs a secretary's login; nothing was changed."""
    return _refused(
        request,
        401,
        N_("Log in first"),
        N_("Only a secretary who has logged in may change the club's ledger. Nothing was changed."),
    )


def forbidden(request: Request) -> Response:
    """403: the form's CSRF token is missing or wrong; nothing was changed."""
    return _refused(
        request,
        403,
        N_("The form was refused"),
        N_(
            "This form did not come from this session's page (it is old, or from another "
            "site). Nothing was changed: open the page again and send it from there."
        ),
    )


def too_big(request: Request) -> Response:
    """413: a form body beyond `MAX_FORM_BYTES`."""
    return _refused(
        request, 413, N_("The form is too large"), N_("The form is too large. Nothing was changed.")
    )


async def read_form(request: Request) -> FormData | None:
    """The form sent, or ``None`` when it is too large to read (no files are read)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_FORM_BYTES:
        return None
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_FORM_BYTES:
            return None
    request._body = body  # Starlette's own cache of the body, which `form()` reads
    return await request.form(max_files=0, max_fields=MAX_FIELDS)


def _same_token(request: Request, form: FormData) -> bool:
    sent = form.get(CSRF_FIELD)
    session = request.scope.get("session") or {}
    kept = session.get(CSRF_FIELD)
    return (
        isinstance(sent, str)
        and isinstance(kept, str)
        and bool(kept)
        and secrets.compare_digest(sent.encode(), kept.encode())
    )


async def checked_post(
    request: Request, *, login: bool = True
) -> tuple[FormData | None, Response | None]:
    """The form of a ``POST`` that may change the ledger, or the refusal to answer
    instead: 413 too large, 401 no secretary logged in (when ``login``), 403 a missing
    or wrong CSRF token. Nothing has been changed when a refusal is returned."""
    form = await read_form(request)
    if form is None:
        return None, too_big(request)
    if login and account(request) is None:
        return form, unauthorized(request)
    if not _same_token(request, form):
        return form, forbidden(request)
    return form, None


def login_redirect(request: Request) -> Response:
    """303 to the login page, coming back here after it."""
    return RedirectResponse(
        web.href(request, web.PREFIX + "/login", next=request.url.path), status_code=303
    )


def safe_next(target: str | None) -> str:
    """Where to go after logging in: a club address given, else the club's front page
    (never another site: ``//host`` and ``scheme:`` are refused)."""
    if (
        not target
        or not target.startswith(web.PREFIX + "/")
        or target.startswith("//")
        or "\\" in target
        or any(ord(ch) < 32 for ch in target)
    ):
        return web.PREFIX + "/"
    return target


def _login_page(
    request: Request, *, name: str = "", problem: str | None = None, status: int = 200
) -> Response:
    return web.render(
        request,
        "club/auth/login.html",
        {
            "csrf": csrf_token(request),
            "name": name,
            "problem": problem,
            "next": safe_next(request.query_params.get("next")),
            "account": account(request),
        },
        status=status,
    )


async def login_page(request: Request) -> Response:
    """``GET /club/login``: the login form."""
    return _login_page(request)


def _said(error: OpenWhistError, tr: gettext.NullTranslations) -> str:
    message = error.message
    return str(error) if message is None else message.render(translations=tr)


async def login(request: Request) -> Response:
    """``POST /club/login``: log in (303 to ``next``), or the form again saying why not:
    401 a wrong name or password, 429 too many wrong passwords from this address."""
    form, refused = await checked_post(request, login=False)
    if refused is not None or form is None:
        return refused or too_big(request)
    name = str(form.get("name", ""))[:200]
    password = str(form.get("password", ""))
    tr = web.page_translations(request)
    try:
        who = await asyncio.to_thread(
            Accounts(web.ledger(request)).log_in, name, password, client_address(request)
        )
    except LoginLimitedError as exc:
        return _login_page(request, name=name, problem=_said(exc, tr), status=429)
    except LoginRefusedError as exc:
        return _login_page(request, name=name, problem=_said(exc, tr), status=401)
    token = await asyncio.to_thread(Accounts(web.ledger(request)).open_session, who)
    session = request.scope["session"]
    session.clear()  # a new session: no token of the visitor's survives the login
    session[SESSION_KEY] = token
    csrf_token(request)
    target = safe_next(str(form.get("next", "")))
    return RedirectResponse(web.href(request, target), status_code=303)


async def logout(request: Request) -> Response:
    """``POST /club/logout``: end the session for good -- its row in the ledger is
    deleted, so a copy of the cookie opens nothing -- (303 to the club's front page)."""
    _form, refused = await checked_post(request, login=False)
    if refused is not None:
        return refused
    session = request.scope["session"]
    token = session.get(SESSION_KEY)
    if isinstance(token, str):
        await asyncio.to_thread(Accounts(web.ledger(request)).close_session, token)
    session.clear()
    return RedirectResponse(web.href(request, web.PREFIX + "/"), status_code=303)


def routes() -> list[BaseRoute]:
    """The login and logout routes (under ``/club``)."""
    return [
        Route("/login", login_page, methods=["GET"], name="club_login_page"),
        Route("/login", login, methods=["POST"], name="club_login"),
        Route("/logout", logout, methods=["POST"], name="club_logout"),
    ]


__all__ = [
    "ACCOUNT_SCOPE",
    "CSRF_FIELD",
    "SESSION_AGE",
    "SESSION_COOKIE",
    "AccountMiddleware",
    "account",
    "checked_post",
    "client_address",
    "csrf_token",
    "forbidden",
    "form_token",
    "login_redirect",
    "middleware",
    "read_form",
    "routes",
    "safe_next",
    "unauthorized",
]
