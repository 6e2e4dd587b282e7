"""The SWADE action deck (SW-30..SW-32): building, ordering, drawing, labels, parsing.

Pure helpers on :class:`~bot.systems.swade.state.SwadeState` copies; the rules functions
that call them (``turns.deal``...) work on a deep copy, so mutating here is safe.

Card text accepted by :func:`parse_card` (for tables that deal a physical deck):

- ranks ``2``..``10``, ``J``, ``Q``, ``K``, ``A``;
- suits as symbols (``♠ ♥ ♦ ♣``), English letters ``S H D C``, English or Spanish words
  (``spades``, ``picas``, ``corazones``, ``tréboles``...), and the two Spanish letters that
  cannot be confused, ``P`` (picas) and ``T`` (tréboles). Reading: a lone ``C`` is always
  clubs (English), never corazones; write ``H``, ``♥`` or ``corazones`` for hearts.
  ``D`` is diamonds in both languages;
- Jokers: ``JOKER-R`` / ``JOKER-B`` (also ``JR``, ``JB``, ``JOKER ROJO``, ``JOKER NEGRO``,
  ``JOKER RED``, ``JOKER BLACK``).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from operator import attrgetter

from bot.dice.source import DiceSource
from bot.systems.base import RuleError
from bot.systems.swade.state import Card, SwadeState, shared

SUITS: tuple[str, ...] = ("S", "H", "D", "C")  # SW-30: strongest first
SUIT_SYMBOLS: dict[str, str] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_LABELS: dict[int, str] = {11: "J", 12: "Q", 13: "K", 14: "A"}
QUICK_MAX = 5  # SW-32: Quick redraws any card of 5 or lower


def _made_deck() -> tuple[Card, ...]:
    cards = [Card(rank=r, suit=s) for s in SUITS for r in range(2, 15)]
    cards.append(Card(joker=True, suit="B"))
    cards.append(Card(joker=True, suit="R"))
    return tuple(shared(card) for card in cards)


_FULL_DECK = _made_deck()


def full_deck() -> list[Card]:
    """SW-30: 52 cards and two Jokers (black and red); frozen, one shared instance each
    (``state.shared``), made once (issue 32: validating 54 cards cost each reshuffle,
    SW-31, about 120 µs)."""
    return list(_FULL_DECK)


def card_key(card: Card) -> tuple[int, int, int]:
    """SW-30 order as a key, smaller first: Jokers (black before red), then Ace down to
    2, ties by suit spades > hearts > diamonds > clubs."""
    if card.joker:
        return (0, 0, 0 if card.suit == "B" else 1)
    return (1, -card.rank, SUITS.index(card.suit))


def beats(a: Card, b: Card) -> bool:
    """True when ``a`` acts before ``b`` (SW-30)."""
    return card_key(a) < card_key(b)


def card_label(card: Card) -> str:
    """ "K♠", "10♥", "🃏 Joker" for the board (the order shows which Joker is which)."""
    if card.joker:
        return "🃏 Joker"
    return f"{RANK_LABELS.get(card.rank, str(card.rank))}{SUIT_SYMBOLS[card.suit]}"


def card_code(card: Card) -> str:
    """The typed form ("KS", "10H", "JOKER-R") accepted back by :func:`parse_card`."""
    if card.joker:
        return f"JOKER-{card.suit}"
    return f"{RANK_LABELS.get(card.rank, str(card.rank))}{card.suit}"


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in text if not unicodedata.combining(ch)).upper().strip()


_SUIT_WORDS: dict[str, str] = {
    "♠": "S",
    "♤": "S",
    "♥": "H",
    "♡": "H",
    "♦": "D",
    "♢": "D",
    "♣": "C",
    "♧": "C",
    "S": "S",
    "H": "H",
    "D": "D",
    "C": "C",
    "P": "S",
    "T": "C",
    "SPADES": "S",
    "HEARTS": "H",
    "DIAMONDS": "D",
    "CLUBS": "C",
    "PICAS": "S",
    "CORAZONES": "H",
    "DIAMANTES": "D",
    "ROMBOS": "D",
    "TREBOLES": "C",
}
_RANKS: dict[str, int] = {"A": 14, "K": 13, "Q": 12, "J": 11}
_JOKER_RE = re.compile(r"^(?:JOKER|COMODIN|J)[\s\-_]*(R|B|ROJO|NEGRO|RED|BLACK)$")
_CARD_RE = re.compile(r"^(10|[2-9]|[AKQJ])\s*(?:DE\s+)?(\S+)$")


def parse_card(text: str) -> Card:
    """Parse a typed card (module docstring). RuleError ``swade.card.bad`` otherwise."""
    folded = _fold(text)
    joker = _JOKER_RE.match(folded)
    if joker:
        colour = joker.group(1)
        return Card(joker=True, suit="R" if colour in ("R", "ROJO", "RED") else "B")
    match = _CARD_RE.match(folded)
    if match and match.group(2) in _SUIT_WORDS:
        rank_text = match.group(1)
        rank = _RANKS.get(rank_text) or int(rank_text)
        return Card(rank=rank, suit=_SUIT_WORDS[match.group(2)])
    raise RuleError("swade.card.bad", text=text)


def take_from_deck(state: SwadeState, card: Card) -> None:
    """Remove ``card`` from the draw and discard piles (a card set by hand is in play)."""
    state.deck = [c for c in state.deck if c != card]
    state.discard = [c for c in state.discard if c != card]


def draw(state: SwadeState, dice: DiceSource) -> tuple[Card, bool]:
    """Draw the top card; an empty draw pile takes the shuffled discard pile first.

    Returns the card and whether a reshuffle happened. A Joker drawn (kept or not) marks
    the round for a reshuffle before the next deal (SW-31).
    """
    reshuffled = False
    if not state.deck:
        if not state.discard:
            raise RuleError("swade.deck.empty")
        state.deck = list(state.discard)
        state.discard = []
        dice.shuffle(state.deck)
        reshuffled = True
    card = state.deck.pop(0)
    if card.joker:
        state.joker_dealt = True
    return card, reshuffled


def reshuffle(state: SwadeState, dice: DiceSource, *, in_hand: list[Card]) -> None:
    """SW-31: a fresh 54-card deck, shuffled, minus the cards still held (a Hold carried
    into the new round keeps its card, SW-34)."""
    deck = [c for c in _FULL_DECK if not in_pile(c, in_hand)]
    dice.shuffle(deck)
    state.deck = deck
    state.discard = []
    state.joker_dealt = False


def discard(state: SwadeState, card: Card) -> None:
    """Put ``card`` on the discard pile unless it is already in a pile."""
    if not in_pile(card, state.discard) and not in_pile(card, state.deck):
        state.discard.append(card)


_FIELDS = attrgetter("__dict__")


def in_pile(card: Card, pile: list[Card]) -> bool:
    """``card in pile``: a card equal to ``card`` is there (SW-30: equal rank, suit and
    Joker mark). Two cards are equal when their fields are (pydantic's ``==`` on a model
    with no private or extra values), so their ``__dict__`` are compared in C (issue 32:
    ``in`` called pydantic's ``__eq__`` on every card it passed, ~35 µs a discard at a
    new round's deal, SW-31)."""
    return card.__dict__ in map(_FIELDS, pile)


@dataclass(frozen=True)
class EdgeDraw:
    """What one combatant's draw did (SW-32): every card drawn in order, the one kept,
    the edge that chose (``level_headed``, ``improved_level_headed``, ``hesitant`` or
    None) and the cards Quick threw back. A plain record (issue 32: made for every slot
    dealt, SW-31; nothing validates what the draw itself made)."""

    kept: Card
    drawn: list[Card]
    chooser: str | None = None
    quick_redraws: list[Card] = field(default_factory=list)
    reshuffled: bool = False


def draw_with_edges(state: SwadeState, dice: DiceSource, edges: set[str]) -> EdgeDraw:
    """SW-32 draws. Level Headed draws 2 and keeps the better; Improved Level Headed 3.
    Hesitant draws 2 and keeps the lower unless one is a Joker. Quick throws back any
    card of 5 or lower and draws again, until it gets a higher card (or a Joker). With a
    choosing edge and Quick: choose first, then apply Quick.

    Reading (not in the seeds): Hesitant with Level Headed cancel out (one card);
    Hesitant with Improved Level Headed draws 2 and keeps the better. Cards drawn and not
    kept go to the discard pile. An empty ``edges`` is a plain one-card draw (the benny
    redraw and the incapacitated draw ignore edges).
    """
    count = 1
    chooser: str | None = None
    if "improved_level_headed" in edges:
        count, chooser = 3, "improved_level_headed"
    elif "level_headed" in edges:
        count, chooser = 2, "level_headed"
    hesitant = "hesitant" in edges
    if hesitant and chooser == "level_headed":
        count, chooser = 1, None
    elif hesitant and chooser == "improved_level_headed":
        count, chooser = 2, "level_headed"
    elif hesitant:
        count, chooser = 2, "hesitant"

    reshuffled = False
    drawn: list[Card] = []
    for _ in range(count):
        card, shuffled = draw(state, dice)
        reshuffled = reshuffled or shuffled
        drawn.append(card)
    if chooser == "hesitant" and not any(c.joker for c in drawn):
        kept = max(drawn, key=card_key)
    else:
        kept = min(drawn, key=card_key)
    for card in drawn:
        if card is not kept:
            discard(state, card)

    quick_redraws: list[Card] = []
    if "quick" in edges:
        while not kept.joker and kept.rank <= QUICK_MAX:
            quick_redraws.append(kept)
            discard(state, kept)
            kept, shuffled = draw(state, dice)
            reshuffled = reshuffled or shuffled
    return EdgeDraw(
        kept=kept,
        drawn=drawn,
        chooser=chooser,
        quick_redraws=quick_redraws,
        reshuffled=reshuffled,
    )
