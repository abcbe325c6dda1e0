"""Plugin loading: discovery hooks, isolation of broken plugins, and the environment switches
(docs/architecture.md#the-plugin-contract "Loading"; issue 2 item 6).

The entry points are real `importlib.metadata.EntryPoint` objects read from fake
distributions written to a temporary directory (``*.dist-info`` with ``METADATA`` and
``entry_points.txt``), so each knows its distribution name and version exactly as an
installed third-party plugin would. They point at the small modules in ``fakeplugins/``.
German Whist comes from its real, installed entry point.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest
from openwhist import DuplicateVariantError, Engine
from openwhist.plugins import Catalog, load_catalog

FAKES = Path(__file__).parent / "fakeplugins"


@pytest.fixture(autouse=True)
def fake_modules(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Make ``fakeplugins`` importable, and forget its modules afterwards."""
    monkeypatch.syspath_prepend(str(FAKES))
    yield
    for name in [m for m in sys.modules if m.startswith("owfake_")]:
        del sys.modules[name]


@pytest.fixture
def make_dist(tmp_path: Path) -> Any:
    """Write a fake distribution and return its ``openwhist`` entry points."""

    def make(name: str, entry_points: dict[str, str], version: str = "1.2.3") -> list[Any]:
        info = tmp_path / f"{name.replace('-', '_')}-{version}.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(
            f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n", encoding="utf-8"
        )
        lines = "".join(f"{ep} = {module}\n" for ep, module in entry_points.items())
        (info / "entry_points.txt").write_text(f"[openwhist]\n{lines}", encoding="utf-8")
        return [
            ep for ep in metadata.PathDistribution(info).entry_points if ep.group == "openwhist"
        ]

    return make


def german_entry_point() -> list[metadata.EntryPoint]:
    eps = [ep for ep in metadata.entry_points(group="openwhist") if ep.name == "german"]
    assert len(eps) == 1, eps
    return eps


def load(entry_points: list[Any], **environ: str) -> Catalog:
    return load_catalog(environ=environ, entry_points=entry_points)


def plays_a_deal(catalog: Catalog, name: str) -> bool:
    engine = Engine(catalog.variant(name))
    rng = random.Random(1)
    state = engine.start_deal(dealer=0)
    state = engine.apply(state, engine.sample_chance(state, rng))
    while state.to_act >= 0:
        state = engine.apply(state, engine.legal_actions(state)[0])
    return engine.score(state).parties == engine.start_match(0).parties


def record(catalog: Catalog, name: str) -> Any:
    (found,) = [r for r in catalog.records if r.name == name]
    return found


# -- discovery hooks -------------------------------------------------------------------------


def test_hook_whist_register_variants_lists_the_variant_with_its_distribution(
    make_dist: Any,
) -> None:
    catalog = load(german_entry_point() + make_dist("openwhist-fake", {"fake": "owfake_good"}))
    registered = catalog.variants["fake-whist"]
    assert (registered.distribution, registered.version, registered.plugin) == (
        "openwhist-fake",
        "1.2.3",
        "fake",
    )
    assert catalog.variant("FW") is registered.variant  # aliases, any case
    assert catalog.variants["german"].distribution == "openwhist-german"
    assert plays_a_deal(catalog, "fake-whist")
    fake = record(catalog, "fake")
    assert fake.ok
    assert fake.hooks == sorted(
        [
            "whist_register_bots",
            "whist_register_commands",
            "whist_register_house_rules",
            "whist_register_variants",
        ]
    )


def test_hook_whist_register_house_rules(make_dist: Any) -> None:
    catalog = load(make_dist("openwhist-fake", {"fake": "owfake_good"}))
    rule = catalog.house_rule("fake-nothing")
    assert rule.variants == ("fake-whist",)
    Engine(catalog.variant("fake-whist"), house_rules=[rule])  # stacks without complaint


def test_hook_whist_register_bots(make_dist: Any) -> None:
    catalog = load(german_entry_point() + make_dist("openwhist-fake", {"fake": "owfake_good"}))
    fake_bots = {b.name for b in catalog.bots_for("fake-whist")}
    german_bots = {b.name for b in catalog.bots_for("german")}
    assert "fake-bot" in fake_bots
    assert "random" in fake_bots  # the core's bot plays any variant
    assert "fake-bot" not in german_bots


def test_hook_whist_register_commands_receives_the_app(make_dist: Any) -> None:
    class App:
        def __init__(self) -> None:
            self.names: list[str] = []

        def command(self, name: str) -> Any:
            def add(function: Any) -> Any:
                self.names.append(name)
                return function

            return add

    catalog = load(make_dist("openwhist-fake", {"fake": "owfake_good"}))
    app = App()
    catalog.call_register_commands(app)
    assert app.names == ["fake"]


# -- a broken plugin is isolated -------------------------------------------------------------


@pytest.mark.parametrize(
    ("module", "error"),
    [
        (
            "owfake_import_error",
            "ModuleNotFoundError: No module named 'openwhist_no_such_dependency'",
        ),
        ("owfake_bad_hook", "whist_register_variant"),
        ("owfake_raises", "RuntimeError: the plugin is broken"),
    ],
    ids=["import-error", "misspelled-hook", "raises-in-registration"],
)
def test_a_broken_plugin_is_reported_and_german_still_plays(
    make_dist: Any, module: str, error: str
) -> None:
    eps = german_entry_point() + make_dist("openwhist-broken", {"broken": module}, "0.9")
    catalog = load(eps)
    broken = record(catalog, "broken")
    assert (broken.distribution, broken.version) == ("openwhist-broken", "0.9")
    assert not broken.ok
    assert error in (broken.error or "")
    assert [r.name for r in catalog.failures()] == ["broken"]
    # Nothing of the broken plugin is left half-registered.
    assert sorted(catalog.variants) == ["german"]
    assert record(catalog, "german").ok
    assert plays_a_deal(catalog, "german")


def test_a_plugin_failing_in_a_later_hook_contributes_nothing(make_dist: Any) -> None:
    eps = german_entry_point() + make_dist("openwhist-late", {"late": "owfake_late_failure"})
    catalog = load(eps)
    assert "RuntimeError: no bots today" in (record(catalog, "late").error or "")
    assert sorted(catalog.variants) == ["german"]
    assert "fake-nothing" not in catalog.house_rules


@pytest.mark.parametrize(
    ("module", "exception"),
    [
        ("owfake_import_error", ModuleNotFoundError),
        ("owfake_raises", RuntimeError),
    ],
)
def test_strict_mode_reraises_the_failure(
    make_dist: Any, module: str, exception: type[Exception]
) -> None:
    eps = german_entry_point() + make_dist("openwhist-broken", {"broken": module})
    with pytest.raises(exception):
        load(eps, OPENWHIST_STRICT_PLUGINS="1")


def test_strict_mode_reraises_a_misspelled_hook(make_dist: Any) -> None:
    eps = make_dist("openwhist-broken", {"broken": "owfake_bad_hook"})
    with pytest.raises(Exception, match="whist_register_variant"):
        load(eps, OPENWHIST_STRICT_PLUGINS="1")


def test_without_strict_mode_the_same_plugins_load(make_dist: Any) -> None:
    eps = german_entry_point() + make_dist("openwhist-broken", {"broken": "owfake_raises"})
    assert "german" in load(eps, OPENWHIST_STRICT_PLUGINS="0").variants


def test_an_entry_point_without_a_distribution_is_reported_as_unknown() -> None:
    ep = metadata.EntryPoint(name="orphan", value="owfake_import_error", group="openwhist")
    catalog = load([*german_entry_point(), ep])
    orphan = record(catalog, "orphan")
    assert (orphan.distribution, orphan.version) == ("?", "?")
    assert "ModuleNotFoundError" in (orphan.error or "")


# -- choosing plugins ------------------------------------------------------------------------


@pytest.fixture
def three(make_dist: Any) -> list[Any]:
    return (
        german_entry_point()
        + make_dist("openwhist-fake", {"fake": "owfake_good"})
        + make_dist("openwhist-broken", {"broken": "owfake_import_error"})
    )


def loaded(catalog: Catalog) -> list[str]:
    return sorted(r.name for r in catalog.records if r.distribution != "openwhist")


def test_all_plugins_load_by_default(three: list[Any]) -> None:
    assert loaded(load(three)) == ["broken", "fake", "german"]


def test_load_plugins_empty_loads_none(three: list[Any]) -> None:
    catalog = load(three, OPENWHIST_LOAD_PLUGINS="")
    assert loaded(catalog) == []
    assert catalog.variants == {}
    assert [b.name for b in catalog.bots_for("german")] == ["random"]  # the core's own


def test_load_plugins_by_entry_point_or_distribution_name(three: list[Any]) -> None:
    assert loaded(load(three, OPENWHIST_LOAD_PLUGINS="german")) == ["german"]
    assert loaded(load(three, OPENWHIST_LOAD_PLUGINS=" openwhist-fake , german ")) == [
        "fake",
        "german",
    ]


def test_disable_plugins_by_entry_point_or_distribution_name(three: list[Any]) -> None:
    catalog = load(three, OPENWHIST_DISABLE_PLUGINS="broken,openwhist-fake")
    assert loaded(catalog) == ["german"]
    assert catalog.failures() == []


def test_disable_wins_over_load(three: list[Any]) -> None:
    catalog = load(three, OPENWHIST_LOAD_PLUGINS="german,fake", OPENWHIST_DISABLE_PLUGINS="fake")
    assert loaded(catalog) == ["german"]


# -- duplicates ------------------------------------------------------------------------------


def test_a_duplicate_variant_name_names_both_distributions(make_dist: Any) -> None:
    eps = german_entry_point() + make_dist("openwhist-impostor", {"impostor": "owfake_duplicate"})
    with pytest.raises(DuplicateVariantError) as info:
        load(eps)
    message = str(info.value)
    assert "'german'" in message
    assert "openwhist-german" in message
    assert "openwhist-impostor" in message


def test_a_duplicate_alias_is_a_duplicate_too(make_dist: Any) -> None:
    eps = german_entry_point() + make_dist("openwhist-clash", {"clash": "owfake_alias_clash"})
    with pytest.raises(
        DuplicateVariantError, match=r"german-whist.*openwhist-german.*openwhist-clash"
    ):
        load(eps)


def test_a_duplicate_is_fatal_even_without_strict_mode(make_dist: Any) -> None:
    eps = german_entry_point() + make_dist("openwhist-impostor", {"impostor": "owfake_duplicate"})
    with pytest.raises(DuplicateVariantError):
        load(eps, OPENWHIST_STRICT_PLUGINS="0")
