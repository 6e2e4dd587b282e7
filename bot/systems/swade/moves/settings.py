"""``/encounter settings`` in Savage Worlds: without a setting, the list (anyone, a
private reply); with one, the GM turns a RULES-NOTES setting on or off for this
encounter (SW-12 wound cap, SW-20 Entangled variant, SW-33 villain Jokers, a failed
cast's full cost)."""

from __future__ import annotations

from pydantic import ValidationInfo, field_validator, model_validator

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.heroes import allowance_line
from bot.systems.plugin import Move, Options, Play, Show
from bot.systems.swade.encounter_rules import require_gm
from bot.systems.swade.moves.who import table
from bot.systems.swade.state import SwadeSettings, SwadeState
from bot.systems.words import fold, yes_no

SETTING_NAMES: dict[str, str] = {
    "entangled_vulnerable": "entangled_vulnerable", "aferrado vulnerable": "entangled_vulnerable",
    "entangled vulnerable": "entangled_vulnerable",
    "villain_jokers": "villain_jokers", "jokers villanos": "villain_jokers",
    "villain jokers": "villain_jokers", "joker villano": "villain_jokers",
    "wound_cap": "wound_cap", "tope de heridas": "wound_cap", "wound cap": "wound_cap",
    "limite de heridas": "wound_cap",
    "failed_cast_full_cost": "failed_cast_full_cost", "coste completo": "failed_cast_full_cost",
    "full cost": "failed_cast_full_cost",
}  # fmt: skip


def setting_named(text: str) -> str:
    """The setting ``text`` names (its id or its name in Spanish or English)."""
    name = SETTING_NAMES.get(fold(text).replace("-", " ")) or SETTING_NAMES.get(fold(text))
    if name is None:
        raise RuleError(
            "swade.error.setting", setting=text, known=", ".join(SwadeSettings.model_fields)
        )
    return name


class SettingsOptions(Options):
    setting: str | None = None
    value: bool | None = None

    @field_validator("setting")
    @classmethod
    def _setting(cls, text: str | None) -> str | None:
        return setting_named(text) if text is not None else None

    @field_validator("value", mode="before")
    @classmethod
    def _switch(cls, value: object, info: ValidationInfo) -> object:
        if info.data.get("setting") is None:
            return None  # the list is shown (as before issue 22: a value alone is not read)
        if isinstance(value, str):
            answer = yes_no(value)
            if answer is None:
                raise RuleError("swade.error.switch", value=value)
            return answer
        return value

    @model_validator(mode="after")
    def _value_for_setting(self) -> SettingsOptions:
        if self.setting is not None and self.value is None:
            raise RuleError("swade.error.switch", value="—")
        return self


def listed(state: SwadeState) -> list[Event]:
    """Each setting, its id and whether it is on; then the heroes each player may join
    with (issue 21, every system's: :mod:`bot.systems.heroes`)."""
    return [
        *(
            Event(
                key="swade.setting.line",
                params={"setting": f"swade.setting.{name}", "id": name, "value": value},
            )
            for name, value in state.settings.model_dump().items()
        ),
        allowance_line(state),
    ]


def change(name: str, value: bool) -> Play[SwadeState]:
    def run(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
        require_gm(actor)
        new = state.model_copy(deep=True)
        setattr(new.settings, name, value)
        event = Event(
            key="swade.setting.changed",
            params={"setting": f"swade.setting.{name}", "value": value},
        )
        summary = Event(key="log.swade.setting", params={"setting": name, "value": value})
        return Outcome(state=new, events=[event], summary=summary)

    return table("settings", run)


def settings(o: SettingsOptions) -> Play[SwadeState] | Show[SwadeState]:
    if o.setting is None:
        return Show(lines=listed, title="swade.setting.title")
    assert o.value is not None  # the model refuses a setting without a value
    return change(o.setting, o.value)


MOVES = (Move("encounter:settings", SettingsOptions, settings),)
