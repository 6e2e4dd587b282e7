"""Fields every system's combatant and state share; the encounter service relies on them
for permissions, autocomplete and the board. Pure."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Sequence
from types import UnionType
from typing import (
    Any,
    ClassVar,
    Literal,
    Self,
    SupportsIndex,
    TypeVar,
    Union,
    get_args,
    get_origin,
    overload,
)

from pydantic import BaseModel, Field

from bot.systems.heroes import HEROES_PER_PLAYER, HEROES_PER_PLAYER_MAX

T = TypeVar("T", bound=BaseModel)
C = TypeVar("C", bound="CombatantCore")
M = TypeVar("M", bound=BaseModel)


class CowList(list[T]):
    """The combatants of a state copy, copied on write: the list is new, its items are the
    original state's until touched. Any item reached through the list (index, slice,
    iteration) is first replaced by its own deep copy, so rules change only their copy and
    the shared state they were given stays as it was; an item never reached is never
    copied. A turn touches two or three of a dozen combatants, so this saves most of the
    copying, and lets the encounter service reuse the JSON of the items never reached
    (they are the very objects of the state before).

    ``raw()`` walks the items without copying them; use it only to read (finding one by
    id or name), then ``own(i)`` the one to change."""

    __slots__ = ("_shared",)

    def __init__(self, items: Sequence[T] = ()) -> None:
        source = list.__iter__(items) if isinstance(items, list) else iter(items)
        super().__init__(source)
        # id -> item: holding the items keeps their ids from being reused.
        self._shared: dict[int, T] = {id(item): item for item in list.__iter__(self)}

    def own(self, index: SupportsIndex) -> T:
        """The item at ``index``, copied first if it is still shared."""
        item = list.__getitem__(self, index)
        if self._shared.get(id(item)) is item:
            del self._shared[id(item)]
            item = copied(item)  # what model_copy(deep=True) does, without its wrapper
            list.__setitem__(self, index, item)
        return item

    def raw(self) -> Iterator[T]:
        return list.__iter__(self)

    def is_shared(self, item: T) -> bool:
        return self._shared.get(id(item)) is item

    @overload
    def __getitem__(self, index: SupportsIndex) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...
    def __getitem__(self, index: SupportsIndex | slice) -> T | list[T]:
        if isinstance(index, slice):
            return [self.own(i) for i in range(*index.indices(len(self)))]
        return self.own(index)

    def __iter__(self) -> Iterator[T]:
        for i in range(len(self)):
            yield self.own(i)

    def __reversed__(self) -> Iterator[T]:
        for i in range(len(self) - 1, -1, -1):
            yield self.own(i)

    def pop(self, index: SupportsIndex = -1) -> T:
        self.own(index)
        return super().pop(index)

    def copy(self) -> list[T]:
        return list(self)

    def __reduce_ex__(self, protocol: SupportsIndex) -> Any:
        return (list, (list(self),))


def raw_items(items: list[T]) -> Iterator[T]:
    """Walk a state's combatants without copying them (read only)."""
    return items.raw() if isinstance(items, CowList) else iter(items)


def own_item(items: list[T], index: int) -> T:
    """The combatant at ``index``, ready to change (copied first if still shared)."""
    return items.own(index) if isinstance(items, CowList) else items[index]


def owned_where(items: list[T], predicate: Callable[[T], bool]) -> list[T]:
    """The items for which ``predicate`` holds (tested without copying), ready to change."""
    return [own_item(items, i) for i, c in enumerate(raw_items(items)) if predicate(c)]


def owned_by_id(items: list[C], combatant_id: str) -> C | None:
    """The combatant with ``combatant_id`` (found without copying), ready to change;
    ``None`` when there is none."""
    for i, c in enumerate(raw_items(items)):
        if c.id == combatant_id:
            return own_item(items, i)
    return None


def plain_items(items: list[T]) -> list[T]:
    """A plain list of the same items (a committed state shares nothing any more)."""
    return list(raw_items(items))


_ATOMS = (int, str, bool, float, bytes, type(None))


def _atomic(annotation: Any) -> bool:
    """Whether a field's values are never changed in place: numbers, text, literals,
    frozen models, and unions of these."""
    if annotation in _ATOMS:
        return True
    origin = get_origin(annotation)
    if origin is Literal:
        return True
    if origin in (Union, UnionType):
        return all(_atomic(arg) for arg in get_args(annotation))
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return bool(annotation.model_config.get("frozen"))
    return False


def _how_copied(annotation: Any) -> str:
    """How :func:`copied` copies a field: ``share`` (never changed in place), ``list``
    or ``dict`` (a new container of the same unchangeable items), ``model`` (a model,
    copied the same way), ``models`` (a list of models), else ``deep``."""
    if _atomic(annotation):
        return "share"
    origin, args = get_origin(annotation), get_args(annotation)
    if origin in (Union, UnionType):
        others = [arg for arg in args if arg is not type(None)]
        return _how_copied(others[0]) if len(others) == 1 else "deep"
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return "model"
    if origin is list and len(args) == 1:
        if _atomic(args[0]):
            return "list"
        if isinstance(args[0], type) and issubclass(args[0], BaseModel):
            return "models"
    if origin is dict and len(args) == 2 and _atomic(args[0]) and _atomic(args[1]):
        return "dict"
    return "deep"


_Plan = tuple[tuple[tuple[str, str], ...], bool]
_PLANS: dict[type[BaseModel], _Plan] = {}


def _plan(cls: type[BaseModel]) -> _Plan:
    """What a copy of a ``cls`` copies, field by field (worked out once per class from
    the annotations): fields left out are shared."""
    plan = _PLANS.get(cls)
    if plan is None:
        shares = set(getattr(cls, "__copy_shares__", ()))
        lists = set(getattr(cls, "__copy_lists__", ()))
        cow = "combatants" in cls.model_fields and issubclass(cls, RulesModel)
        steps = []
        for name, field in cls.model_fields.items():
            if name in shares or (cow and name == "combatants"):
                continue
            how = "list" if name in lists else _how_copied(field.annotation)
            if how != "share":
                steps.append((name, how))
        plan = _PLANS[cls] = (tuple(steps), cow)
    return plan


def copied(model: M) -> M:
    """A deep copy of ``model`` that shares what is never changed in place (numbers,
    text, frozen models, the ``__copy_shares__`` fields) and copies the rest: new lists
    and dicts, nested models copied the same way, anything else by ``copy.deepcopy``.
    The state's ``combatants`` become a :class:`CowList`. No validation runs: the
    model is valid, and so is its copy."""
    cls = type(model)
    if model.__pydantic_extra__ or getattr(model, "__pydantic_private__", None):
        return BaseModel.__deepcopy__(model)
    steps, cow = _STEPS.get(cls) or _steps(cls)
    values = model.__dict__.copy()
    for name, copy_value in steps:
        value = values[name]
        if value is not None and type(value) not in _ATOM_TYPES:
            values[name] = copy_value(value)
    if cow:
        values["combatants"] = CowList(values["combatants"])
    new = cls.__new__(cls)
    _set(new, "__dict__", values)
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_fields_set__", model.__pydantic_fields_set__.copy())
    _set(new, "__pydantic_private__", None)
    return new


def _copy_deep(value: Any) -> Any:
    if not value and type(value) in (list, dict):
        return type(value)()  # an empty one: no deepcopy machinery
    return copy.deepcopy(value)


def _copy_list(value: Any) -> Any:
    return value.copy() if type(value) is list else list(value)


def _copy_dict(value: Any) -> Any:
    return value.copy() if type(value) is dict else dict(value)


def _copy_model(value: Any) -> Any:
    return _copied_item(value) if isinstance(value, BaseModel) else _copy_deep(value)


def _copy_models(value: Any) -> Any:
    if type(value) is not list:
        return _copy_deep(value)
    return [_copied_item(v) for v in value] if value else []


# How :func:`copied` copies each kind of field (:func:`_how_copied`; a value that is
# ``None`` or a number or text is shared whatever its field says).
_COPIERS: dict[str, Callable[[Any], Any]] = {
    "list": _copy_list,
    "dict": _copy_dict,
    "model": _copy_model,
    "models": _copy_models,
    "deep": _copy_deep,
}
_ATOM_TYPES = frozenset(_ATOMS)
_Steps = tuple[tuple[tuple[str, Callable[[Any], Any]], ...], bool]
_STEPS: dict[type[BaseModel], _Steps] = {}


def _steps(cls: type[BaseModel]) -> _Steps:
    """:func:`_plan` with each field's copying function (issue 32: chosen once per
    class, not by comparing its kind field by field on every copy)."""
    steps = _STEPS.get(cls)
    if steps is None:
        plan, cow = _plan(cls)
        steps = _STEPS[cls] = (tuple((name, _COPIERS[how]) for name, how in plan), cow)
    return steps


# Issue 32: whether an item of a list of models is copied (a model, not frozen) or
# shared, by its class (the class decides; asked once per class, not per item).
_ITEM_COPIED: dict[type, bool] = {}


def _copied_item(value: Any) -> Any:
    """An item of a model's list (or a nested model), as :func:`copied` copies it: a
    frozen model, or anything not a model, is shared; any other model is copied."""
    cls = type(value)
    copies = _ITEM_COPIED.get(cls)
    if copies is None:
        copies = _ITEM_COPIED[cls] = isinstance(value, BaseModel) and not bool(
            value.model_config.get("frozen")
        )
    return copied(value) if copies else value


_set = object.__setattr__


class RulesModel(BaseModel):
    """Base of every system's state and combatant. Rules copy the state before changing
    it (``model_copy(deep=True)``), by :func:`copied`: what a field's annotation says is
    never changed in place (numbers, text, literals, frozen models such as cards and
    trait dice) is shared, lists and dicts of those get a new container, nested models
    are copied the same way; no validation runs (about four times faster than the dump
    and validate it replaced, which was three times faster than ``copy.deepcopy``). A
    state's ``combatants`` are copied on write (:class:`CowList`).

    Two class settings make a copy cheaper still, for values nothing changes in place:
    ``__copy_shares__`` names fields whose value is only ever replaced whole (a record
    such as ``last_attack``): the copy shares it. ``__copy_lists__`` names lists of
    frozen models (cards): the copy gets a new list of the same items. The tests' check
    that rules leave their input unchanged guards both promises."""

    __copy_shares__: ClassVar[tuple[str, ...]] = ()
    __copy_lists__: ClassVar[tuple[str, ...]] = ()

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Self:
        return copied(self)


# Issue 18: the words a sheet's ``Género:``/``Gender:`` line may carry (folded).
GENDERS: dict[str, Literal["f", "m"] | None] = {
    "f": "f", "femenino": "f", "female": "f", "fem": "f", "mujer": "f", "woman": "f",
    "m": "m", "masculino": "m", "male": "m", "masc": "m", "hombre": "m", "man": "m",
    "-": None, "": None,
}  # fmt: skip


class CombatantCore(RulesModel):
    """``id`` is short and stable within an encounter ("c1", "c2"...); ``controller_id``
    is the Discord user who controls it (``None``: the GM). ``hidden``: the GM hides its
    numbers; every system's board shows it in words only (issue 18,
    :mod:`bot.systems.visibility`)."""

    id: str
    name: str
    controller_id: int | None = None
    is_pc: bool = False
    hidden: bool = False
    # Issue 18: grammatical gender for Spanish agreement ("queda inmovilizada"), when the
    # sheet, the GM or the player gives it (``Género: f``); None: the masculine.
    gender: Literal["f", "m"] | None = None

    def controlled_by(self, user_id: int, *, is_gm: bool) -> bool:
        """The GM controls every combatant; a player controls the ones assigned to them."""
        return is_gm or (self.controller_id is not None and self.controller_id == user_id)


class StateCore(RulesModel):
    """What every system's state has, and what the bot reads without knowing the system:
    ``system`` (a system's state narrows it to its name as a ``Literal`` defaulting to it:
    the encounter's JSON chooses the state model by it), ``combatants`` (a system's
    state narrows it to its combatant model: the board, autocomplete, the name resolver
    and the integrity gate read them), ``next_id``, the number of the next combatant
    id, and ``heroes_per_player``, the GM's setting every system takes
    (:mod:`bot.systems.heroes`). Ids are ``"c<n>"``, given by :meth:`new_id` alone and
    never reused in an encounter (the log, the undo snapshots and the buttons name
    combatants by id): every id in the state is below ``next_id``
    (``bot.systems.integrity`` refuses an import otherwise)."""

    system: str
    combatants: list[CombatantCore] = Field(default_factory=list)
    next_id: int = 1  # next combatant id number ("c1", "c2"...); ids are never reused
    # Issue 21: combatants one player may /join with (bot.systems.heroes); the GM's setting.
    heroes_per_player: int = Field(default=HEROES_PER_PLAYER, ge=1, le=HEROES_PER_PLAYER_MAX)

    def new_id(self) -> str:
        """A new combatant's id, ``"c<next_id>"``, and ``next_id`` moved past it: the one
        allocator of ids (call it on the copy the rules change)."""
        combatant_id = f"c{self.next_id}"
        self.next_id += 1
        return combatant_id

    def ids_from(self, number: int) -> list[str]:
        """The ids given since ``next_id`` was ``number`` (the combatants an action
        added, when ``number`` is the ``next_id`` before it), in roster order."""
        return [c.id for c in raw_items(self.combatants) if int(c.id[1:]) >= number]
