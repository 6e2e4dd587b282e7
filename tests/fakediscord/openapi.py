"""Discord's request schemas, checked as Discord checks them (issue 26).

``spec/openapi.json`` is Discord's own OpenAPI 3.1 description of its v10 API (MIT,
``spec/LICENSE``; ``spec/README.md`` says where it comes from). Both Discord doubles (the
aiohttp server here and, in the tests, the offline table's recorder) validate every
request body against the JSON request schema of its operation: JSON Schema 2020-12 with
``jsonschema``, the document's ``$ref``s resolved through ``referencing``, one validator
per operation, made on first use. A body the schema refuses gets Discord's answer: HTTP
400, code 50035, each error at its field path (:func:`bot.render.discord_rules.form_error`).

Where this reading departs from the letter of the spec, on purpose:
- Snowflakes may be JSON integers: discord.py sends some ids as numbers, and Discord takes
  them. Every ``"format": "snowflake"`` string also takes an integer 0..2^64-1.
- A union (``oneOf``, ``anyOf``) reports the errors of the branch the body meant: the one
  its ``type`` (or its JSON type) selects, as Discord reports ``components.0.style``
  rather than "not valid under any of the given schemas". A ``type`` no branch takes is
  refused at ``type`` itself (Discord's UNION_TYPE_CHOICES).
- Formats (``uri``, ``date-time``) are not checked.

What the spec cannot express stays hand-written in :mod:`bot.render.discord_rules` (the
6,000 characters across a message's embeds, a command's size, the name regex, unique
custom_ids, allowed mentions); those run on a body the schema accepted.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError
from jsonschema.protocols import Validator
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from bot.render.discord_rules import Violation

SPEC = Path(__file__).parent / "spec" / "openapi.json"
BASE = "urn:discord:openapi"
SNOWFLAKE_MAX = 2**64 - 1
UNIONS = ("oneOf", "anyOf")

# The operations the bot calls, by the spec's operationId.
OPERATIONS = frozenset(
    [
        "bulk_set_application_commands",
        "bulk_set_guild_application_commands",
        "create_interaction_response",
        "execute_webhook",
        "update_webhook_message",
        "update_original_webhook_message",
        "create_message",
        "update_message",
    ]
)

# Discord's error codes for a value of the wrong JSON type, by the type it expects.
_TYPE_ERRORS = {
    "object": ("DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType"),
    "array": ("LIST_TYPE_CONVERT", "Only iterables may be used in a ListType"),
    "string": ("STRING_TYPE_CONVERT", "Could not interpret the value as string."),
    "integer": ("NUMBER_TYPE_COERCE", "Value is not int."),
    "number": ("NUMBER_TYPE_COERCE", "Value is not a number."),
    "boolean": ("BOOLEAN_TYPE_CONVERT", "Must be either true or false."),
}


def _integer_snowflakes(node: Any) -> None:
    """Let every snowflake string be a JSON integer too (discord.py sends some that way)."""
    if isinstance(node, dict):
        if node.get("format") == "snowflake":
            kinds = node.get("type", "string")
            kinds = [kinds] if isinstance(kinds, str) else list(kinds)
            node["type"] = [*kinds, "integer"]
            node["minimum"], node["maximum"] = 0, SNOWFLAKE_MAX
        for value in node.values():
            _integer_snowflakes(value)
    elif isinstance(node, list):
        for value in node:
            _integer_snowflakes(value)


@functools.cache
def _document() -> dict[str, Any]:
    """The spec, with each operation's JSON request schema kept under
    ``components.schemas.request:<operationId>`` so that a ``$ref`` reaches it."""
    spec: dict[str, Any] = json.loads(SPEC.read_text("utf-8"))
    _integer_snowflakes(spec)
    schemas = spec["components"]["schemas"]
    for item in spec["paths"].values():
        for operation in item.values():
            if not isinstance(operation, dict) or "requestBody" not in operation:
                continue
            content = operation["requestBody"]["content"]
            if "application/json" in content:
                schemas[f"request:{operation['operationId']}"] = content["application/json"][
                    "schema"
                ]
    return spec


def _resolved(schema: Any) -> Any:
    """A branch as written, or what its local ``$ref`` points at in the document."""
    while isinstance(schema, dict) and str(schema.get("$ref", "")).startswith("#/"):
        node: Any = _document()
        for part in schema["$ref"][2:].split("/"):
            node = node[part.replace("~1", "/").replace("~0", "~")]
        schema = node
    return schema


@dataclass(frozen=True)
class _Shape:
    """What a branch of a union takes, as far as a glance can tell (None: anything)."""

    kinds: tuple[str, ...] | None  # its JSON types
    values: tuple[Any, ...] | None  # its values (const, enum: an enumeration's branch)
    tags: tuple[Any, ...] | None  # the values of its ``type`` field (a component's kind)

    @classmethod
    def of(cls, branch: Any) -> _Shape:
        schema = _resolved(branch)
        if not isinstance(schema, dict):
            return cls(None, None, None)
        kinds = schema.get("type")
        field = _resolved((schema.get("properties") or {}).get("type"))
        return cls(
            (kinds,) if isinstance(kinds, str) else _tuple(kinds),
            _allowed(schema),
            _allowed(field) if isinstance(field, dict) else None,
        )

    def refuses(self, validator: Validator, instance: Any) -> bool:
        """True only when the branch surely refuses ``instance``."""
        if self.kinds is not None and not any(validator.is_type(instance, k) for k in self.kinds):
            return True
        if self.values is not None and _plain(instance) and instance not in self.values:
            return True
        if self.tags is not None and isinstance(instance, dict):
            tag = instance.get("type")
            return "type" in instance and _plain(tag) and tag not in self.tags
        return False


def _tuple(items: Any) -> tuple[Any, ...] | None:
    return tuple(items) if isinstance(items, list) else None


def _allowed(schema: dict[str, Any]) -> tuple[Any, ...] | None:
    if "const" in schema:
        return (schema["const"],)
    return _tuple(schema.get("enum"))


def _plain(value: Any) -> bool:
    """An int (not a bool) or a str: ``in`` compares it as JSON Schema does."""
    return isinstance(value, int | str) and not isinstance(value, bool)


# The shapes of each union's branches, by the union's identity: unions are static parts of
# the document, which is kept for the whole run.
_SHAPES: dict[int, list[_Shape]] = {}


def _union(standard: Any) -> Any:
    """``oneOf``/``anyOf`` that first sets aside the branches that surely refuse the value
    (another JSON type, another ``type`` field: a message component is one of seven).
    With one branch left the answer is that branch's, as the standard keyword would give
    it, at a fraction of the cost; otherwise the standard keyword decides."""

    def union(validator: Validator, branches: list[Any], instance: Any, schema: Any) -> Any:
        shapes = _SHAPES.get(id(branches))
        if shapes is None:
            shapes = _SHAPES[id(branches)] = [_Shape.of(branch) for branch in branches]
        left = [i for i, shape in enumerate(shapes) if not shape.refuses(validator, instance)]
        if len(left) != 1:
            yield from standard(validator, branches, instance, schema)
            return
        [index] = left
        errors = list(validator.descend(instance, branches[index], schema_path=index))
        if errors:
            yield ValidationError(
                f"{instance!r} is not valid under any of the given schemas", context=errors
            )

    return union


_Validator = validators.extend(
    Draft202012Validator,
    {
        "oneOf": _union(Draft202012Validator.VALIDATORS["oneOf"]),
        "anyOf": _union(Draft202012Validator.VALIDATORS["anyOf"]),
    },
)


@functools.cache
def validator(operation: str) -> Validator:
    """The validator of ``operation``'s request body (made once per operation)."""
    if operation not in OPERATIONS:
        raise KeyError(f"the bot does not call {operation!r} (add it to OPERATIONS)")
    document = _document()
    if f"request:{operation}" not in document["components"]["schemas"]:
        raise KeyError(f"{operation!r} has no JSON request body in {SPEC.name}")
    registry: Registry[Any] = Registry().with_resource(BASE, DRAFT202012.create_resource(document))
    root = {"$ref": f"{BASE}#/components/schemas/request:{operation}"}
    return _Validator(root, registry=registry)


def check(operation: str, body: Any) -> list[Violation]:
    """What Discord's schema for ``operation`` refuses in ``body``, each at its field path."""
    found: dict[tuple[Any, ...], Violation] = {}
    for error in validator(operation).iter_errors(body):
        for violation in _violations(error):
            found.setdefault((violation.path, violation.code), violation)
    return list(found.values())


# -- from jsonschema's errors to Discord's -----------------------------------------------------


def _violations(error: ValidationError) -> Iterator[Violation]:
    if error.validator in UNIONS and _enumeration(error.validator_value):
        values = [v for branch in error.validator_value for v in _Shape.of(branch).values or ()]
        shown = ", ".join(map(str, values))
        yield Violation(
            tuple(error.absolute_path), "BASE_TYPE_CHOICES", f"Value must be one of {{{shown}}}."
        )
        return
    if error.validator in UNIONS and error.context:
        meant = _meant_branch(error)
        if meant is None:
            yield _no_branch(error)
            return
        for inner in meant:
            yield from _violations(inner)
        return
    path = tuple(error.absolute_path)
    if error.validator == "required":
        present = error.instance if isinstance(error.instance, dict) else {}
        for name in error.validator_value:
            if name not in present:
                yield Violation((*path, name), "BASE_TYPE_REQUIRED", "This field is required")
        return
    code, message = _described(error)
    yield Violation(path, code, message)


def _enumeration(branches: Any) -> bool:
    """A union whose every branch is one value (Discord's enumerations: button styles,
    component types)."""
    return isinstance(branches, list) and all(
        _Shape.of(branch).values is not None for branch in branches
    )


def _branches(error: ValidationError) -> dict[int, list[ValidationError]]:
    branches: dict[int, list[ValidationError]] = {}
    for inner in error.context or []:
        branches.setdefault(int(inner.relative_schema_path[0]), []).append(inner)
    return branches


def _other_kind(errors: list[ValidationError]) -> bool:
    """A branch for another kind of value: the value's JSON type or its ``type`` field
    is not the branch's."""
    return any(
        (not e.relative_path and e.validator == "type") or list(e.relative_path) == ["type"]
        for e in errors
    )


def _meant_branch(error: ValidationError) -> list[ValidationError] | None:
    """The errors of the branch the value meant (the one naming the fewest fields), or None
    when every branch is for another kind of value."""
    meant = [errors for _, errors in sorted(_branches(error).items()) if not _other_kind(errors)]
    return min(meant, key=_count) if meant else None


def _count(errors: list[ValidationError]) -> int:
    """How many fields a branch's errors name (nested unions counted by their leaves)."""
    return sum(1 for error in errors for _ in _violations(error))


def _no_branch(error: ValidationError) -> Violation:
    """No branch takes this value: its JSON type is wrong, or its ``type`` is unknown."""
    path = tuple(error.absolute_path)
    inner = [e for errors in _branches(error).values() for e in errors]
    if isinstance(error.instance, dict) and "type" in error.instance:
        allowed: set[Any] = set()
        for e in inner:
            if list(e.relative_path) == ["type"] and e.validator in ("enum", "const"):
                values = e.validator_value
                allowed |= set(values if e.validator == "enum" else [values])
        shown = ", ".join(str(v) for v in sorted(allowed, key=str))
        return Violation(
            (*path, "type"),
            "UNION_TYPE_CHOICES",
            f'Value of field "type" must be one of ({shown}).',
        )
    expected = [
        kind
        for e in inner
        if not e.relative_path and e.validator == "type"
        for kind in (
            [e.validator_value] if isinstance(e.validator_value, str) else e.validator_value
        )
        if kind != "null"
    ]
    code, message = _TYPE_ERRORS.get(expected[0] if expected else "", ("BASE_TYPE_INVALID", ""))
    return Violation(path, code, message or "Invalid value.")


def _described(error: ValidationError) -> tuple[str, str]:
    """Discord's code and message for one failed keyword."""
    keyword, value = error.validator, error.validator_value
    if keyword == "type":
        kinds = [value] if isinstance(value, str) else [k for k in value if k != "null"]
        return _TYPE_ERRORS.get(kinds[0] if kinds else "", ("BASE_TYPE_INVALID", error.message))
    if keyword in ("maximum", "exclusiveMaximum"):
        return "NUMBER_TYPE_MAX", f"Must be less than or equal to {value}."
    if keyword in ("minimum", "exclusiveMinimum"):
        return "NUMBER_TYPE_MIN", f"Must be greater than or equal to {value}."
    if keyword in ("maxLength", "maxItems", "maxProperties"):
        return "BASE_TYPE_MAX_LENGTH", f"Must be {value} or fewer in length."
    if keyword in ("minLength", "minItems", "minProperties"):
        return "BASE_TYPE_MIN_LENGTH", f"Must be {value} or more in length."
    if keyword in ("enum", "const"):
        values = value if keyword == "enum" else [value]
        return "BASE_TYPE_CHOICES", f"Value must be one of {{{', '.join(map(str, values))}}}."
    if keyword == "pattern":
        return "STRING_TYPE_REGEX", "String value did not match validation regex."
    if keyword == "uniqueItems":
        return "LIST_ITEM_VALUE_DUPLICATE", "Must not contain duplicate values."
    return "BASE_TYPE_INVALID", error.message
