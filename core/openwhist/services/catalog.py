"""What is installed: variant and plugin listings, ready to render or dump as JSON.

Both listings are plain JSON-safe data in a stable order (variants by name, plugins in
loading order: the core's bots first, then entry points by name), so ``--json`` output is
diffable and scriptable.
"""

from __future__ import annotations

from typing import Any

from openwhist.bots.base import BotSpec

# What a front end needs of the plugin catalog is re-exported here (the CLI imports only
# the public names and the services): the catalog, loading it, a variant's options listed.
from openwhist.game.options import describe_options as describe_options
from openwhist.game.variant import HouseRule
from openwhist.plugins import Catalog as Catalog
from openwhist.plugins import RegisteredVariant
from openwhist.plugins import load_catalog as load_catalog


def variant_info(entry: RegisteredVariant) -> dict[str, Any]:
    """One variant: name, title, players, distribution, version, description, options.

    Each option is listed with its *effective* default: the model's default, or the
    variant's preset where it sets one (a preset variant reuses another variant's options
    model with different defaults).
    """
    variant = entry.variant
    defaults = variant.make_options({}).model_dump(mode="json")
    options = []
    for option in describe_options(variant.options):
        options.append(
            {
                "name": option["name"],
                "default": defaults.get(option["name"]),
                "description": option["description"],
            }
        )
    return {
        "name": variant.name,
        "title": variant.title,
        "description": variant.description,
        "players": variant.seats,
        "seats": list(variant.seat_names),
        "seat_counts": {str(n): list(variant.names_for(n)) for n in variant.allowed_seats},
        "partnerships": [list(side) for side in variant.partnerships],
        "aliases": list(variant.aliases),
        "distribution": entry.distribution,
        "version": entry.version,
        "plugin": entry.plugin,
        "options": options,
    }


def bot_info(spec: BotSpec) -> dict[str, Any]:
    """One bot: name, description, strength (`BotSpec.playing_strength`), its default level
    (``None`` without levels) and its levels (name, description, whether it is the
    default), in the order the bot declares them."""
    return {
        "name": spec.name,
        "description": spec.description,
        "strength": spec.playing_strength,
        "default_level": spec.default_level,
        "levels": [
            {
                "name": level.name,
                "description": level.description,
                "default": level.name == spec.default_level,
            }
            for level in spec.levels
        ],
    }


def house_rule_info(catalog: Catalog, rule: HouseRule) -> dict[str, Any]:
    """One house rule: ``name``, ``title``, ``description``, ``variants`` (the installed
    variants it applies to, by name: all of them when it names none), ``inputs`` (the kinds
    of match it supports, `HouseRule.inputs`: ``played``, ``facts``) and ``plugin`` (the
    plugin that registered it)."""
    return {
        "name": rule.name,
        "title": rule.title,
        "description": rule.description,
        "variants": sorted(name for name in catalog.variants if rule.applies_to(name)),
        "inputs": list(rule.inputs),
        "plugin": catalog.house_rule_plugins.get(rule.name, ""),
    }


def list_house_rules(catalog: Catalog, variant: str | None = None) -> list[dict[str, Any]]:
    """Every installed house rule (`house_rule_info`), sorted by name; with ``variant``
    only those that apply to it."""
    return [
        house_rule_info(catalog, catalog.house_rules[name])
        for name in sorted(catalog.house_rules)
        if variant is None or catalog.house_rules[name].applies_to(variant)
    ]


def list_variants(catalog: Catalog) -> list[dict[str, Any]]:
    """Every registered variant, sorted by name (see `variant_info`), each with ``bots``:
    the bots that can play it (`bot_info`), weakest first (by strength, then name), and
    ``house_rules``: the house rules that apply to it (`house_rule_info`), by name."""
    listing = []
    for name in sorted(catalog.variants):
        item = variant_info(catalog.variants[name])
        bots = sorted(catalog.bots_for(name), key=lambda s: (s.playing_strength, s.name))
        item["bots"] = [bot_info(spec) for spec in bots]
        item["house_rules"] = list_house_rules(catalog, name)
        listing.append(item)
    return listing


def list_plugins(catalog: Catalog) -> list[dict[str, Any]]:
    """Every plugin record, failures included, with what each one registered.

    Each item has ``name``, ``distribution``, ``version``, ``hooks`` (the discovery hooks it
    implements), ``ok``, ``error`` (``"ExceptionType: message"`` or ``None``) and
    ``variants`` (the variant names it registered) and ``house_rules`` (the house rules
    it registered, `house_rule_info`, by name).
    """
    out = []
    for record in catalog.records:
        item = record.as_dict()
        item["ok"] = record.ok
        item["variants"] = sorted(
            name for name, entry in catalog.variants.items() if entry.plugin == record.name
        )
        item["house_rules"] = [
            rule
            for rule in list_house_rules(catalog)
            if catalog.house_rule_plugins.get(rule["name"]) == record.name
        ]
        out.append(item)
    return out


__all__ = [
    "bot_info",
    "house_rule_info",
    "list_house_rules",
    "list_plugins",
    "list_variants",
    "variant_info",
]
