"""Forms generated from a pydantic model's JSON schema: a real-card deal's facts, a
variant's options -- for a front end that shows fields (the club pages, docs/club.md).

No variant is named here: the fields come from the schema alone --

* an ``enum`` (or a ``Literal``) is a choice of its values;
* an ``integer`` is a number (its ``minimum``/``maximum`` kept);
* a ``boolean`` is a box to tick;
* a ``string`` is a line of text;
* a value that may be ``null`` gets an empty choice (or may be left empty);
* an array of fixed length (``prefixItems``) is one field per item; an array of objects
  is rows of the object's fields (`ROWS_EXTRA` empty rows beyond those given); any other
  array is a line of values separated by commas;

-- and from what a variant declares of a fact in its schema with ``json_schema_extra=
{"openwhist": ROLE}`` (docs/plugins/hooks.md, "Facts a score-keeper enters"): ``seat``
(an integer naming a seat: a choice of the players), ``party`` (an integer naming a
scoring party: a choice of the parties' players), ``per_seat`` / ``per_party`` (an array
with one value per seat or party: one field each, labelled by the players).

`FactsForm.read` turns the submitted text back into the facts (or options) to validate:
what it cannot read is passed on as typed, so the model reports it in its own words, and
an item left empty among given ones is reported here. The field names are stable:
``FACT`` for a single value, ``FACT.N`` for an item, ``FACT.N.KEY`` for a row's field.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from openwhist.game.messages import N_, Message, join_messages

ROLE_KEY: Final = "openwhist"
"""The schema key a fact's role is declared under (``json_schema_extra``)."""
ROLES: Final = ("seat", "party", "per_seat", "per_party")
"""The roles a fact may declare."""
ROWS_EXTRA: Final = 2
"""Empty rows shown beyond the rows entered, for a fact that is a list of objects (a
form sent with problems comes back with as many more)."""
MAX_ROWS: Final = 40
"""The most rows of one fact read from a form (a bound on what a client can make us do)."""

Kind = Literal["number", "select", "check", "text"]


@dataclass(frozen=True)
class Choice:
    """One value of a choice: what is sent (``value``) and what is read (``label``: a
    message, or a name shown as it is)."""

    value: str
    label: Message | str


@dataclass(frozen=True)
class Field:
    """One input of a form.

    Attributes:
        name: the input's name (and the id's stem): ``FACT``, ``FACT.N`` or ``FACT.N.KEY``.
        label: what the input is, for its ``<label>``: a message, or a player's name.
        kind: ``number``, ``select``, ``check`` or ``text``.
        value: the text the input shows (what was typed, else the default).
        choices: a ``select``'s values.
        minimum, maximum: a ``number``'s bounds, when the schema gives them.
        required: whether the form cannot be sent without it.
    """

    name: str
    label: Message | str
    kind: Kind
    value: str = ""
    choices: tuple[Choice, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    required: bool = False


@dataclass(frozen=True)
class Group:
    """The inputs of one fact: its name (an identifier, shown as it is), its description
    (a message the variant's catalogue translates), and its fields -- one, one per item,
    or ``rows`` of several."""

    fact: str
    description: str
    fields: tuple[Field, ...] = ()
    rows: tuple[tuple[Field, ...], ...] = ()


@dataclass(frozen=True)
class Seating:
    """Who sits where, for the labels: the players' names in seat order, each seat's
    scoring party, and each party's name (``NS``)."""

    players: tuple[str, ...] = ()
    parties: tuple[int, ...] = ()
    party_names: tuple[str, ...] = ()

    def party_label(self, party: int) -> str:
        """``Ann & Cy`` -- a party's players (its name when it has none)."""
        names = [p for p, q in zip(self.players, self.parties, strict=False) if q == party]
        if names:
            return " & ".join(names)
        return self.party_names[party] if party < len(self.party_names) else str(party)

    @property
    def party_count(self) -> int:
        return len(self.party_names) or (max(self.parties) + 1 if self.parties else 0)


_NONE = Message(N_("none"))
_YES = ("1", "on", "yes", "true")


def _resolve(schema: Mapping[str, Any], defs: Mapping[str, Any]) -> dict[str, Any]:
    ref = schema.get("$ref")
    if isinstance(ref, str):
        return dict(defs.get(ref.rsplit("/", 1)[-1], {}))
    return dict(schema)


def _unwrap(schema: Mapping[str, Any], defs: Mapping[str, Any]) -> tuple[dict[str, Any], bool]:
    """The schema without its ``null`` alternative, and whether ``null`` is allowed."""
    schema = _resolve(schema, defs)
    options = schema.get("anyOf")
    if not options:
        return schema, False
    real = [_resolve(o, defs) for o in options if o.get("type") != "null"]
    nullable = len(real) < len(options)
    base = dict(real[0]) if len(real) == 1 else {"type": "string"}
    for key in ("description", "default", "title", ROLE_KEY):
        if key in schema and key not in base:
            base[key] = schema[key]
    return base, nullable


def _shown(value: Any) -> str:
    """A value as an input shows it."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else ""
    if isinstance(value, list | tuple):
        return ", ".join(_shown(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value)
    return str(value)


class FactsForm:
    """The form of one model (a facts model or an options model) for one table.

    Args:
        schema: the model's JSON schema (``model.model_json_schema()``).
        seating: the players and parties (labels of seat and party fields).
        prefix: put before every field's name (``o-`` for options beside other fields).
    """

    def __init__(
        self, schema: Mapping[str, Any], seating: Seating | None = None, *, prefix: str = ""
    ) -> None:
        self.prefix = prefix
        self.schema = dict(schema)
        self.defs: dict[str, Any] = dict(schema.get("$defs", {}))
        self.properties: dict[str, Any] = dict(schema.get("properties", {}))
        self.required = frozenset(schema.get("required", ()))
        self.seating = seating or Seating()

    # -- drawing ---------------------------------------------------------------------------

    def _item_count(self, schema: Mapping[str, Any], role: str | None) -> int | None:
        if role == "per_seat" and self.seating.players:
            return len(self.seating.players)
        if role == "per_party" and self.seating.party_count:
            return self.seating.party_count
        prefix = schema.get("prefixItems")
        if isinstance(prefix, list) and schema.get("maxItems") == len(prefix):
            return len(prefix)
        return None

    def _item_label(self, role: str | None, index: int) -> Message | str:
        if role == "per_seat" and index < len(self.seating.players):
            return self.seating.players[index]
        if role == "per_party":
            return self.seating.party_label(index)
        return Message(N_("item {number}"), {"number": index + 1})

    def _scalar(
        self,
        name: str,
        label: Message | str,
        schema: Mapping[str, Any],
        value: str,
        *,
        required: bool,
        role: str | None = None,
    ) -> Field:
        base, nullable = _unwrap(schema, self.defs)
        role = role or base.get(ROLE_KEY)
        kind = base.get("type")
        empty = (Choice("", _NONE),) if nullable or not required else ()
        if role == "seat" and self.seating.players:
            choices = tuple(Choice(str(i), p) for i, p in enumerate(self.seating.players))
            return Field(name, label, "select", value, empty + choices, required=required)
        if role == "party" and self.seating.party_count:
            parties = range(self.seating.party_count)
            choices = tuple(Choice(str(i), self.seating.party_label(i)) for i in parties)
            return Field(name, label, "select", value, empty + choices, required=required)
        if "enum" in base or "const" in base:
            values = base.get("enum") or [base.get("const")]
            choices = tuple(Choice(str(v), str(v)) for v in values)
            return Field(name, label, "select", value, empty + choices, required=required)
        if kind == "boolean":
            return Field(name, label, "check", value, required=False)
        if kind == "integer":
            return Field(
                name,
                label,
                "number",
                value,
                minimum=base.get("minimum"),
                maximum=base.get("maximum"),
                required=required and not nullable,
            )
        return Field(name, label, "text", value, required=required and not nullable)

    def groups(self, values: Mapping[str, str] | None = None) -> list[Group]:
        """The form's fields, fact by fact, showing ``values`` (the submitted text, by
        field name) where given, else each fact's default."""
        typed = dict(values or {})
        out: list[Group] = []
        for fact, raw in self.properties.items():
            schema, _nullable = _unwrap(raw, self.defs)
            role = schema.get(ROLE_KEY)
            description = str(raw.get("description") or schema.get("description") or "")
            required = fact in self.required
            default = raw.get("default")
            if schema.get("type") == "array":
                items = schema.get("items")
                item_schema = _resolve(items, self.defs) if isinstance(items, dict) else {}
                if item_schema.get("type") == "object" and "properties" in item_schema:
                    out.append(self._rows_group(fact, description, item_schema, typed, default))
                    continue
                count = self._item_count(schema, role)
                if count is not None:
                    prefix = schema.get("prefixItems") or []
                    fields = []
                    for i in range(count):
                        name = f"{self.prefix}{fact}.{i}"
                        shown = (
                            default[i] if isinstance(default, list) and i < len(default) else None
                        )
                        sub = prefix[i] if i < len(prefix) else item_schema
                        fields.append(
                            self._scalar(
                                name,
                                self._item_label(role, i),
                                sub,
                                typed.get(name, _shown(shown)),
                                required=required,
                            )
                        )
                    out.append(Group(fact, description, tuple(fields)))
                    continue
                value = typed.get(self.prefix + fact, _shown(default))
                field_ = Field(self.prefix + fact, fact, "text", value, required=required)
                out.append(Group(fact, description, (field_,)))
                continue
            name = self.prefix + fact
            value = typed.get(name, _shown(default))
            if schema.get("type") == "boolean" and values is not None:
                value = typed.get(name, "")  # an unticked box sends nothing
            out.append(
                Group(
                    fact,
                    description,
                    (self._scalar(name, fact, raw, value, required=required),),
                )
            )
        return out

    def _rows_group(
        self,
        fact: str,
        description: str,
        item_schema: Mapping[str, Any],
        typed: Mapping[str, str],
        default: Any,
    ) -> Group:
        props: dict[str, Any] = dict(item_schema.get("properties", {}))
        given = self._row_indices(self.prefix + fact, typed)
        entered = len(default) if isinstance(default, list) and not typed else 0
        count = max([*given, -1]) + 1 if given else entered
        count = min(count + ROWS_EXTRA, MAX_ROWS)
        rows = []
        for i in range(count):
            row = []
            for key, sub in props.items():
                name = f"{self.prefix}{fact}.{i}.{key}"
                label = Message("{field} ({number})", {"field": key, "number": i + 1})
                row.append(self._scalar(name, label, sub, typed.get(name, ""), required=False))
            rows.append(tuple(row))
        return Group(fact, description, rows=tuple(rows))

    @staticmethod
    def _row_indices(fact: str, typed: Mapping[str, str]) -> list[int]:
        pattern = re.compile(rf"^{re.escape(fact)}\.(\d+)\.")
        found = []
        for name, value in typed.items():
            match = pattern.match(name)
            if match and value.strip():
                found.append(int(match.group(1)))
        return [i for i in found if i < MAX_ROWS]

    def values_of(self, facts: Mapping[str, Any]) -> dict[str, str]:
        """The inputs' text that shows ``facts`` (JSON form, ``model_dump(mode="json")``):
        what `read` reads back as the same facts -- a deal entered already, shown again."""
        out: dict[str, str] = {}
        for fact, raw in self.properties.items():
            if fact not in facts:
                continue
            value = facts[fact]
            schema, _nullable = _unwrap(raw, self.defs)
            name = self.prefix + fact
            if schema.get("type") == "array" and isinstance(value, list):
                items = schema.get("items")
                item_schema = _resolve(items, self.defs) if isinstance(items, dict) else {}
                if item_schema.get("type") == "object":
                    for i, row in enumerate(value):
                        for key, item in dict(row).items():
                            out[f"{name}.{i}.{key}"] = _shown(item)
                elif self._item_count(schema, schema.get(ROLE_KEY)) is not None:
                    for i, item in enumerate(value):
                        out[f"{name}.{i}"] = _shown(item)
                else:
                    out[name] = _shown(value)
            else:
                out[name] = _shown(value)
        return out

    # -- reading ---------------------------------------------------------------------------

    def read(self, values: Mapping[str, str]) -> tuple[dict[str, Any], list[Message]]:
        """The facts (or options) the submitted ``values`` give, and the problems found
        in reading them (a seat that is no seat, an item left empty among given ones).

        A fact whose every input is empty is left out (its default applies); a box not
        ticked is ``False``. What is not understood is passed on as typed.
        """
        facts: dict[str, Any] = {}
        problems: list[Message] = []
        for fact, raw in self.properties.items():
            schema, nullable = _unwrap(raw, self.defs)
            role = schema.get(ROLE_KEY)
            kind = schema.get("type")
            if kind == "array":
                items = schema.get("items")
                item_schema = _resolve(items, self.defs) if isinstance(items, dict) else {}
                if item_schema.get("type") == "object" and "properties" in item_schema:
                    rows = self._read_rows(fact, item_schema, values, problems)
                    if rows is not None:
                        facts[fact] = rows
                    continue
                count = self._item_count(schema, role)
                if count is None:
                    text = values.get(self.prefix + fact, "").strip()
                    if text:
                        facts[fact] = self._read_list(text, item_schema)
                    continue
                prefix = schema.get("prefixItems") or []
                texts = [values.get(f"{self.prefix}{fact}.{i}", "").strip() for i in range(count)]
                if not any(texts):
                    continue
                empty = [i for i, t in enumerate(texts) if not t]
                if empty:
                    labels = [self._item_label(role, i) for i in empty]
                    items = join_messages(
                        ", ",
                        [m if isinstance(m, Message) else Message("{n}", {"n": m}) for m in labels],
                    )
                    problems.append(
                        Message(
                            N_("{fact}: give a value for each ({items} left empty)"),
                            {"fact": fact, "items": items},
                        )
                    )
                    continue
                facts[fact] = [
                    self._read_scalar(t, prefix[i] if i < len(prefix) else item_schema)
                    for i, t in enumerate(texts)
                ]
                continue
            name = self.prefix + fact
            if kind == "boolean":
                facts[fact] = values.get(name, "").strip().lower() in _YES
                continue
            text = values.get(name, "").strip()
            if not text:
                if nullable and name in values:
                    facts[fact] = None
                continue
            facts[fact] = self._read_scalar(text, schema)
        return facts, problems

    def _read_rows(
        self,
        fact: str,
        item_schema: Mapping[str, Any],
        values: Mapping[str, str],
        problems: list[Message],
    ) -> list[dict[str, Any]] | None:
        props: dict[str, Any] = dict(item_schema.get("properties", {}))
        stem = self.prefix + fact
        indices = sorted(set(self._row_indices(stem, values)))
        if not indices and not any(n.startswith(f"{stem}.") for n in values):
            return None
        rows = []
        for i in indices:
            row: dict[str, Any] = {}
            for key, sub in props.items():
                text = values.get(f"{stem}.{i}.{key}", "").strip()
                if text:
                    row[key] = self._read_scalar(text, sub)
            rows.append(row)
        return rows

    def _read_list(self, text: str, item_schema: Mapping[str, Any]) -> Any:
        if text[:1] == "[":
            try:
                return json.loads(text)
            except json.JSONDecodeError:
                return text
        return [self._read_scalar(t, item_schema) for t in re.split(r"[,\s]+", text) if t]

    def _read_scalar(self, text: str, schema: Mapping[str, Any]) -> Any:
        base, _nullable = _unwrap(schema, self.defs)
        kind = base.get("type")
        if kind == "integer":
            try:
                return int(text)
            except ValueError:
                return text  # the model says it is not a whole number
        if kind == "boolean":
            return text.lower() in _YES
        return text

    # -- problems by field -----------------------------------------------------------------

    def fact_of(self, problem: Message) -> str | None:
        """The fact a problem is about, when it names one first (``contracts: ...``,
        ``tricks (item 2): ...``), read untranslated; ``None`` for a problem of the
        whole deal."""
        text = problem.render()
        for fact in sorted(self.properties, key=len, reverse=True):
            if text.startswith((f"{fact}:", f"{fact} ", f"{fact},", f"'{fact}'")):
                return fact
        return None

    def problems_by_fact(self, problems: Sequence[Message]) -> dict[str | None, list[Message]]:
        """``problems`` grouped by `fact_of` (``None``: about the whole form)."""
        grouped: dict[str | None, list[Message]] = {}
        for problem in problems:
            grouped.setdefault(self.fact_of(problem), []).append(problem)
        return grouped


__all__ = [
    "MAX_ROWS",
    "ROLES",
    "ROLE_KEY",
    "ROWS_EXTRA",
    "Choice",
    "FactsForm",
    "Field",
    "Group",
    "Seating",
]
