"""The rules of a ruleset in a few plain sentences, for players (`rules`, the window, `game --text`).

Each sentence is the wording of one rule field's value (`SENTENCES`, keyed like
`core.rules.CHOICES`), so the text is made from the ruleset's own data: a ruleset file of
your own is explained as truly as the built-in ones, and a rule changed in the YAML changes
its sentence. The words are ours, after the seed documents the rulesets come from.
"""

from __future__ import annotations


from ..core.explain import plural
from ..errors import printable
from ..core.rules import Ruleset, attribute, builtin_names, load_ruleset
from ..core.text import fit
from .game import MAX_ROUNDS
from .positions import SOUTH, board_rows

# (section, key) -> value -> the sentence said for it ("" says nothing: the rule is the usual one).
SENTENCES = {
    ("sowing", "own_store"): {
        "after_own_row": "your store comes right after your own holes, so you pass it before your opponent's row",
        "after_opponent_row": "your seeds run along your opponent's row before they reach your store",
    },
    ("last_seed", "occupied_hole"): {
        "relay": "Relay sowing: if your last seed lands in a hole that already holds seeds, on either side, "
                 "you pick all of them up and sow on from there; one turn can go round the board several times.",
        "end_turn": "If your last seed lands in a hole that already holds seeds, your turn ends.",
    },
    ("last_seed", "own_store"): {
        "extra_turn": "Extra turns: if your last seed lands in your own store, you sow again from any of your holes.",
        "end_turn": "If your last seed lands in your own store, your turn ends (no extra turn).",
    },
    ("last_seed", "own_empty_hole"): {
        "capture": "Captures: if your last seed lands in an empty hole of yours, it and every seed in the hole "
                   "opposite go to your store (just the one seed when that hole is empty), and your turn ends.",
        "capture_if_opposite": "Captures: if your last seed lands in an empty hole of yours and the hole opposite "
                               "holds seeds, those seeds and your last one go to your store; with nothing opposite, "
                               "nothing is taken. Either way your turn ends.",
        "none": "If your last seed lands in an empty hole of yours, your turn ends.",
    },
    ("last_seed", "opponent_empty_hole"): {
        "end_turn": "If your last seed lands in an empty hole on your opponent's side, it stays there and your turn ends.",
    },
    ("game", "first_move"): {
        "south": "South moves first by the book (here each side starts a game in turn, or as --first says), then "
                 "the turns alternate.",
        "simultaneous": "Both players start at once: each picks a hole without seeing the other's, and both hands "
                        "sow together, a seed each at a time.{waits} The player whose hand stops first moves next; "
                        "from then on the turns alternate.",
    },
    ("game", "ends_when"): {
        "either_side_empty": "The {round} ends as soon as either side's holes are empty: each player adds the seeds "
                             "left on their side to their store.",
        "all_holes_empty": "A player with no seeds on their side passes. The {round} ends when no hole holds a seed.",
    },
    ("game", "rounds"): {
        "single": "The bigger store wins.",
        "until_no_houses": "Rounds and burnt houses: after each round both refill their holes (houses) from their "
                           "store, {seeds} to a house, starting beside the store; a house its owner cannot fill is "
                           "burnt, and all sowing skips it. The loser of a round (fewer seeds) starts the next; after a "
                           "tie it starts as the first round did. You lose when you "
                           "cannot fill a single house (after {max_rounds} rounds the player with fewer seeds "
                           "concedes).",
    },
    ("game", "burnt_houses"): {
        "refill_each_round": "",  # said by the rounds' sentence: every round refills what it can
        "permanent": "A burnt house stays burnt for the rest of the game.",
    },
}
# At a simultaneous start, a hand's extra turn (the game's lockstep rule 3).
WAITS = " When a hand's last seed lands in its own store, the other hand waits while that player picks another hole."
CONTINUED = (("game", "rounds", "single"),)  # said on the line before (how the game ends, then who wins)


def rules_lines(rules: Ruleset) -> list[str]:
    """The ruleset's title, then its rules, a sentence (or two) a line."""
    rows = board_rows(rules)
    side = "left" if rows.left == rules.store(SOUTH) else "right"
    n, k = rules.holes_per_side, rules.seeds_per_hole
    board = (f"The board: two rows of {n} holes, {plural(k)} in each ({2 * n * k} in all), and a store at each "
             f"end; you own the row nearer you and the store on your {side}.")
    skip = ", but never into your opponent's store" if rules.skip_opponent_store else ""
    sowing = (f"Sowing: take every seed from one of your holes and sow them {rules.direction}, one into each hole "
              f"after it and into your own store as you pass it{skip}; "
              f"{SENTENCES['sowing', 'own_store'][rules.own_store]}.")
    lines = [rules.title, board, sowing]
    words = {"round": "round" if rules.rounds != "single" else "game", "seeds": k, "max_rounds": MAX_ROUNDS,
             "waits": WAITS if rules.on_own_store == "extra_turn" else ""}
    for section, key in SENTENCES:
        if section == "sowing" or (section == "game" and key == "burnt_houses" and rules.rounds == "single"):
            continue
        value = getattr(rules, attribute(section, key))
        sentence = SENTENCES[section, key][value].format(**words)
        if sentence and (section, key, value) in CONTINUED:
            lines[-1] += " " + sentence
        elif sentence:
            lines.append(sentence)
    return lines


def terminal_lines(rules: Ruleset, width: int | None = None) -> list[str]:
    """The rules for a terminal: the title (and the ruleset's name), then each rule wrapped
    to `width` columns (the output's by default), its later lines indented."""
    title, *sentences = rules_lines(rules)
    return fit([f"{printable(title)} ({printable(rules.name)})",  # a ruleset file's words, escaped
                *(f"- {sentence}" for sentence in sentences)], width)


def rules_text(name: str | None = None) -> list[str]:
    """`ktane-congkak rules [NAME]`: one ruleset's rules (a built-in name or a YAML file),
    or with no name every built-in ruleset's, a blank line between them."""
    lines: list[str] = []
    for each in [name] if name else builtin_names():
        lines += [""] if lines else []
        lines += terminal_lines(load_ruleset(each))
    return lines


__all__ = ["SENTENCES", "rules_lines", "rules_text", "terminal_lines"]
