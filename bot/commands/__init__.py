"""What the cogs share that is not a command: the Discord adapters between a slash
command and a game system.

- :mod:`.context` — :class:`~bot.commands.context.Ctx`: who acts, in which language,
  running a rules action through the encounter service, replying (fitted by
  :mod:`bot.replies`).
- :mod:`.dispatch` — hands a shared command (a button, a form) to the channel's
  system's move (the catalogue, :mod:`bot.systems.catalogue`).
- :mod:`.checks` — at start: every move against the commands the cogs declare, and
  every system's renderers.
- :mod:`.choices` — fixed choices of shared options, and the catalogue's systems.
- :mod:`.autocomplete` — the suggestions of every command: combatant names (the one
  filter, :func:`bot.systems.lookup.matching`) and the system's own.
- :mod:`.buttons` — board and offer buttons, and forms, that survive a restart.
- :mod:`.roster` — saving, reading and adding sheets (``/character``, ``/combatant``,
  ``/join``), and the sheet card after them.
- :mod:`.benny_spending` — a Savage Worlds action paid by a benny (SW-35), run through
  the bennies service (:mod:`bot.bennies.service`: spent in the action's transaction).
- :mod:`.benny_follow_ups` — what the bennies ledger does after an action, an undo and
  at an encounter's end.

A cog (``cogs/``) declares commands and calls these; it never imports another cog.
"""
