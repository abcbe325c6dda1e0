"""The typed facade over a match's rule hooks: `MatchRules`, which implements `Rules`.

`MatchRules` builds the match's own pluggy plugin manager -- the core's standard rules at the
bottom, then the variant's rules plugin, then the enabled house rules -- and is the only
code that touches ``pm.hook``. For speed it resolves each hook's implementation chain once,
when the match starts: a chain whose first implementation takes every argument becomes a
``functools.partial`` (one that omits only ``rules`` is called as it is, one that omits
others gets a small function picking its arguments by position); a longer chain becomes
a small loop that stops at the first result that is not ``None`` (pluggy's
``firstresult`` semantics). A chain with a wrapper implementation is called through pluggy
itself, so wrappers behave exactly as pluggy defines them.

A rules plugin may declare ``complete_hooks``, a collection of the hook names it always
answers (never returning ``None``): the facade then calls that implementation directly and
drops the implementations below it, which no call could reach anyway. A plugin that
declares a hook complete and still returns ``None`` breaks the contract (the conformance
kit notices).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

import pluggy

from openwhist.game.errors import PluginContractError
from openwhist.game.hookspecs import PROJECT, RULE_HOOKS, Rules, RuleSpecs
from openwhist.game.standard import StandardRules

if TYPE_CHECKING:
    from pydantic import BaseModel

    from openwhist.game.variant import HouseRule, Variant


STANDARD_PLUGIN = "openwhist.game.standard"


class RulesPluginManager(pluggy.PluginManager):
    """A plugin manager that treats every ``whist_*`` callable as a hook implementation.

    As pytest does for ``pytest_*``: a rules plugin's ``whist_`` method is a hook even
    without ``@hookimpl``, so a misspelled name is caught by ``check_pending`` instead of
    being silently ignored.
    """

    def parse_hookimpl_opts(self, plugin: object, name: str) -> pluggy.HookimplOpts | None:
        opts = super().parse_hookimpl_opts(plugin, name)
        if opts is None and name.startswith("whist_") and callable(getattr(plugin, name, None)):
            return {
                "wrapper": False,
                "hookwrapper": False,
                "optionalhook": False,
                "tryfirst": False,
                "trylast": False,
                "specname": None,
            }
        return opts


class MatchRules(Rules):
    """One match's rules: the `Rules` facade, its callables resolved from the stacked rule
    plugins.

    Each callable attribute declared by `Rules` calls the rule hook of the same name
    (``whist_`` prefix dropped) and has its argument list without ``rules``.
    """

    def __init__(
        self, variant: Variant, house_rules: Sequence[HouseRule] = (), seats: int | None = None
    ) -> None:
        """Stack the rules of a match of ``variant`` with ``house_rules`` at ``seats`` seats
        (``None``: the variant's default count).

        Raises:
            SeatCountError: a count the variant does not allow.
            PluginContractError: a rules plugin that does not fit the hook contract.
        """
        self.variant = variant
        self.house_rules = tuple(house_rules)
        self.seat_names = variant.names_for(seats)
        self.seats = len(self.seat_names)
        pm = RulesPluginManager(PROJECT)
        pm.add_hookspecs(RuleSpecs)
        # Registered first, so called last: the variant and house rules override it.
        pm.register(StandardRules(), name=STANDARD_PLUGIN)
        self._register(pm, variant.rules, f"variant:{variant.name}")
        for house_rule in self.house_rules:
            self._register(pm, house_rule.rules, f"house-rule:{house_rule.name}")
        self.plugin_manager = pm
        self.standard_hooks: frozenset[str] = frozenset(
            hook
            for hook in RULE_HOOKS
            if [pm.get_name(i.plugin) for i in getattr(pm.hook, hook).get_hookimpls()]
            == [STANDARD_PLUGIN]
        )
        """The hooks only the core's standard rules implement in this match: the engine may
        do those steps itself (`openwhist.game.deal.LiveDeal`)."""
        self.standard_trick_order = "whist_trick_order" in self.standard_hooks
        for hook in RULE_HOOKS:
            setattr(self, hook.removeprefix("whist_"), self._resolve(pm, hook))

    def standard_steps(self, options: BaseModel) -> frozenset[str]:
        """The hooks answered as the standard rules answer them in a match with ``options``.

        Those only the standard rules implement (`standard_hooks`), and those whose every
        other implementation is a plain one whose plugin lists the hook in its
        ``standard_steps(options)`` (a plain method, not a hook): German Whist's
        `whist_legal_plays` is standard follow-suit unless ``phase1_must_follow_suit`` is
        off. A `LiveDeal` does these steps itself; the pure API still calls the hooks, and
        the conformance kit checks that both list the same legal actions at every step.
        """
        pm = self.plugin_manager
        steps = set(self.standard_hooks)
        for hook in RULE_HOOKS:
            others = [
                impl
                for impl in getattr(pm.hook, hook).get_hookimpls()
                if pm.get_name(impl.plugin) != STANDARD_PLUGIN
            ]
            if others and all(
                not (impl.hookwrapper or impl.wrapper)
                and hook in getattr(impl.plugin, "standard_steps", lambda _options: ())(options)
                for impl in others
            ):
                steps.add(hook)
        return frozenset(steps)

    @staticmethod
    def _register(pm: pluggy.PluginManager, plugin: object, name: str) -> None:
        try:
            pm.register(plugin, name=name)
            pm.check_pending()
        except (pluggy.PluginValidationError, ValueError) as exc:
            raise PluginContractError(f"{name}: {exc}") from exc

    def _resolve(self, pm: pluggy.PluginManager, hook: str) -> Callable[..., Any]:
        caller = getattr(pm.hook, hook)
        spec_names: tuple[str, ...] = caller.spec.argnames
        impls = caller.get_hookimpls()
        if any(impl.hookwrapper or impl.wrapper for impl in impls):

            def call_through_pluggy(*args: Any) -> Any:
                result = caller(**dict(zip(spec_names, (self, *args), strict=True)))
                return self._check(hook, result)

            return call_through_pluggy
        # pluggy calls the most recently registered implementation first. A plugin that
        # lists the hook in its `complete_hooks` always answers it, so nothing below it
        # can be reached: cut the chain there.
        ordered = list(reversed(impls))
        for depth, impl in enumerate(ordered):
            if hook in getattr(impl.plugin, "complete_hooks", ()):
                ordered = ordered[: depth + 1]
                break
        chain = [self._bind(impl, spec_names) for impl in ordered]
        if len(chain) == 1 and (
            pm.get_name(ordered[0].plugin) == STANDARD_PLUGIN
            or hook in getattr(ordered[0].plugin, "complete_hooks", ())
        ):
            # The standard rules always answer, and so does a plugin that declares the
            # hook complete; any other lone answer is checked.
            return chain[0]

        if len(chain) == 1:
            # A lone implementation that may decline (Israeli Whist's bidding hooks).
            only = chain[0]

            def call_one(*args: Any) -> Any:
                result = only(*args)
                return result if result is not None else self._check(hook, None)

            return call_one

        def call_chain(*args: Any) -> Any:
            for function in chain:
                result = function(*args)
                if result is not None:
                    return result
            return self._check(hook, None)

        return call_chain

    def _bind(self, impl: Any, spec_names: tuple[str, ...]) -> Callable[..., Any]:
        function = impl.function
        names: tuple[str, ...] = tuple(impl.argnames)
        if names == spec_names:
            return functools.partial(function, self)
        if names == spec_names[1:]:
            return cast(Callable[..., Any], function)
        # Any other subset of the arguments (pluggy lets an implementation omit the ones it
        # does not use): pick them by position. Plain code; the core's own hooks take every
        # argument, so only a third-party hook that omits some pays this extra call.
        positions = tuple(spec_names.index(name) for name in names)

        def pick_arguments(*args: Any) -> Any:
            given = (self, *args)
            return function(*[given[i] for i in positions])

        return pick_arguments

    def _check(self, hook: str, result: object) -> Any:
        if result is None:
            raise PluginContractError(
                f"no rules plugin of variant {self.variant.name!r} answered {hook}"
            )
        return result

    def hook_implementations(self) -> dict[str, list[str]]:
        """For each rule hook, the plugins implementing it, in call order (for listings)."""
        pm = self.plugin_manager
        return {
            hook: [
                cast(str, pm.get_name(i.plugin))
                for i in reversed(getattr(pm.hook, hook).get_hookimpls())
            ]
            for hook in RULE_HOOKS
        }
