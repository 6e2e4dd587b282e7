"""/roll, /trait and /odds: dice for everyone, with every die shown and the exact odds.

``/roll`` reads the expression language (``4d6kh3``, ``(1d8!, 1d6!)kh1``, ``6x 4d6kh3``,
``2d6+1 # fuego``) and the systems' notations (``s8``, ``s8+1``, ``s12w8``, ``su``,
``s8r3``...), all through :mod:`bot.dice.rolls`. Division rounds as the channel's system
says (``Plugin.rounding``). Every roll is appended to the log with its seed.

Exact odds that fit a few milliseconds of counted work are computed on the event loop;
heavier ones defer the reply first and run in the bot's bounded executor
(:mod:`bot.executor`), exact or as a labelled estimate (issue 15). Trait and S-20 odds
go through ``Ctx.in_time``: a reply that would come after Discord's 3 seconds is
deferred first.
"""

from __future__ import annotations

import asyncio
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.app import ComodinBot
from bot.commands.autocomplete import combatant_autocomplete, suggestions
from bot.commands.choices import answering
from bot.commands.context import Ctx
from bot.commands.dispatch import route
from bot.dice import rolls
from bot.dice.rolls import AnyRoll, DiceError, RollSpec
from bot.errors import UserError
from bot.executor import BoundedExecutor, Busy
from bot.render.dice import format_dice, line_text
from bot.systems import catalogue

ROLL_COLOUR = 0x27AE60


def percent(p: float) -> str:
    """62%, 0.4%, <0.1%, >99.9%: readable at a glance, and never 0% or 100% unless it is."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    if p < 0.001:
        return "<0.1%"
    if p > 0.999:
        return ">99.9%"
    if p < 0.1 or p > 0.99:
        return f"{p * 100:.1f}%"
    return f"{p * 100:.0f}%"


def chances_line(ctx: Ctx, found: rolls.Chances) -> str:
    return ctx.t(found.key, **{name: percent(p) for name, p in found.chances.items()})


async def trait_odds_line(
    ctx: Ctx, spec: RollSpec, bonus: int = 0, *, ephemeral: bool = False
) -> str | None:
    """A trait roll's odds (SW-1..SW-5), deferring the reply when they take long; None
    for a roll without them."""
    if rolls.title_kind(spec) is None:
        return None
    found = await ctx.in_time(
        asyncio.to_thread(rolls.trait_chances, spec, bonus), ephemeral=ephemeral
    )
    return chances_line(ctx, found) if found is not None else None


def _odds_text(found: rolls.ExpressionOdds) -> str:
    return percent(found.p) if found.exact else f"≈{percent(found.p)}"


def expression_odds_line(ctx: Ctx, found: rolls.ExpressionOdds, tn: int) -> str:
    """The exact chance (saying when ace tails were cut), or the labelled estimate with
    its 99% interval and the number of simulated rolls."""
    if found.exact:
        line = ctx.t("roll.odds_expression", p=percent(found.p), tn=tn)
        return line + (" " + ctx.t("roll.odds_truncated") if found.tail > 0 else "")
    return ctx.t(
        "roll.odds_estimate",
        p=percent(found.p),
        tn=tn,
        low=f"{found.low * 100:.1f}%",
        high=f"{found.high * 100:.1f}%",
        samples=found.samples,
    )


class Roll(commands.Cog):
    def __init__(self, bot: ComodinBot) -> None:
        self.bot = bot
        # Exact odds that do not fit a few milliseconds run here (bot/executor.py).
        self.work = BoundedExecutor()

    async def cog_unload(self) -> None:
        self.work.shutdown()

    async def _rounding(self, ctx: Ctx) -> str:
        """How ``/`` rounds in this channel: as its encounter's system says."""
        encounter = await self.bot.encounters.get(ctx.channel_id)
        return catalogue.plugin(encounter.system).rounding if encounter else "floor"

    async def _log(
        self, ctx: Ctx, text: str, seed: int, view: dict[str, Any], *, private: bool = False
    ) -> None:
        """Log the roll. Issue 21: a private roll is marked so: it is for its roller and
        the GM, whose export (the current encounter's log only) is the one place it
        appears besides the roller's private reply."""
        payload: dict[str, Any] = {"expression": text, "seed": seed, "result": view}
        if private:
            payload["private"] = True
        await self.bot.encounters.log_roll(
            guild_id=ctx.interaction.guild_id,
            channel_id=ctx.channel_id,
            user_id=ctx.user_id,
            payload=payload,
        )

    @app_commands.command(
        name=_("roll"),
        description=_("Roll dice: 2d6+1, 4d6k3, s8, 3s8, e6, 2d6!t6, d20adv, several at once..."),
    )
    @app_commands.describe(
        expression=_("Dice, a trait roll (s8, e6, s10t6) or damage vs Toughness (2d6!t6)"),
        tn=_("Target number: shows success, raises and the odds"),
        label=_("What the roll is for"),
        private=_("Only you see the result"),
    )
    async def roll(
        self,
        interaction: discord.Interaction,
        expression: app_commands.Range[str, 1, 300],
        tn: app_commands.Range[int, -1000, 1000] | None = None,
        label: app_commands.Range[str, 1, 100] | None = None,
        private: bool = False,
    ) -> None:
        """N-2: one roll, or several on one line (``s8 2d6!+1 d6!``), each shown apart;
        words around them are labels (bot/dice/line.py)."""
        ctx = Ctx.of(interaction)
        expression = expression.strip()  # a phone adds a space: not in the title or footer
        seed = self.bot.dice.new_seed()
        line = rolls.read_line(expression)
        if tn is not None and not line.single:
            raise DiceError("dice.tn_one_roll")
        if line.tn is not None:  # "d8+1 vs 6": typed, it is the option's
            if tn is not None and tn != line.tn:
                raise DiceError("dice.tn_twice", typed=line.tn, option=tn, roll=line.rolls[0].text)
            tn = line.tn
        specs = [rolls.with_target(r.spec, tn) for r in line.rolls]
        rounding = await self._rounding(ctx)
        results = rolls.roll_line(line, self.bot.dice.source(seed), rounding=rounding, specs=specs)
        title = label or line.comment
        if line.single:
            body = await self._one_roll(ctx, line.rolls[0].text, specs[0], results[0], tn,
                                        rounding, private)  # fmt: skip
            title = title or line.rolls[0].label or self._title(expression, specs[0], ctx)
        else:
            body = line_text([(r.text, r.label) for r in line.rolls], results, ctx.lang)
            title = title or expression
        embed = discord.Embed(title=title, description=body, colour=ROLL_COLOUR)
        embed.set_footer(
            text=ctx.t("roll.footer", user=interaction.user.display_name, expression=expression)
        )
        await ctx.send(embed=embed, ephemeral=private)
        await self._log(ctx, expression, seed, rolls.log_view(results), private=private)

    @staticmethod
    def _title(expression: str, spec: RollSpec, ctx: Ctx) -> str:
        kind = rolls.title_kind(spec)
        return f"{expression} · {ctx.t(kind)}" if kind is not None else expression

    async def _one_roll(
        self,
        ctx: Ctx,
        text: str,
        spec: RollSpec,
        result: AnyRoll,
        tn: int | None,
        rounding: str,
        private: bool,
    ) -> str:
        """One roll's dice and, where they apply, its odds: a trait roll's (SW-1..SW-5),
        a damage roll's against Toughness (SW-12), an expression's against ``tn``."""
        view = result.to_view()
        lines = [format_dice(view, ctx.lang)]
        if rolls.title_kind(spec) is not None:
            found = await trait_odds_line(ctx, spec, ephemeral=private)
            lines += [found] if found else []
        elif (toughness := rolls.toughness_of(spec)) is not None:
            found = await self._toughness_odds(ctx, toughness, rounding, private)
            lines += [found] if found else []
        elif tn is not None and view.get("total") is not None:
            ok = view["total"] >= tn
            lines.append(ctx.t("roll.vs_tn_success" if ok else "roll.vs_tn_failure", tn=tn))
            odds_line = await self._expression_odds(ctx, text, tn, rounding, private)
            if odds_line:
                lines.append(odds_line)
        return "\n".join(lines)

    async def _toughness_odds(
        self, ctx: Ctx, against: tuple[rolls.Expr, int], rounding: str, private: bool
    ) -> str | None:
        """SW-12: the chance of Shaken or more and of a wound, exact where it fits the
        inline budget, else from the bounded executor (exact or estimated)."""
        damage, toughness = against
        try:
            found: tuple[rolls.ExpressionOdds, rolls.ExpressionOdds] | None = (
                rolls.toughness_inline(damage, toughness, rounding)
            )
        except DiceError as err:
            if err.key != "dice.odds_too_complex":
                return None
            await ctx.defer(ephemeral=private)
            try:
                found = await self.work.run(
                    ctx.user_id, rolls.toughness_odds, damage.text, toughness,
                    rounding=rounding,
                )  # fmt: skip
            except Busy as busy:
                return ctx.t(busy.key, **busy.params)
        if found is None:
            return None
        return ctx.t("roll.odds_toughness", shaken=_odds_text(found[0]),
                     wound=_odds_text(found[1]))  # fmt: skip

    async def _expression_odds(
        self, ctx: Ctx, expression: str, tn: int, rounding: str, private: bool
    ) -> str | None:
        """P(total >= TN): computed here when it fits a few milliseconds of work;
        otherwise the reply is deferred and the bounded executor computes it (exact
        within its budget, else a labelled estimate, bot/dice/odds.py)."""
        parsed = rolls.odds_expression(expression)
        if parsed is None:
            return None
        try:
            found = rolls.at_least_inline(parsed, tn, rounding)
        except DiceError as err:
            if err.key != "dice.odds_too_complex":
                return None  # e.g. a division that may be by zero
            await ctx.defer(ephemeral=private)
            try:
                result = await self.work.run(
                    ctx.user_id, rolls.expression_odds, expression, tn, rounding=rounding
                )
            except Busy as busy:
                return ctx.t(busy.key, **busy.params)
            if result is None:
                return None
            found = result
        return expression_odds_line(ctx, found, tn)

    async def _send_trait(
        self,
        ctx: Ctx,
        spec: RollSpec,
        text: str,
        label: str | None,
        private: bool,
        seed: int,
        dice: Any,
    ) -> None:
        view = rolls.roll_spec(spec, dice).to_view()
        lines = [format_dice(view, ctx.lang)]
        found = await trait_odds_line(ctx, spec, ephemeral=private)
        lines += [found] if found else []
        embed = discord.Embed(
            title=label or self._title(text, spec, ctx),
            description="\n".join(lines),
            colour=ROLL_COLOUR,
        )
        embed.set_footer(
            text=ctx.t("roll.footer", user=ctx.interaction.user.display_name, expression=text)
        )
        await ctx.send(embed=embed, ephemeral=private)
        await self._log(ctx, text, seed, view, private=private)

    @app_commands.command(
        name=_("trait"),
        description=answering("Trait test: a skill from your sheet, or a trait die", "trait"),
    )
    @app_commands.describe(
        trait=_("A skill or attribute of your combatant's sheet (Notice, Faith, Agility...)"),
        actor=_("Which of your combatants rolls (default: the one whose turn it is)"),
        die=_("Trait die, for a roll without a sheet"),
        modifier=_("Total modifier"),
        tn=_("Target number (4 unless the action says otherwise)"),
        wild=_("Wild Card (rolls the wild die); false for an Extra"),
        unskilled=_("Unskilled: d4 -2"),
        label=_("What the roll is for"),
    )
    @app_commands.choices(
        die=[app_commands.Choice(name=f"d{n}", value=n) for n in (4, 6, 8, 10, 12)]
    )
    @app_commands.autocomplete(trait=suggestions("trait"), actor=combatant_autocomplete)
    async def trait(
        self,
        interaction: discord.Interaction,
        trait: app_commands.Range[str, 1, 100] | None = None,
        actor: app_commands.Range[str, 1, 100] | None = None,
        die: int | None = None,
        modifier: app_commands.Range[int, -20, 20] | None = None,
        tn: app_commands.Range[int, -20, 100] | None = None,
        wild: bool | None = None,
        unskilled: bool | None = None,
        label: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        """``trait``: the channel's system rolls it from the sheet (Savage Worlds'
        ``trait`` move); ``die``: a roll without a sheet, as before. One or the other.
        In a channel whose system rolls from no sheet, a ``trait`` goes to the system
        (which refuses it, naming the system) and the refusals name the die alone."""
        encounter = await self.bot.encounters.get(interaction.channel_id or 0)
        from_sheet = encounter is None or catalogue.plugin(encounter.system).move("trait")
        if trait is not None and not from_sheet:
            await route(interaction, "trait", trait=trait, actor=actor)
            return
        if trait is not None:
            given = [
                n
                for n, v in (("die", die), ("wild", wild), ("unskilled", unskilled))
                if v is not None
            ]
            if given:
                raise UserError("roll.trait_sheet_decides", option=f"cmd.{given[0]}")
            await route(
                interaction, "trait", trait=trait, actor=actor, modifier=modifier, tn=tn,
                label=label,
            )  # fmt: skip
            return
        if die is None:
            raise UserError("roll.trait_die_or_sheet" if from_sheet else "roll.trait_die_needed")
        if actor is not None:
            raise UserError("roll.trait_actor_needs_sheet" if from_sheet else "roll.trait_no_actor")
        ctx = Ctx.of(interaction)
        seed = self.bot.dice.new_seed()
        spec, shown = rolls.sheetless_trait(
            die, modifier or 0, 4 if tn is None else tn,
            wild_card=True if wild is None else wild, unskilled=bool(unskilled),
        )  # fmt: skip
        await self._send_trait(ctx, spec, shown, label, False, seed, self.bot.dice.source(seed))

    @app_commands.command(
        name=_("odds"), description=_("The exact odds of a roll, without rolling")
    )
    @app_commands.describe(
        expression=_("A trait roll (s8, s8+1, s12w8, su) or a d20 score (ds15, ds15+2-1)"),
        tn=_("Target number"),
    )
    async def odds_(
        self,
        interaction: discord.Interaction,
        expression: app_commands.Range[str, 1, 300],
        tn: app_commands.Range[int, -1000, 1000] | None = None,
    ) -> None:
        ctx = Ctx.of(interaction)
        text = rolls.split_label(expression)[0].strip()
        if rolls.is_score(text):
            found = await ctx.in_time(asyncio.to_thread(rolls.score_chances, text))
            assert found is not None
            line = chances_line(ctx, found)
        else:
            line = await self._notation_odds(ctx, text, tn)
        await ctx.send(
            embed=discord.Embed(
                title=ctx.t("roll.odds_title", expression=text),
                description=line,
                colour=ROLL_COLOUR,
            )
        )

    async def _notation_odds(self, ctx: Ctx, text: str, tn: int | None) -> str:
        """``/odds`` of a trait roll (``s8``, ``e8-2``, ``s10t6``: SW-1..SW-5) or of damage
        against Toughness (``2d6!t6``: SW-12)."""
        line = rolls.read_line(text)  # a refusal that teaches, or a bound's own message
        spec = rolls.with_target(line.rolls[0].spec, tn) if line.single else None
        if spec is not None:
            found = await trait_odds_line(ctx, spec)
            if found is None and (toughness := rolls.toughness_of(spec)) is not None:
                found = await self._toughness_odds(ctx, toughness, "floor", False)
            if found:
                return found
        raise DiceError("roll.odds_unsupported", expression=text)


async def setup(bot: ComodinBot) -> None:
    await bot.add_cog(Roll(bot))
