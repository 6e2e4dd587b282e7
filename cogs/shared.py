"""Commands every system shares by name: /attack, /act, /react, /next, /grapple,
/initiative, /condition. Each declares the options of every system and hands what was
given to the channel's system (:func:`bot.commands.dispatch.route`): its move validates
them (an option the system does not take is refused, naming it) and runs the rules.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.app import ComodinBot
from bot.commands.autocomplete import (
    action_autocomplete,
    combatant_autocomplete,
    condition_autocomplete,
    limb_autocomplete,
    weapon_autocomplete,
)
from bot.commands.choices import COVER, LIGHT, RANGE, answering
from bot.commands.dispatch import route


class SharedCommands(commands.Cog):
    def __init__(self, bot: ComodinBot) -> None:
        self.bot = bot

    @app_commands.command(name=_("attack"), description=_("Attack a target with a weapon or skill"))
    @app_commands.guild_only()
    @app_commands.describe(
        target=_("Who you attack"),
        weapon=_("Weapon (from the sheet) or damage like Str+d6"),
        skill=_("Skill used (Fighting, Shooting, Athletics...)"),
        actor=_("Which of your combatants attacks (default: the one whose turn it is)"),
        modifier=_("Extra modifier the bot cannot know"),
        range=_("Range band"),
        cover=_("Target's cover"),
        called=_("Called shot: limb, hand, head, vitals... (or a body part)"),
        gangup=_("Extra attackers adjacent to the target"),
        illumination=_("Lighting penalty"),
        bonus=answering("Bonus dice, each a d4", "attack", "bonus"),
        penalty=answering("Penalty dice, each a d4", "attack", "penalty"),
        limb=answering("Limb you attack with", "attack", "limb"),
        distance=answering("Distance to the target in metres, for firearms", "attack", "distance"),
        flags=_(
            "Other options, comma separated: aim, nonlethal, offhand, twoweapons, unstable, touch..."
        ),
    )
    @app_commands.choices(range=RANGE, cover=COVER, illumination=LIGHT)
    @app_commands.autocomplete(
        target=combatant_autocomplete,
        actor=combatant_autocomplete,
        weapon=weapon_autocomplete,
        called=limb_autocomplete,
        limb=limb_autocomplete,
    )
    async def attack(
        self,
        interaction: discord.Interaction,
        target: app_commands.Range[str, 1, 100],
        weapon: app_commands.Range[str, 1, 100] | None = None,
        skill: app_commands.Range[str, 1, 50] | None = None,
        actor: app_commands.Range[str, 1, 100] | None = None,
        modifier: app_commands.Range[int, -20, 20] | None = None,
        range: str | None = None,
        cover: str | None = None,
        called: app_commands.Range[str, 1, 50] | None = None,
        gangup: app_commands.Range[int, 0, 20] | None = None,
        illumination: str | None = None,
        bonus: app_commands.Range[int, 0, 10] | None = None,
        penalty: app_commands.Range[int, 0, 10] | None = None,
        limb: app_commands.Range[str, 1, 50] | None = None,
        distance: app_commands.Range[int, 0, 10_000] | None = None,
        flags: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        await route(
            interaction, "attack", target=target, weapon=weapon, skill=skill, actor=actor, modifier=modifier,
            range=range, cover=cover, called=called, gangup=gangup, illumination=illumination, bonus=bonus,
            penalty=penalty, limb=limb, distance=distance, flags=flags,
        )  # fmt: skip

    @app_commands.command(
        name=_("act"),
        description=_("Take an action by name (maneuvers, spells, a system's own actions)"),
    )
    @app_commands.guild_only()
    @app_commands.describe(
        action=_("The action"),
        target=_("Its target, if any"),
        limb=answering("Limb used, or limb aimed at", "act", "limb"),
        actor=_("Which of your combatants acts"),
        value=_("A number the action needs (e.g. actions declared)"),
    )
    @app_commands.autocomplete(
        action=action_autocomplete,
        target=combatant_autocomplete,
        actor=combatant_autocomplete,
        limb=limb_autocomplete,
    )
    async def act(
        self,
        interaction: discord.Interaction,
        action: app_commands.Range[str, 1, 100],
        target: app_commands.Range[str, 1, 100] | None = None,
        limb: app_commands.Range[str, 1, 50] | None = None,
        actor: app_commands.Range[str, 1, 100] | None = None,
        value: app_commands.Range[int, -100, 100] | None = None,
    ) -> None:
        await route(
            interaction, "act", action=action, target=target, limb=limb, actor=actor, value=value
        )

    @app_commands.command(
        name=_("next"), description=_("End the current turn and move to the next")
    )
    @app_commands.guild_only()
    async def next_(self, interaction: discord.Interaction) -> None:
        await route(interaction, "next")

    react = app_commands.Group(
        name=_("react"), description=_("React to what just happened"), guild_only=True
    )

    @react.command(
        name=_("soak"), description=answering("Spend a benny to soak wounds", "react:soak")
    )
    @app_commands.describe(actor=_("Which of your combatants acts"))
    @app_commands.autocomplete(actor=combatant_autocomplete)
    async def react_soak(
        self, interaction: discord.Interaction, actor: app_commands.Range[str, 1, 100] | None = None
    ) -> None:
        await route(interaction, "react:soak", actor=actor)

    @react.command(
        name=_("unshake"),
        description=answering("Spend a benny to stop being Shaken", "react:unshake"),
    )
    @app_commands.describe(actor=_("Which of your combatants acts"))
    @app_commands.autocomplete(actor=combatant_autocomplete)
    async def react_unshake(
        self, interaction: discord.Interaction, actor: app_commands.Range[str, 1, 100] | None = None
    ) -> None:
        await route(interaction, "react:unshake", actor=actor)

    @react.command(
        name=_("interrupt"),
        description=answering("Act from Hold before someone else", "react:interrupt"),
    )
    @app_commands.describe(target=_("Who you act before"), actor=_("Which of your combatants acts"))
    @app_commands.autocomplete(actor=combatant_autocomplete, target=combatant_autocomplete)
    async def react_interrupt(
        self,
        interaction: discord.Interaction,
        target: app_commands.Range[str, 1, 100] | None = None,
        actor: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        await route(interaction, "react:interrupt", target=target, actor=actor)

    @react.command(
        name=_("evade"), description=answering("Agility -2 to avoid an area attack", "react:evade")
    )
    @app_commands.describe(actor=_("Which of your combatants acts"))
    @app_commands.autocomplete(actor=combatant_autocomplete)
    async def react_evade(
        self, interaction: discord.Interaction, actor: app_commands.Range[str, 1, 100] | None = None
    ) -> None:
        await route(interaction, "react:evade", actor=actor)

    @react.command(
        name=_("dodge"), description=answering("Dodge the attack against you", "react:dodge")
    )
    @app_commands.describe(actor=_("Which of your combatants acts"))
    @app_commands.autocomplete(actor=combatant_autocomplete)
    async def react_dodge(
        self, interaction: discord.Interaction, actor: app_commands.Range[str, 1, 100] | None = None
    ) -> None:
        await route(interaction, "react:dodge", actor=actor)

    @react.command(
        name=_("block"), description=answering("Block the attack against you", "react:block")
    )
    @app_commands.describe(actor=_("Which of your combatants acts"))
    @app_commands.autocomplete(actor=combatant_autocomplete)
    async def react_block(
        self, interaction: discord.Interaction, actor: app_commands.Range[str, 1, 100] | None = None
    ) -> None:
        await route(interaction, "react:block", actor=actor)

    @react.command(
        name=_("none"), description=answering("Take the attack without defending", "react:none")
    )
    @app_commands.describe(actor=_("Which of your combatants acts"))
    @app_commands.autocomplete(actor=combatant_autocomplete)
    async def react_none(
        self, interaction: discord.Interaction, actor: app_commands.Range[str, 1, 100] | None = None
    ) -> None:
        await route(interaction, "react:none", actor=actor)

    @react.command(
        name=_("with"),
        description=answering("Answer the open action with one of your reactions", "react:with"),
    )
    @app_commands.describe(
        reaction=_("The reaction you use"),
        actor=_("Which of your combatants acts"),
        target=_("The ally you protect, for a reaction that protects"),
    )
    @app_commands.autocomplete(
        reaction=action_autocomplete, actor=combatant_autocomplete, target=combatant_autocomplete
    )
    async def react_with(
        self,
        interaction: discord.Interaction,
        reaction: app_commands.Range[str, 1, 100],
        actor: app_commands.Range[str, 1, 100] | None = None,
        target: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        await route(interaction, "react:with", reaction=reaction, actor=actor, target=target)

    @react.command(
        name=_("pass"), description=answering("Let the chance to react go by", "react:pass")
    )
    @app_commands.describe(actor=_("Which of your combatants acts"))
    @app_commands.autocomplete(actor=combatant_autocomplete)
    async def react_pass(
        self, interaction: discord.Interaction, actor: app_commands.Range[str, 1, 100] | None = None
    ) -> None:
        await route(interaction, "react:pass", actor=actor)

    grapple = app_commands.Group(
        name=_("grapple"),
        description=_("Grapple, escape a grapple, or hurt who you hold"),
        guild_only=True,
    )

    @grapple.command(name=_("start"), description=_("Grab a target"))
    @app_commands.describe(
        target=_("Who you grab"),
        actor=_("Which of your combatants acts"),
        modifier=_("Extra modifier the bot cannot know"),
    )
    @app_commands.autocomplete(target=combatant_autocomplete, actor=combatant_autocomplete)
    async def grapple_start(
        self, interaction: discord.Interaction, target: app_commands.Range[str, 1, 100], actor: app_commands.Range[str, 1, 100] | None = None,
        modifier: app_commands.Range[int, -20, 20] | None = None,
    ) -> None:  # fmt: skip
        await route(interaction, "grapple:start", target=target, actor=actor, modifier=modifier)

    @grapple.command(name=_("escape"), description=_("Try to break free"))
    @app_commands.describe(
        actor=_("Which of your combatants acts"), modifier=_("Extra modifier the bot cannot know")
    )
    @app_commands.autocomplete(actor=combatant_autocomplete)
    async def grapple_escape(
        self,
        interaction: discord.Interaction,
        actor: app_commands.Range[str, 1, 100] | None = None,
        modifier: app_commands.Range[int, -20, 20] | None = None,
    ) -> None:
        await route(interaction, "grapple:escape", actor=actor, modifier=modifier)

    @grapple.command(
        name=_("crush"), description=answering("Hurt the one you hold", "grapple:crush")
    )
    @app_commands.describe(
        actor=_("Which of your combatants acts"), modifier=_("Extra modifier the bot cannot know")
    )
    @app_commands.autocomplete(actor=combatant_autocomplete)
    async def grapple_crush(
        self,
        interaction: discord.Interaction,
        actor: app_commands.Range[str, 1, 100] | None = None,
        modifier: app_commands.Range[int, -20, 20] | None = None,
    ) -> None:
        await route(interaction, "grapple:crush", actor=actor, modifier=modifier)

    @grapple.command(
        name=_("headbutt"), description=answering("Headbutt the one you hold", "grapple:headbutt")
    )
    @app_commands.describe(
        actor=_("Which of your combatants acts"), modifier=_("Extra modifier the bot cannot know")
    )
    @app_commands.autocomplete(actor=combatant_autocomplete)
    async def grapple_headbutt(
        self,
        interaction: discord.Interaction,
        actor: app_commands.Range[str, 1, 100] | None = None,
        modifier: app_commands.Range[int, -20, 20] | None = None,
    ) -> None:
        await route(interaction, "grapple:headbutt", actor=actor, modifier=modifier)

    initiative = app_commands.Group(
        name=_("initiative"),
        description=_("Initiative: roll it, or set a card by hand"),
        guild_only=True,
    )

    @initiative.command(
        name=_("roll"),
        description=answering(
            "Roll initiative for everyone, or for the combatants named", "initiative:roll"
        ),
    )
    @app_commands.describe(
        combatant=_("Only this combatant (default: everyone who has not rolled)")
    )
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def initiative_roll(
        self,
        interaction: discord.Interaction,
        combatant: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        await route(interaction, "initiative:roll", combatant=combatant)

    @initiative.command(
        name=_("set"),
        description=answering(
            "Give a combatant the card you dealt by hand: KS, 10H, JOKER-R", "initiative:set"
        ),
    )
    @app_commands.describe(combatant=_("Who gets the card"), card=_("The card: KS, 10H, JOKER-R"))
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def initiative_set(
        self,
        interaction: discord.Interaction,
        combatant: app_commands.Range[str, 1, 100],
        card: app_commands.Range[str, 1, 10],
    ) -> None:
        await route(interaction, "initiative:set", combatant=combatant, card=card)

    condition = app_commands.Group(
        name=_("condition"), description=_("Add or remove a condition"), guild_only=True
    )

    @condition.command(name=_("add"), description=_("Add a condition to a combatant"))
    @app_commands.describe(
        combatant=_("Who gets the condition"),
        condition=_("A condition of the rules, or any effect by name (Blessed, flying...)"),
        duration=_("For an effect of your own: rounds (3), end of turn, or until removed"),
    )
    @app_commands.autocomplete(combatant=combatant_autocomplete, condition=condition_autocomplete)
    async def condition_add(
        self,
        interaction: discord.Interaction,
        combatant: app_commands.Range[str, 1, 100],
        condition: app_commands.Range[str, 1, 50],
        duration: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        await route(
            interaction, "condition:add", combatant=combatant, condition=condition,
            duration=duration,
        )  # fmt: skip

    @condition.command(name=_("remove"), description=_("Remove a condition from a combatant"))
    @app_commands.describe(
        combatant=_("Who loses the condition"), condition=_("The condition or effect to remove")
    )
    @app_commands.autocomplete(combatant=combatant_autocomplete, condition=condition_autocomplete)
    async def condition_remove(
        self,
        interaction: discord.Interaction,
        combatant: app_commands.Range[str, 1, 100],
        condition: app_commands.Range[str, 1, 50],
    ) -> None:
        await route(interaction, "condition:remove", combatant=combatant, condition=condition)


async def setup(bot: ComodinBot) -> None:
    await bot.add_cog(SharedCommands(bot))
