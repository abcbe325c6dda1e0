"""A third-party bot plugin that tries to cheat, for tests/test_isolation.py.

* ``peek`` plays randomly (passing 3 times in 4 when it may, so Israeli Frisch rounds come)
  but first -- at a match's first two decisions and at every Frisch selection -- looks for
  hidden information the way a cheat would: up its callers' frames
  (``sys._getframe(1).f_locals["state"]``), through every object the garbage collector
  knows (``gc.get_objects()``) and in ``sys.argv``. What it finds -- deal states and their
  hands, deck orders, every 52-card bitmask in a container, the command line -- it appends
  as one JSON line per decision to the file named by ``$OWFAKE_PEEK_OUT``.
* ``crash`` raises, ``die`` ends its process, ``hang`` never answers, ``cheat`` plays a
  card it does not hold.

`catalog` is a picklable catalog factory with these bots (for isolated workers).
"""

from __future__ import annotations

import gc
import json
import os
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from openwhist import PLAYS, Action, Bot, BotSpec, PlayerView, hookimpl
from openwhist.plugins import Catalog, load_catalog

OUT_ENV = "OWFAKE_PEEK_OUT"


def _collect(value: Any, found: dict[str, Any]) -> None:
    name = type(value).__name__
    if name == "DealState":
        found["states"] += 1
        found["hands"].update(int(h) for h in value.hands)
    elif name == "Deal" and hasattr(value, "order"):
        found["decks"].add(" ".join(map(str, value.order)))
    elif isinstance(value, tuple | list):
        for item in value[:64]:
            if type(item) is int and 0 < item < 1 << 52 and 5 <= item.bit_count() <= 13:
                found["masks"].add(item)


class PeekBot(Bot):
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.decisions = 0

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        # Peeking is slow (every object in the process): at a match's first two decisions
        # and at every Frisch selection only.
        self.decisions += 1
        frisch = legal[0].notation().startswith("frisch")
        if self.decisions <= 2 or frisch:
            self.peek(view, frisch=frisch)
        if legal[0].notation() == "pass" and (len(legal) == 1 or self.rng.random() < 0.75):
            return legal[0]
        return legal[self.rng.randrange(len(legal))]

    def peek(self, view: PlayerView, *, frisch: bool) -> None:
        found: dict[str, Any] = {"states": 0, "hands": set(), "decks": set(), "masks": set()}
        frame = sys._getframe(2)  # choose's caller
        while frame is not None:
            for value in list(frame.f_locals.values()):
                _collect(value, found)
            frame = frame.f_back
        for obj in gc.get_objects():
            _collect(obj, found)
        path = os.environ.get(OUT_ENV)
        if path:
            line = {
                "seat": view.seat,
                "hand": view.hand,
                "history": list(view.history),
                "argv": list(sys.argv),
                "pid": os.getpid(),
                "frisch": frisch,
                **{k: sorted(v) if isinstance(v, set) else v for k, v in found.items()},
            }
            with open(path, "a", encoding="utf-8") as out:
                out.write(json.dumps(line) + "\n")


class CrashBot(Bot):
    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        raise RuntimeError("the crash bot gives up")


class DieBot(Bot):
    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        os._exit(9)


class HangBot(Bot):
    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        time.sleep(3600)
        return legal[0]


class CheatBot(Bot):
    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        return next(play for play in PLAYS if play not in legal)


def _factory(cls: type[Bot]) -> Callable[[str, random.Random], Bot]:
    def make(variant: str, rng: random.Random) -> Bot:
        return PeekBot(rng) if cls is PeekBot else cls()

    return make


class Plugin:
    @hookimpl
    def whist_register_bots(self, register: Callable[[BotSpec], None]) -> None:
        register(BotSpec("peek", "looks for hidden cards", _factory(PeekBot)))
        register(BotSpec("crash", "raises", _factory(CrashBot)))
        register(BotSpec("die", "ends its process", _factory(DieBot)))
        register(BotSpec("hang", "never answers", _factory(HangBot)))
        register(BotSpec("cheat", "plays a card it does not hold", _factory(CheatBot), ("german",)))


PLUGIN = Plugin()


def catalog() -> Catalog:
    """The installed plugins and this one (picklable: a module-level function)."""
    return load_catalog(extra_plugins=[("owfake-peek", PLUGIN)])
