"""Unexpected exceptions while bots and rules play: named, with where they happened.

A bot's ``choose`` or a variant's rule hook is plugin code; when it raises something other
than an `OpenWhistError`, "internal error: KeyError: 3" tells a player or a plugin author
nothing. `failure_context` wraps such an exception in a `PlayFailureError` that names

* the plugin whose code raised it -- the innermost frame of the traceback that belongs to
  a module installed through an ``openwhist`` entry point (`plugin_of`): its entry point,
  distribution and version; ``None`` when no plugin code is on the traceback (the core's
  own failure, still reported as an internal error);
* the variant (and the distribution that provides it), the seed, and the deal number --
  in ``whist simulate`` also the match within the run and that match's own seed --

so the failure can be reported to the right author and played again. The original
exception is the `PlayFailureError`'s ``__cause__``: a front end that shows tracebacks
(``whist --debug``) shows it in full.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import metadata
from types import TracebackType

from openwhist.game.errors import OpenWhistError
from openwhist.game.messages import N_, Message, join_messages

CORE_PACKAGES = frozenset({"openwhist", "openwhist_cli"})
"""Top-level packages that are openwhist itself, never "a plugin"."""


@dataclass(frozen=True)
class PluginSource:
    """Where plugin code comes from: an ``openwhist`` entry point of a distribution."""

    entry_point: str
    module: str
    distribution: str
    version: str

    def __str__(self) -> str:
        return f"{self.entry_point!r} of {self.distribution} {self.version}"


def _entry_point_packages() -> dict[str, PluginSource]:
    """Top-level package -> its plugin, for every installed ``openwhist`` entry point."""
    found: dict[str, PluginSource] = {}
    try:
        points = metadata.entry_points(group="openwhist")
    except Exception:  # pragma: no cover - broken metadata: name nothing rather than fail
        return found
    for point in points:
        top = point.module.split(".")[0]
        if top in CORE_PACKAGES or top in found:
            continue
        dist = point.dist
        found[top] = PluginSource(
            entry_point=point.name,
            module=point.module,
            distribution=dist.name if dist is not None else top,
            version=dist.version if dist is not None else "?",
        )
    return found


def _frames(tb: TracebackType | None) -> list[str]:
    """The module names of a traceback's frames, innermost first."""
    names = []
    while tb is not None:
        names.append(str(tb.tb_frame.f_globals.get("__name__", "")))
        tb = tb.tb_next
    return names[::-1]


def plugin_of(exc: BaseException) -> PluginSource | None:
    """The plugin whose code raised ``exc``: the innermost traceback frame (following
    the exceptions it was raised from, too) in a package installed through an
    ``openwhist`` entry point; ``None`` when no plugin code is on the traceback."""
    packages = _entry_point_packages()
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        for name in _frames(current.__traceback__):
            source = packages.get(name.split(".")[0])
            if source is not None:
                return source
        current = current.__cause__ or current.__context__
    return None


class PlayFailureError(OpenWhistError):
    """An unexpected exception raised while a match was played, with where and by whom.

    Attributes:
        cause: the original exception (also ``__cause__``).
        plugin: the plugin whose code raised it (`plugin_of`); ``None``: openwhist's own.
        variant: the variant's name; ``provider``: the distribution that provides it.
        seed: the seed of the run (``whist simulate``) or the match (``whist play``);
            ``None`` for a match shuffled by the OS.
        deal: the deal being played (1-based).
        match: in a run of several matches, which one (1-based); ``match_seed`` its seed.
        exit_code: 3 when a plugin is named (a plugin failed), else 1 (a runtime error).
    """

    def __init__(
        self,
        cause: BaseException,
        *,
        variant: str,
        provider: str | None = None,
        seed: int | None = None,
        deal: int | None = None,
        match: int | None = None,
        match_seed: int | None = None,
    ) -> None:
        self.cause = cause
        self.plugin = plugin_of(cause)
        self.variant = variant
        self.provider = provider
        self.seed = seed
        self.deal = deal
        self.match = match
        self.match_seed = match_seed
        super().__init__(self._text())

    @property
    def exit_code(self) -> int:
        """3 when a plugin raised it, else 1."""
        return 3 if self.plugin is not None else 1

    def within(self, *, seed: int, match: int) -> PlayFailureError:
        """This failure seen from a run of matches: ``seed`` is the run's, ``match`` the
        failing match's number in the run (its own seed is kept as ``match_seed``)."""
        if self.match is None:
            self.match_seed, self.seed, self.match = self.seed, seed, match
            self.args = (self._text(),)
        return self

    def _text(self) -> Message:
        """What failed and where, as a translatable message: the exception as the program
        wrote it (its class and text are code's, not words), the plugin, and the variant,
        seed, match and deal."""
        cause = self.cause
        what = f"{type(cause).__name__}: {cause}" if str(cause) else type(cause).__name__
        who = (
            Message(
                N_("plugin {plugin} raised {error}"), {"plugin": str(self.plugin), "error": what}
            )
            if self.plugin is not None
            else Message("{error}", {"error": what})
        )
        where = [
            Message(
                N_("variant {variant} ({provider})"),
                {"variant": self.variant, "provider": self.provider},
            )
            if self.provider
            else Message(N_("variant {variant}"), {"variant": self.variant})
        ]
        if self.seed is None:
            where.append(Message(N_("no seed (shuffled by the operating system)")))
        else:
            where.append(Message(N_("seed {seed}"), {"seed": self.seed}))
        if self.match is not None:
            where.append(
                Message(N_("match {match}"), {"match": self.match})
                if self.match_seed is None
                else Message(
                    N_("match {match} (its seed {seed})"),
                    {"match": self.match, "seed": self.match_seed},
                )
            )
        if self.deal is not None:
            where.append(Message(N_("deal {deal}"), {"deal": self.deal}))
        return Message("{who} -- {where}", {"who": who, "where": join_messages(", ", where)})


@contextmanager
def failure_context(
    *,
    variant: str,
    provider: str | None = None,
    seed: int | None,
    deal: Callable[[], int | None],
) -> Iterator[None]:
    """Turn any exception of the block that is not an `OpenWhistError` into a
    `PlayFailureError` (``raise ... from`` the original). ``deal`` is called at failure time:
    the deal being played then. `OpenWhistError` (and `KeyboardInterrupt`, `SystemExit`)
    pass through unchanged: they are expected, and say what they are."""
    try:
        yield
    except OpenWhistError:
        raise
    except Exception as exc:
        try:
            number = deal()
        except Exception:  # pragma: no cover - the context must not hide the failure
            number = None
        raise PlayFailureError(
            exc, variant=variant, provider=provider, seed=seed, deal=number
        ) from exc


__all__ = ["CORE_PACKAGES", "PlayFailureError", "PluginSource", "failure_context", "plugin_of"]
