"""Words for what the core computed: slot names and a turn told drop by drop."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from .board import slot_to_position
from .rules import OPPONENT, YOU, Ruleset
from .sowing import CAPTURE, ENDS, Turn

# How a turn ended (sowing.ENDS), in words: the sentence of a trace and of the module's log
# (END_WORDS), and the short caption of a game's log and window (END_CAPTIONS).
END_WORDS = {
    "capture": "the capture ends the turn",
    "store": "the last seed fell into the mover's own store: the turn ends",
    "extra_turn": "the last seed fell into the mover's own store: another turn",
    "opponent_empty": "the last seed fell into an empty hole of the other side: the turn ends",
    "own_empty": "the last seed fell into an empty hole of the mover's: the turn ends",
    "occupied": "the last seed fell into an occupied hole: the turn ends",
    "opponent_store": "the last seed fell into the other side's store: the turn ends",
    "not_sown": "a hole of one seed is not sown in this release: nothing moves",
}
END_CAPTIONS = {
    "capture": "the last seed captures",
    "store": "the last seed lands in the store",
    "extra_turn": "the last seed lands in the store: another turn",
    "opponent_empty": "the last seed lands in an empty hole across",
    "own_empty": "the last seed lands in an empty hole",
    "occupied": "the last seed lands in an occupied hole",
    "opponent_store": "the last seed lands in the opponent's store",
    "not_sown": "a hole of one seed is not sown",
}
assert set(END_WORDS) == set(END_CAPTIONS) == set(ENDS)


def slot_name(slot: int, rules: Ruleset) -> str:
    """'your hole 3', 'position 9' (the opponent's holes, numbered as `highlight` does),
    'your store', "opponent's store"."""
    if slot == rules.store(YOU):
        return "your store"
    if slot == rules.store(OPPONENT):
        return "opponent's store"
    n = rules.holes_per_side
    return f"your hole {slot + 1}" if slot < n else f"position {slot_to_position(slot, rules)}"


def plural(count: int, word: str = "seed") -> str:
    """ "1 seed", "2 seeds"; "2 presses" ("es" after a hissing end)."""
    return f"{count} {word}" + ("" if count == 1 else "es" if word.endswith(("s", "x", "ch", "sh")) else "s")


def and_list(items: Iterable[object]) -> str:
    """Items as a sentence lists them: "6", "2, 4 and 5"."""
    words = [str(item) for item in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def holes_words(holes: Sequence[int]) -> str:
    """Hole numbers as a sentence names them: "hole 6", "holes 2, 4 and 5"."""
    return ("hole " if len(holes) == 1 else "holes ") + and_list(holes)


def turn_size(turn: Turn) -> str:
    """A turn's length as every trace heads it: "12 drops, 2 relays"."""
    return f"{plural(turn.drops, 'drop')}, {plural(turn.relays, 'relay')}"


def describe_turn(turn: Turn, rules: Ruleset, stores_known: bool = True,
                  slot_name: Callable[[int, Ruleset], str] = slot_name) -> list[str]:
    """The turn as lines a player can follow with seeds in hand. With the stores unknown
    (a board of 14 numbers) a store's drops read as what it gained so far ("+2").
    `slot_name(slot, rules)` names the places (the module's words by default; a game's
    are its sides')."""
    stores = (rules.store(YOU), rules.store(OPPONENT))
    lines: list[str] = []
    drops: list[str] = []

    def flush():
        if drops:
            lines.append("  drop 1 each into " + ", ".join(drops))
            drops.clear()

    first = True
    for step in turn.steps(rules):
        kind = step[0]
        if kind == "pickup":
            flush()
            _, slot, seeds = step
            verb = "Pick up" if first else "Relay: pick up"
            every = "the" if seeds == 1 else "all"
            lines.append(f"{verb} {every} {plural(seeds)} from {slot_name(slot, rules)}")
            first = False
        elif kind == "drop":
            _, slot, count = step
            shown = f"+{count - turn.before[slot]}" if slot in stores and not stores_known else f"now {count}"
            drops.append(f"{slot_name(slot, rules)} ({shown})")
        elif kind == "capture":
            flush()
            _, slot, facing, seeds = step
            last, opposite = slot_name(slot, rules), slot_name(facing, rules)
            lines.append(f"Capture: the last seed in {last} goes to the store; {opposite}, opposite, is empty"
                         if seeds == 1 else
                         f"Capture: the last seed in {last} and the {plural(seeds - 1)} in {opposite} "
                         f"go to the store ({plural(seeds)})")
        else:
            flush()
            _, end, last = step
            lines.append(f"End: {END_WORDS[end]} ({slot_name(last, rules)})")
    return lines


def turn_summary(turn: Turn) -> dict:
    """The JSON-friendly facts of a turn; a place is a slot, an index into the board's list."""
    return {
        "end": turn.end,
        "last_slot": turn.last,
        "drops": turn.drops,
        "relays": turn.relays,
        "captured": turn.captured if turn.end == CAPTURE else 0,
        "after": list(turn.after),
    }
