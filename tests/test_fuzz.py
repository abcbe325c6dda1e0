"""Fuzz tests of the inputs a user types or hands over: game records (``whist replay``), rule
options (``-o key=value``), seat specs (``--seat``) and real-card deal facts (``whist record
deal``). Each drives the public service function or command and asserts a clean verdict:
no exception but the documented error types, exit codes in the documented set, never an
internal error or a traceback (issue 14, defect 9).

Bounded and seeded: every test runs a fixed number of examples (``derandomize=True``), about
2,200 in all, so a CI run is repeatable and short (about a minute on the project's busy
2-core machine).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openwhist.game.errors import (
    OptionsError,
    RecordError,
    UnknownBotLevelError,
    UnknownVariantError,
)
from openwhist.game.options import parse_option_pairs
from openwhist.plugins import Catalog, load_catalog
from openwhist.records import load_record
from openwhist.services import UsageError
from openwhist.services.play import HumanTurn, MatchOver, PlaySession, parse_seat, start_session
from openwhist.services.replay import RecordCheck, check_text, decode_file
from openwhist.services.simulate import simulate
from openwhist_cli import runtime
from openwhist_cli.app import app
from typer.testing import CliRunner

VARIANTS = ("german", "english", "israeli")


def fuzz(examples: int) -> Any:
    """Seeded, bounded settings: the same examples on every run."""
    return settings(
        derandomize=True,
        max_examples=examples,
        deadline=None,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            # The shared runner and catalog are the same for every example, by design.
            HealthCheck.function_scoped_fixture,
        ],
    )


@functools.cache
def catalog() -> Catalog:
    return load_catalog()


@functools.cache
def real_records() -> dict[str, str]:
    """One real record per built-in variant, as a line of a ``--records`` file."""
    out = {}
    for seed, variant in enumerate(VARIANTS, start=3):
        run = simulate(catalog(), variant, deals=1, seed=seed)
        out[variant] = run.records[0].to_json()
    return out


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch) -> Iterator[CliRunner]:
    """A runner whose commands share one loaded catalog (loading it per example is slow)."""
    monkeypatch.setattr(runtime, "catalog_loader", catalog)
    return CliRunner()


def refused(call: Callable[[], object], *errors: type[Exception]) -> Exception | None:
    """Run ``call``: ``None`` if it succeeds, the exception if it raises one of ``errors``
    (anything else fails the test)."""
    try:
        call()
    except errors as exc:
        return exc
    return None


def clean(result: Any, codes: set[int]) -> None:
    """A command's result is one of the documented outcomes, never a crash."""
    assert "internal error" not in result.stderr, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert result.exit_code in codes, (result.exit_code, result.stdout, result.stderr)


# -- records --------------------------------------------------------------------------------

# Values that JSON can spell but Python's json module cannot build, or only with trouble:
# they are spliced into the text in place of a marker string.
_DEEP = "\x00deep:"
_HUGE = "\x00huge:"
_RAW = "\x00raw:"


def _paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(doc, dict):
        for key, value in doc.items():
            out.extend(_paths(value, (*prefix, key)))
    elif isinstance(doc, list):
        for index, value in enumerate(doc):
            out.extend(_paths(value, (*prefix, index)))
    return out


leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    st.sampled_from(["\ud800", "\udfff", "A\udc80B", "\u2028", "\x85", "\ufeff"]),
)
json_values = st.recursive(
    leaves,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)
spliced = st.one_of(
    st.integers(min_value=20, max_value=3000).map(lambda n: f"{_DEEP}{n}"),
    st.integers(min_value=4000, max_value=6000).map(lambda n: f"{_HUGE}{n}"),
    st.sampled_from(["NaN", "Infinity", "-Infinity", "1e999", "-0", "1.0", "[]", "{}"]).map(
        lambda raw: f"{_RAW}{raw}"
    ),
)


def _splice(text: str) -> str:
    def expand(match: re.Match[str]) -> str:
        kind, arg = match.group(1), match.group(2)
        if kind == "deep":
            n = int(arg)
            return "[" * n + "]" * n
        if kind == "huge":
            return "9" * int(arg)
        return arg

    return re.sub(r'"\\u0000(deep|huge|raw):([^"]*)"', expand, text)


@st.composite
def mutated_record(draw: st.DrawFn) -> bytes:
    """A real record with one damage: a value replaced, a key dropped or added, or the text
    truncated, patched or given bytes that are not UTF-8."""
    variant = draw(st.sampled_from(VARIANTS))
    doc = json.loads(real_records()[variant])
    kind = draw(
        st.sampled_from(
            ["replace", "replace", "drop", "add", "truncate", "patch", "bytes", "move", "move"]
        )
    )
    if kind == "move":
        # A plausible move in the wrong place: an action of the record (a card, a bid, a
        # Frisch selection, the deal) put where another one was, so replay gets deep into
        # the rules before it meets the problem.
        actions = doc["deals"][0]["actions"]
        pool = [a for d in doc["deals"] for a in d["actions"]]
        actions[draw(st.integers(0, len(actions) - 1))] = draw(st.sampled_from(pool))
        if draw(st.booleans()):
            del actions[draw(st.integers(0, len(actions) - 1))]
    if kind in ("replace", "drop", "add"):
        path = draw(st.sampled_from(_paths(doc)))
        parent: Any = doc
        for key in path[:-1]:
            parent = parent[key]
        if not path:
            doc = draw(json_values | spliced)
        elif kind == "replace":
            parent[path[-1]] = draw(json_values | spliced)
        elif kind == "drop":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.text(max_size=8))] = draw(json_values)
        else:
            parent.insert(path[-1], draw(json_values | spliced))
    text = _splice(json.dumps(doc, ensure_ascii=draw(st.booleans())))
    data = text.encode("utf-8", errors="surrogatepass")
    if kind == "truncate":
        data = data[: draw(st.integers(0, len(data) - 1))]
    elif kind == "patch":
        at = draw(st.integers(0, len(data) - 1))
        junk = draw(
            st.text(alphabet=st.characters(exclude_characters="\n"), min_size=1, max_size=3)
        )
        data = data[:at] + junk.encode("utf-8", errors="surrogatepass") + data[at + 1 :]
    elif kind == "bytes":
        at = draw(st.integers(0, len(data) - 1))
        data = data[:at] + bytes([draw(st.integers(0x80, 0xFF))]) + data[at:]
    return data.replace(b"\n", b" ")


@fuzz(400)
@given(bad=mutated_record(), first=st.booleans())
def test_fuzz_every_line_of_a_records_file_gets_its_own_verdict(bad: bytes, first: bool) -> None:
    """A damaged record next to a good one: two verdicts, the good one ok, no crash."""
    good = real_records()["german"].encode()
    lines = [bad, good] if first else [good, bad]
    checks = check_text(catalog(), decode_file(b"\n".join(lines) + b"\n"))
    if not decode_file(bad).strip():  # damaged down to a blank line, which is skipped
        assert [c.ok for c in checks] == [True]
        return
    assert [c.line for c in checks] == [1, 2]
    assert all(isinstance(c, RecordCheck) for c in checks)
    ok = checks[1] if first else checks[0]
    assert ok.ok, ok.error
    damaged = checks[0] if first else checks[1]
    assert damaged.ok or damaged.error


@fuzz(150)
@given(bad=mutated_record(), pretty=st.booleans())
def test_fuzz_whist_replay_exits_0_or_6_on_any_file(
    cli: CliRunner, bad: bytes, pretty: bool
) -> None:
    """``whist replay`` on a damaged record, alone (as one document) or as a line beside good
    ones: a verdict per record on stdout and exit code 0 or 6, never an internal error."""
    data = bad if pretty else b"\n".join([real_records()["english"].encode(), bad, b""])
    result = cli.invoke(app, ["replay", "-", "--json"], input=data)
    clean(result, {0, 6})
    verdicts = json.loads(result.stdout)
    assert len(verdicts) >= 1
    assert (result.exit_code == 0) == all(v["ok"] for v in verdicts)


@fuzz(800)
@given(doc=json_values | spliced)
def test_fuzz_load_record_raises_only_record_errors(doc: Any) -> None:
    """Any JSON document at all: a record, or a `RecordError` that says why not."""
    text = _splice(json.dumps(doc))
    refusal = refused(lambda: load_record(text), RecordError)
    assert refusal is None or str(refusal)


def test_replay_gives_each_line_a_verdict_whatever_breaks_it(
    cli: CliRunner, tmp_path: Path
) -> None:
    """Regression (issue 14, defect 9): JSON nested 1,000 deep, an integer of 5,000 digits,
    a broken first line, bytes that are not UTF-8, a lone surrogate and NaN each cost only
    their own line, with a reason; the good lines are still checked; exit code 6."""
    good = real_records()["german"]
    bad = [
        "[" * 1000 + "]" * 1000,
        re.sub(r'"seed":\d+', '"seed":' + "9" * 5000, good),
        "{broken",
        good.replace('"A"', '"A\\udc00"', 1),
        good.replace('"first_dealer":', '"first_dealer":NaN,"x":', 1),
    ]
    data = "\n".join([*bad, good]).encode() + b"\n" + good.encode().replace(b'"A"', b'"\xff"', 1)
    path = tmp_path / "damaged.jsonl"
    path.write_bytes(data)
    result = cli.invoke(app, ["replay", str(path)])
    clean(result, {6})
    lines = result.stdout.splitlines()
    assert len(lines) == 7
    assert "match 1 (line 1): INVALID -- unreadable JSON: nested too deeply" in lines[0]
    assert "match 2 (line 2): INVALID -- unreadable JSON: an integer of 5000 digits" in lines[1]
    assert lines[2].startswith("match 3 (line 3): INVALID -- malformed JSON")
    assert (
        "match 4 (line 4): INVALID -- unreadable JSON: a string holds text that is not"
        in (lines[3])
    )
    assert "NaN is not a JSON number" in lines[4]
    assert lines[5].startswith("match 6 (line 6): ok -- german")
    assert lines[6].startswith("match 7 (line 7): INVALID -- unreadable JSON: a string holds")
    assert "6 of 7 records are invalid" in result.stderr


def test_replay_takes_stored_scores_of_any_shape(cli: CliRunner) -> None:
    """Regression, found by the fuzz test: a stored progress whose ``awards`` is a number
    (not a list) made replay crash with a TypeError; it is that record's verdict now."""
    record = json.loads(real_records()["israeli"])
    record["deals"][0]["progress"]["awards"] = 99
    record["deals"][0]["score"]["lines"] = "none"
    result = cli.invoke(app, ["replay", "-"], input=json.dumps(record) + "\n")
    clean(result, {6})
    assert "INVALID -- deal 1: recorded score differs from the replay (lines: recorded 'none'" in (
        result.stdout
    )


def test_a_seat_with_bytes_that_are_not_utf8_is_a_usage_error(cli: CliRunner) -> None:
    """Regression, found by the fuzz test: ``--seat B=human:<byte 0xff>`` (which Python
    reads as a lone surrogate) ended ``whist play`` with a UnicodeEncodeError."""
    result = cli.invoke(
        app,
        ["play", "german", "--seat", "A=bot:random", "--seat", "B=human:\udcff", "--no-ledger"],
        input="",
    )
    clean(result, {2})
    assert "is not a seat: it holds bytes that are not UTF-8 text" in result.stderr


def test_replay_splits_lines_at_newlines_only(tmp_path: Path) -> None:
    """A player's name may hold U+2028 raw (valid JSON); the line is still one record."""
    good = real_records()["german"]
    odd = good.replace('"name":"A"', '"name":"A\u2028B"', 1)
    assert odd != good
    checks = check_text(catalog(), f"{odd}\n{good}\n")
    assert [(c.line, c.ok) for c in checks] == [(1, True), (2, True)]


# -- rule options ---------------------------------------------------------------------------

option_values = st.one_of(
    st.text(max_size=10),
    st.integers().map(str),
    st.integers(min_value=4000, max_value=5000).map(lambda n: "9" * n),
    st.sampled_from(
        [
            "1e400",
            "-1e400",
            "nan",
            "inf",
            "-0",
            "0x10",
            "1_000",
            "true",
            "no",
            "null",
            " 7 ",
            "\udcff",
            "½",
            "٣",
            "①",
            "1.5",
            "[]",
            "{}",
        ]
    ),
)


@st.composite
def option_pairs(draw: st.DrawFn) -> tuple[str, list[str]]:
    variant = draw(st.sampled_from(VARIANTS))
    fields = list(catalog().variant(variant).options.model_fields)
    keys = st.sampled_from(fields) | st.text(max_size=8)
    pair = st.one_of(
        st.builds(lambda k, v: f"{k}={v}", keys, option_values),
        st.text(max_size=10),
    )
    return variant, draw(st.lists(pair, max_size=3))


@fuzz(300)
@given(request=option_pairs())
def test_fuzz_options_are_accepted_or_refused_field_by_field(
    request: tuple[str, list[str]],
) -> None:
    """Any ``-o`` strings: the variant plays a deal with them, or they are an `OptionsError`
    (or a usage error) -- never a crash in the rules."""
    variant, pairs = request

    def play() -> None:
        options = parse_option_pairs(pairs, variant=variant)
        simulate(catalog(), variant, options=options, deals=1, seed=1)

    refusal = refused(play, OptionsError, UsageError)
    assert refusal is None or str(refusal)


@fuzz(120)
@given(request=option_pairs())
def test_fuzz_whist_simulate_options_exit_0_or_2(
    cli: CliRunner, request: tuple[str, list[str]]
) -> None:
    variant, pairs = request
    args = ["simulate", variant, "--deals", "1", "--seed", "2"]
    for pair in pairs:
        args += ["-o", pair]
    clean(cli.invoke(app, args), {0, 2})


# -- seats ----------------------------------------------------------------------------------

seat_texts = st.one_of(
    st.text(max_size=12),
    st.builds(
        lambda kind, name, level: ":".join(p for p in (kind, name, level) if p is not None),
        st.sampled_from(["bot", "human", "BOT", " Human ", "bot ", "robot"]),
        st.sampled_from(["random", "heuristic", "expert", "", " ", "nope", "Ann", "\udcff"])
        | st.text(max_size=6),
        st.none() | st.sampled_from(["1", "2", "3", "9", "", "x", ":"]) | st.text(max_size=4),
    ),
)


@fuzz(300)
@given(variant=st.sampled_from(VARIANTS), text=seat_texts, seat=st.integers(0, 3))
def test_fuzz_seat_specs_seat_a_player_or_say_why_not(variant: str, text: str, seat: int) -> None:
    """Any ``--seat`` spec: a seat that plays (the match runs to a human's turn or its end),
    or a usage error / unknown level that names the problem."""
    seats = catalog().variant(variant).seats
    sessions: list[PlaySession] = []

    def sit() -> None:
        parse_seat(text, "X")
        sessions.append(start_session(catalog(), variant, seats={seat % seats: text}, seed=3))

    refusal = refused(sit, UsageError, UnknownBotLevelError, UnknownVariantError)
    if refusal is not None:
        assert str(refusal)
        return
    (session,) = sessions
    for _ in range(60):
        event = session.next_event()
        if isinstance(event, HumanTurn | MatchOver):
            break


@fuzz(40)
@given(text=seat_texts)
def test_fuzz_whist_play_seat_exit_codes(cli: CliRunner, text: str) -> None:
    """``whist play german --seat B=SPEC``: it plays (stopping at end of input if a human
    sits there: exit 1 by design), or it is a usage error (2); never an internal error."""
    result = cli.invoke(
        app,
        [
            "play",
            "german",
            "--seat",
            "A=bot:random",
            "--seat",
            f"B={text}",
            "--no-ledger",
            "--seed",
            "1",
            "--deals",
            "1",
        ],
        input="",
    )
    clean(result, {0, 1, 2})


# -- real-card deal facts -------------------------------------------------------------------

fact_values = st.one_of(
    st.integers(min_value=-20, max_value=30).map(str),
    st.sampled_from(
        [
            "N",
            "E",
            "S",
            "W",
            "A",
            "B",
            "NS",
            "EW",
            "yes",
            "no",
            "true",
            "none",
            "13",
            "-1",
            "9" * 5000,
            "1e400",
            "nan",
            "",
            "\udcff",
            "♠",
            "3,4,3,3",
            "[1, 2]",
            "hearts",
            "spades",
            "no trump",
            "same",
            "next",
        ]
    ),
    st.text(max_size=8),
)


@pytest.mark.parametrize("variant", VARIANTS)
def test_fuzz_record_deal_facts_exit_0_1_or_2(cli: CliRunner, tmp_path: Path, variant: str) -> None:
    """``whist record deal MATCH key=value ...`` with any facts: recorded (0), refused with
    every problem listed (2), or a match that takes no more deals (1) -- never a crash."""
    db = str(tmp_path / f"{variant}.sqlite3")
    players = [arg for name in ("Ann", "Bob", "Cy", "Di") for arg in ("--player", name)]
    seats = catalog().variant(variant).seats
    start = cli.invoke(app, ["record", "start", variant, *players[: 2 * seats], "--db", db])
    clean(start, {0})
    fields = json.loads(
        cli.invoke(app, ["record", "fields", "1", "--db", db, "--json"]).stdout or "[]"
    )
    names = [f["name"] for f in fields] or ["tricks"]
    keys = st.sampled_from(names) | st.text(max_size=6)
    pairs = st.lists(
        st.builds(lambda k, v: f"{k}={v}", keys, fact_values) | st.text(max_size=8), max_size=5
    )

    @fuzz(30)
    @given(facts=pairs)
    def run(facts: list[str]) -> None:
        result = cli.invoke(app, ["record", "deal", "1", *facts, "--db", db], input="")
        clean(result, {0, 1, 2})

    run()
