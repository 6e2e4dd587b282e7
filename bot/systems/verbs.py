"""A system's ``/act`` vocabulary: the actions it knows by name, in Spanish and English,
and what each takes. Pure.

A :class:`Verb` is an action id, the extra spellings it is known by, and what it takes
besides its name: the command's options (``"target"``, ``"value"``...) and ``"words"``
typed after the name ("recargar **Pistola**"). Its names are those spellings, the id,
and its catalogue label in both languages (``label`` with the id in place of ``{id}``),
all folded (:func:`bot.systems.words.fold`).

:meth:`Verbs.read` finds the verb a text starts with (the longest name wins: "declarar
acciones" before "declarar") and the words after it, as typed (:meth:`Verbs.find` the
same, or ``None`` where other names are allowed too); :meth:`Verbs.check`
refuses words or options the verb does not take, naming them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from bot.i18n import LANGUAGES, OptionNames, catalog
from bot.systems.base import RuleError
from bot.systems.words import fold, readings

WORDS = "words"  # what a verb takes when it reads the words after its name


@dataclass(frozen=True)
class Verb:
    id: str
    spellings: tuple[str, ...] = ()
    takes: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Verbs:
    """``label`` is the catalogue key of a verb's name (``"ds20.action.{id}"``);
    ``unknown`` the error for a text no name starts, given ``action`` (the text) and
    ``names`` (every verb's label key, said in the reader's language); ``extra_words``
    and ``unused`` the errors for what a verb does not take (``words``; ``option`` and
    ``action``, the verb's label key)."""

    verbs: tuple[Verb, ...]
    label: str
    unknown: str
    extra_words: str
    unused: str
    by_id: Mapping[str, Verb] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_id", {v.id: v for v in self.verbs})

    def label_of(self, verb_id: str) -> str:
        return self.label.format(id=verb_id)

    @cached_property
    def _names(self) -> list[tuple[str, str]]:
        """(folded name, verb id), the longest names first."""
        found: set[tuple[str, str]] = set()
        for verb in self.verbs:
            labels = {catalog(lang).get(self.label_of(verb.id), "") for lang in LANGUAGES}
            for name in {*labels, *verb.spellings, verb.id}:
                if fold(name):
                    found.add((fold(name), verb.id))
        return sorted(found, key=lambda pair: (-len(pair[0]), pair[1]))

    def find(self, text: str) -> tuple[Verb, str] | None:
        """The verb ``text`` starts with and the words after its name, as typed; ``None``
        when no name starts it (a system whose ``/act`` also takes other names)."""
        for folded in readings(text):  # as typed, then without quotes and "." after it
            for name, verb_id in self._names:
                if folded == name or folded.startswith(name + " "):
                    words = text.strip().split()
                    return self.by_id[verb_id], " ".join(words[len(name.split()) :])
        return None

    def read(self, text: str) -> tuple[Verb, str]:
        """:meth:`find`, refusing a text no name starts (``unknown``)."""
        found = self.find(text)
        if found is None:
            names = [self.label_of(v.id) for v in self.verbs]
            raise RuleError(self.unknown, action=text, names=names)
        return found

    def check(self, verb: Verb, words: str, given: Iterable[str]) -> None:
        """Refuse the words after the name, or an option given, that ``verb`` does not
        take."""
        if words and WORDS not in verb.takes:
            raise RuleError(self.extra_words, words=words)
        for option in given:
            if option not in verb.takes:
                raise RuleError(  # the option as the reader's Discord names it
                    self.unused, option=OptionNames([option]), action=self.label_of(verb.id)
                )


def given_options(values: Mapping[str, Any], options: Iterable[str]) -> list[str]:
    """Which of ``options`` have a value."""
    return [o for o in options if values.get(o) is not None]
