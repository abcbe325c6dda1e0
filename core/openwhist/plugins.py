"""Plugin loading and the catalog of what is installed.

`load_catalog` builds the global plugin manager, loads the ``openwhist`` entry points one
at a time (so a broken third-party plugin is reported, not fatal), collects the registered
variants, house rules and bots, and returns a `Catalog` -- the typed facade the CLI and
services use. Nothing happens at import time.

Environment variables:

* ``OPENWHIST_LOAD_PLUGINS`` -- comma-separated entry-point or distribution names to load;
  set but empty loads none (as llm's ``LLM_LOAD_PLUGINS``);
* ``OPENWHIST_DISABLE_PLUGINS`` -- comma-separated names never to load;
* ``OPENWHIST_STRICT_PLUGINS=1`` -- re-raise the first plugin failure (for plugin authors).
"""

from __future__ import annotations

import difflib
import functools
import os
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol, cast

import pluggy

from openwhist.bots import DEFAULT_BOTS
from openwhist.bots.base import BotSpec
from openwhist.game.errors import DuplicateVariantError, UnknownVariantError
from openwhist.game.hookspecs import PROJECT, hookspec
from openwhist.game.rules import RulesPluginManager
from openwhist.game.scoresheet import check_declarations
from openwhist.game.variant import HouseRule, Variant


class DiscoverySpecs(Protocol):
    """Hooks called once on the global plugin manager."""

    @hookspec
    def whist_register_variants(self, register: Callable[[Variant], None]) -> None:
        """Register variants by calling ``register(Variant(...))`` once per variant.

        Called once when the catalog is built. A name (or alias) registered twice is a
        `DuplicateVariantError` naming both distributions.
        """

    @hookspec
    def whist_register_house_rules(self, register: Callable[[HouseRule], None]) -> None:
        """Register house rules by calling ``register(HouseRule(...))``.

        A match enables house rules by name; their rules plugins stack above the variant's.
        """

    @hookspec
    def whist_register_bots(self, register: Callable[[BotSpec], None]) -> None:
        """Register computer players by calling ``register(BotSpec(...))``."""

    @hookspec
    def whist_register_commands(self, app: Any) -> None:
        """Add commands to the ``whist`` Typer app (``app.command()(fn)`` or ``add_typer``).

        Called once when the CLI starts. ``app`` is a ``typer.Typer``; a plugin that uses
        this hook depends on Typer itself.
        """


DISCOVERY_HOOKS: tuple[str, ...] = tuple(n for n in vars(DiscoverySpecs) if n.startswith("whist_"))
"""The discovery hooks' names (`DiscoverySpecs`)."""

ENTRY_POINT_GROUP = PROJECT


@dataclass
class PluginRecord:
    """One loaded (or failed) plugin.

    Attributes:
        name: the entry-point name (or the internal name of a core plugin).
        distribution: the distribution that provides it (``openwhist`` for core plugins).
        version: that distribution's version.
        hooks: the discovery hooks it implements.
        error: ``None`` if it loaded, else ``"ExceptionType: message"``.
    """

    name: str
    distribution: str
    version: str
    hooks: list[str] = field(default_factory=list)
    error: str | None = None

    @property
    def ok(self) -> bool:
        """True if the plugin loaded and registered without error."""
        return self.error is None

    def as_dict(self) -> dict[str, Any]:
        """JSON-safe form for ``whist plugins --json``."""
        return {
            "name": self.name,
            "distribution": self.distribution,
            "version": self.version,
            "hooks": self.hooks,
            "error": self.error,
        }


@dataclass(frozen=True)
class RegisteredVariant:
    """A variant with where it came from."""

    variant: Variant
    plugin: str
    distribution: str
    version: str


@dataclass
class Catalog:
    """What is installed: variants, house rules, bots and plugin records."""

    plugin_manager: pluggy.PluginManager
    records: list[PluginRecord]
    variants: dict[str, RegisteredVariant]
    house_rules: dict[str, HouseRule]
    bots: list[BotSpec]
    aliases: dict[str, str]
    bot_sources: dict[int, str] = field(default_factory=dict)
    """The distribution that registered each bot spec in ``bots``, by ``id(spec)``."""
    house_rule_plugins: dict[str, str] = field(default_factory=dict)
    """The plugin that registered each house rule in ``house_rules``, by rule name."""

    def variant(self, name: str) -> Variant:
        """The variant called ``name`` (case-insensitive, aliases accepted).

        Raises:
            UnknownVariantError: with close matches as suggestions.
        """
        key = self.aliases.get(name.lower())
        if key is None:
            close = difflib.get_close_matches(name.lower(), list(self.aliases), n=3)
            raise UnknownVariantError(name, suggestions=sorted({self.aliases[c] for c in close}))
        return self.variants[key].variant

    def house_rule(self, name: str) -> HouseRule:
        """The house rule called ``name``.

        Raises:
            UnknownVariantError: if no plugin registers it.
        """
        try:
            return self.house_rules[name]
        except KeyError:
            close = difflib.get_close_matches(name, list(self.house_rules), n=3)
            raise UnknownVariantError(name, suggestions=close, kind="house rule") from None

    def bots_for(self, variant: str) -> list[BotSpec]:
        """The bots that can play ``variant``: one per name, a variant-specific bot
        shadowing a generic one of the same name (``heuristic`` per variant)."""
        chosen: dict[str, BotSpec] = {}
        for spec in self.bots:
            if spec.variants and variant not in spec.variants:
                continue
            if spec.name not in chosen or spec.variants:
                chosen[spec.name] = spec
        return list(chosen.values())

    def bot(self, name: str, variant: str) -> BotSpec:
        """The bot called ``name`` that can play ``variant``.

        Raises:
            UnknownVariantError: (kind "bot") with the bots that can play it.
        """
        available = {spec.name: spec for spec in self.bots_for(variant)}
        try:
            return available[name]
        except KeyError:
            raise UnknownVariantError(
                name, suggestions=sorted(available), kind=f"bot for {variant}"
            ) from None

    def bot_distribution(self, variant: str, name: str) -> str | None:
        """The distribution that registered the bot called ``name`` for ``variant`` (the
        one `bots_for` picks), or ``None`` if there is no such bot."""
        for spec in self.bots_for(variant):
            if spec.name == name:
                return self.bot_sources.get(id(spec))
        return None

    def failures(self) -> list[PluginRecord]:
        """The plugins that failed to load."""
        return [r for r in self.records if not r.ok]

    def locale_dirs(self) -> list[Path]:
        """The gettext catalogue directories of the loaded plugins, in plugin-name order:
        the ``locale`` directory of each plugin's top-level package, where one exists
        (``openwhist_german/locale/es/LC_MESSAGES/messages.mo``; see `openwhist.game.messages`).
        """
        found: list[Path] = []
        for record in sorted(self.records, key=lambda r: r.name):
            plugin = self.plugin_manager.get_plugin(record.name)
            if not record.ok or plugin is None:
                continue
            module = plugin.__name__ if isinstance(plugin, ModuleType) else type(plugin).__module__
            package = sys.modules.get(module.partition(".")[0])
            origin = getattr(package, "__file__", None)
            if origin is None:
                continue
            directory = Path(origin).parent / "locale"
            if directory.is_dir() and directory not in found:
                found.append(directory)
        return found

    def call_register_commands(self, app: Any) -> None:
        """Let plugins add CLI commands (the only call of that hook)."""
        self.plugin_manager.hook.whist_register_commands(app=app)


def _env_list(name: str, environ: Mapping[str, str]) -> set[str] | None:
    value = environ.get(name)
    if value is None:
        return None
    return {v.strip() for v in value.split(",") if v.strip()}


def _strict(environ: Mapping[str, str]) -> bool:
    return environ.get("OPENWHIST_STRICT_PLUGINS", "").lower() in {"1", "true", "yes"}


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


def load_catalog(
    *,
    environ: Mapping[str, str] | None = None,
    entry_points: Iterable[metadata.EntryPoint] | None = None,
    extra_plugins: Iterable[tuple[str, object]] = (),
) -> Catalog:
    """Load every plugin and build the catalog.

    Args:
        environ: environment to read the ``OPENWHIST_*`` switches from (default: os.environ).
        entry_points: the entry points to load (default: the installed ``openwhist`` group).
        extra_plugins: ``(name, plugin)`` pairs registered directly (tests, embedding).

    Raises:
        DuplicateVariantError: two plugins register one variant name (always fatal: a
            variant name is part of the ledger's meaning).
        Exception: the first plugin failure, when ``OPENWHIST_STRICT_PLUGINS=1``.
    """
    env = os.environ if environ is None else environ
    strict = _strict(env)
    only = _env_list("OPENWHIST_LOAD_PLUGINS", env)
    disabled = _env_list("OPENWHIST_DISABLE_PLUGINS", env) or set()
    pm = RulesPluginManager(PROJECT)  # unmarked whist_* functions are hooks too
    pm.add_hookspecs(DiscoverySpecs)
    records: list[PluginRecord] = []
    origin: dict[str, PluginRecord] = {}

    core_version = _version("openwhist")
    pm.register(DEFAULT_BOTS, name="openwhist.bots")
    core = PluginRecord("openwhist.bots", "openwhist", core_version, ["whist_register_bots"])
    records.append(core)
    origin["openwhist.bots"] = core

    eps = (
        list(entry_points)
        if entry_points is not None
        else list(metadata.entry_points(group=ENTRY_POINT_GROUP))
    )
    for ep in sorted(eps, key=lambda e: e.name):
        dist_name = ep.dist.name if ep.dist is not None else "?"
        version = ep.dist.version if ep.dist is not None else "?"
        names = {ep.name, dist_name}
        if names & disabled:
            continue
        if only is not None and not names & only:
            continue
        record = PluginRecord(ep.name, dist_name, version)
        records.append(record)
        plugin: object = None
        try:
            plugin = ep.load()
            pm.register(plugin, name=ep.name)
            pm.check_pending()
        except Exception as exc:
            if plugin is not None and pm.is_registered(plugin):
                pm.unregister(plugin)
            record.error = _describe(exc)
            if strict:
                raise
            continue
        record.hooks = sorted(
            h.name for h in (pm.get_hookcallers(plugin) or []) if h.name in DISCOVERY_HOOKS
        )
        origin[ep.name] = record
    for name, extra in extra_plugins:
        record = PluginRecord(name, name, "0", [])
        records.append(record)
        origin[name] = record
        try:
            pm.register(extra, name=name)
            pm.check_pending()
        except Exception as exc:
            if pm.is_registered(extra):
                pm.unregister(extra)
            record.error = _describe(exc)
            if strict:
                raise
            continue
        record.hooks = sorted(
            h.name for h in (pm.get_hookcallers(extra) or []) if h.name in DISCOVERY_HOOKS
        )

    variants: dict[str, RegisteredVariant] = {}
    aliases: dict[str, str] = {}
    house_rules: dict[str, HouseRule] = {}
    bots: list[BotSpec] = []
    owner: dict[int, str] = {}  # id(house rule or bot spec) -> plugin name
    sources: dict[int, str] = {}  # id(bot spec) -> distribution

    def collect(hook: str, accept: Callable[[PluginRecord, Any], None]) -> None:
        caller = getattr(pm.hook, hook)
        for impl in reversed(caller.get_hookimpls()):
            plugin_name = cast(str, pm.get_name(impl.plugin))
            record = origin[plugin_name]
            if not record.ok:
                continue
            try:
                callback = functools.partial(accept, record)
                impl.function(**{arg: callback for arg in impl.argnames})
            except DuplicateVariantError:
                raise
            except Exception as exc:
                record.error = _describe(exc)
                if strict:
                    raise
                _forget(record)

    def _forget(record: PluginRecord) -> None:
        # A plugin that failed half-way through registering contributes nothing.
        for key in [k for k, v in variants.items() if v.plugin == record.name]:
            del variants[key]
            for alias in [a for a, v in aliases.items() if v == key]:
                del aliases[alias]
        for name in [n for n, r in house_rules.items() if owner.get(id(r)) == record.name]:
            del house_rules[name]
        bots[:] = [b for b in bots if owner.get(id(b)) != record.name]

    def accept_variant(record: PluginRecord, variant: Variant) -> None:
        if not isinstance(variant, Variant):
            raise TypeError(f"register() expects a Variant, got {type(variant).__name__}")
        # Its score sheet and statistics must hold together (openwhist.game.scoresheet).
        check_declarations(
            variant.statistics, variant.categories, variant.sheet, variant.breakdowns
        )
        for key in (variant.name, *variant.aliases):
            if key.lower() in aliases:
                other = variants[aliases[key.lower()]]
                raise DuplicateVariantError(
                    f"variant {key!r} is registered by both {other.distribution} "
                    f"(plugin {other.plugin}) and {record.distribution} (plugin {record.name})"
                )
        variants[variant.name] = RegisteredVariant(
            variant, record.name, record.distribution, record.version
        )
        for key in (variant.name, *variant.aliases):
            aliases[key.lower()] = variant.name

    def accept_house_rule(record: PluginRecord, rule: HouseRule) -> None:
        if not isinstance(rule, HouseRule):
            raise TypeError(f"register() expects a HouseRule, got {type(rule).__name__}")
        if rule.name in house_rules:
            raise ValueError(f"house rule {rule.name!r} registered twice")
        house_rules[rule.name] = rule
        owner[id(rule)] = record.name

    def accept_bot(record: PluginRecord, spec: BotSpec) -> None:
        if not isinstance(spec, BotSpec):
            raise TypeError(f"register() expects a BotSpec, got {type(spec).__name__}")
        for other in bots:
            if other.name == spec.name and set(other.variants) & set(spec.variants):
                raise ValueError(f"bot {spec.name!r} registered twice for the same variant")
            if other.name == spec.name and not other.variants and not spec.variants:
                raise ValueError(f"bot {spec.name!r} registered twice")
        bots.append(spec)
        owner[id(spec)] = record.name
        sources[id(spec)] = record.distribution

    collect("whist_register_variants", accept_variant)
    collect("whist_register_house_rules", accept_house_rule)
    collect("whist_register_bots", accept_bot)
    return Catalog(
        pm,
        records,
        variants,
        house_rules,
        bots,
        aliases,
        {id(b): sources[id(b)] for b in bots},
        {name: owner[id(rule)] for name, rule in house_rules.items()},
    )


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:  # running from a source tree
        return "0+unknown"
