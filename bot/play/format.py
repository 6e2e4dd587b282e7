"""What the offline table prints: a message as readable text (or JSON with --json)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import t
from bot.play.recorder import SentMessage

_KINDS = {
    "reply": "play.kind.reply",
    "followup": "play.kind.followup",
    "edit": "play.kind.edit",
    "update": "play.kind.edit",
    "channel": "play.kind.channel",
    "channel_edit": "play.kind.channel_edit",
    "modal": "play.kind.modal",
}


def format_message(msg: SentMessage, lang: str, names: Mapping[int, str] | None = None) -> str:
    """``names``: the table's users by id, to say whom a message may ping."""
    head = t(_KINDS.get(msg.kind, msg.kind), lang, user=msg.user or "", id=msg.message_id % 10_000)
    if msg.ephemeral:
        head += " · " + t("play.ephemeral", lang)
    pinged = msg.pinged()
    if pinged:
        who = ", ".join("@" + (names or {}).get(u, str(u)) for u in pinged)
        head += " · " + t("play.pings", lang, users=who)
    lines = [f"── {head} ──"]
    if msg.kind == "modal":
        lines.append(f"[{msg.data.get('title', '')}]")
        for row in msg.data.get("components", []):
            for comp in row.get("components", []):
                lines.append(f"  {comp.get('label', '')} ({comp.get('custom_id')})")
        lines.append("  " + t("play.modal_hint", lang))
        return "\n".join(lines)
    if msg.content:
        lines.append(msg.content)
    for embed in msg.embeds:
        if embed.get("title"):
            lines.append(f"**{embed['title']}**")
        if embed.get("description"):
            lines.append(embed["description"])
        for field in embed.get("fields", []):
            lines.append(f"• {field.get('name', '')}: {field.get('value', '')}")
        footer = (embed.get("footer") or {}).get("text")
        if footer:
            lines.append(f"_{footer}_")
    buttons = [b for b in msg.buttons() if b.get("label")]
    if buttons:
        lines.append(
            " ".join(f"[{b['label']}]" + ("(x)" if b.get("disabled") else "") for b in buttons)
        )
    return "\n".join(lines)
