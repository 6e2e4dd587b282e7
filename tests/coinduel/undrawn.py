"""The duel's renderers without an end summary: the start check refuses them."""

from dataclasses import replace

from tests.coinduel.render import RENDERERS as DRAWN

RENDERERS = replace(DRAWN, summary=None)
