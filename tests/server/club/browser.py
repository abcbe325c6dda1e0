"""A small browser for the club pages' form tests: cookies kept, redirects shown (not
followed unless asked), and each page's forms read as a browser would send them.

`Browser.form(page, form_id)` gives a form's action and the values its fields would send
as they stand (hidden fields, typed text, ticked boxes, chosen options); a test changes
what a secretary would type and `Browser.submit`s it.
"""

from __future__ import annotations

import html
import http.cookiejar
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any


@dataclass(frozen=True)
class Page:
    """One answer: status, headers (lower-case names), body, and the address asked."""

    status: int
    headers: dict[str, str]
    body: str
    url: str

    @property
    def text(self) -> str:
        """The body with its character references read (``'`` for ``&#39;``)."""
        return html.unescape(self.body)

    @property
    def location(self) -> str:
        return self.headers.get("location", "")


@dataclass
class Form:
    """A form as a browser would send it now."""

    action: str
    method: str
    values: dict[str, str] = field(default_factory=dict)
    names: list[str] = field(default_factory=list)
    """Every field's name, in page order (sent or not)."""


class _Forms(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: dict[str, Form] = {}
        self.labels: dict[str, str] = {}  # an input's id -> its <label for>'s text
        self._form: Form | None = None
        self._select: str | None = None
        self._option: str | None = None
        self._selected = False
        self._label: str | None = None
        self._text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self._form = Form(a.get("action", ""), a.get("method", "get").lower())
            self.forms[a.get("id", f"form{len(self.forms)}")] = self._form
        elif tag == "label":
            self._label, self._text = a.get("for", ""), ""
        if self._form is None:
            return
        if tag == "input" and "name" in a:
            kind = a.get("type", "text")
            self._form.names.append(a["name"])
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    self._form.values[a["name"]] = a.get("value", "on")
            elif kind not in ("submit", "button"):
                self._form.values[a["name"]] = a.get("value", "")
        elif tag == "select" and "name" in a:
            self._select = a["name"]
            self._form.names.append(a["name"])
            self._form.values.setdefault(self._select, "")
            self._first = True
        elif tag == "option" and self._select is not None:
            value = a.get("value", "")
            if self._first or "selected" in a:
                self._form.values[self._select] = value
            self._first = False

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None
        elif tag == "label" and self._label is not None:
            self.labels[self._label] = " ".join(self._text.split())
            self._label = None

    def handle_data(self, data: str) -> None:
        if self._label is not None:
            self._text += data


def forms_of(body: str) -> dict[str, Form]:
    """The forms of a page, by id."""
    parser = _Forms()
    parser.feed(body)
    return parser.forms


def labels_of(body: str) -> dict[str, str]:
    """Every ``<label for=ID>``'s text, by ID."""
    parser = _Forms()
    parser.feed(body)
    return parser.labels


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


class Browser:
    """Cookies kept across requests to one server (``base``: ``http://127.0.0.1:PORT``)."""

    def __init__(self, base: str, *, lang: str = "en") -> None:
        self.base = base
        self.lang = lang
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.cookies), _NoRedirects()
        )

    def send(self, method: str, path: str, data: dict[str, str] | None = None) -> Page:
        url = path if path.startswith("http") else self.base + path
        body = None if data is None else urllib.parse.urlencode(data).encode()
        request = urllib.request.Request(url, data=body, method=method)
        request.add_header("Accept-Language", self.lang)
        if body is not None:
            request.add_header("Content-Type", "application/x-www-form-urlencoded")
        try:
            with self.opener.open(request, timeout=60) as answer:
                return Page(
                    answer.status,
                    {k.lower(): v for k, v in answer.headers.items()},
                    answer.read().decode("utf-8"),
                    url,
                )
        except urllib.error.HTTPError as answer:
            return Page(
                answer.code,
                {k.lower(): v for k, v in answer.headers.items()},
                answer.read().decode("utf-8"),
                url,
            )

    def get(self, path: str) -> Page:
        return self.send("GET", path)

    def post(self, path: str, data: dict[str, str]) -> Page:
        return self.send("POST", path, data)

    def follow(self, page: Page) -> Page:
        """The page a 303 leads to (the page itself otherwise)."""
        while page.status in (301, 302, 303, 307) and page.location:
            page = self.get(urllib.parse.urljoin(page.url, page.location))
        return page

    def form(self, page: Page, form_id: str) -> Form:
        found = forms_of(page.body)
        assert form_id in found, f"no form {form_id!r} on {page.url}: {sorted(found)}"
        return found[form_id]

    def submit(self, page: Page, form_id: str, **changes: str) -> Page:
        """Send the page's form ``form_id`` with fields changed (``changes``; a name with
        ``__`` for ``.`` -- ``contracts__0="5"`` -- and ``None``-like ``""`` kept)."""
        form = self.form(page, form_id)
        values = dict(form.values)
        for name, value in changes.items():
            values[name.replace("__", ".")] = value
        target = urllib.parse.urljoin(page.url, form.action)
        if form.method == "post":
            return self.post(target, values)
        return self.get(target + "?" + urllib.parse.urlencode(values))

    def log_in(self, name: str, password: str) -> Page:
        page = self.get("/club/login")
        return self.submit(page, self._login_form(page), name=name, password=password)

    @staticmethod
    def _login_form(page: Page) -> str:
        forms = forms_of(page.body)
        return next(i for i, f in forms.items() if f.action.split("?")[0].endswith("/club/login"))


__all__ = ["Browser", "Form", "Page", "forms_of", "labels_of"]
