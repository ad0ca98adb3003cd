"""`ktane-congkak turn`: one turn told drop by drop."""

from __future__ import annotations

import argparse

from ..core.rules import OPPONENT, PLAYER_NAMES, YOU
from .common import add_board_arguments, board_from_args, board_header, help_rules, print_json, rules_from
from .output import print_lines


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("turn", help="play one turn step by step",
                       description="Play the turn from one hole and tell every drop, relay and capture.")
    add_board_arguments(p)
    p.add_argument("--position", "-p", required=True,
                   help=f"the hole to play: {help_rules().hole_range(YOU)} yours, "
                        f"{help_rules().hole_range(OPPONENT)} the opponent's")
    rules = help_rules()
    p.add_argument("--json", action="store_true",
                   help=f"print the turn as JSON: every place in it (slot, last_slot, steps) is a slot, an index "
                        f"0-{rules.size - 1} into its board and after lists (position P is slot P-1 for "
                        f"{rules.hole_range(YOU)}, slot P for {rules.hole_range(OPPONENT)})")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..core.board import format_board, position_to_slot
    from ..errors import UserError
    from ..core.explain import describe_turn, slot_name, turn_summary
    from ..core.ids import board_id
    from ..core.numbers import parse_whole
    from ..core.sowing import play_turn

    rules = rules_from(args)
    board = board_from_args(args, rules)
    position = parse_whole(args.position, "position")  # the one parser: not '٣' or '1_0'
    slot = position_to_slot(position, rules)
    if not board.slots[slot]:
        raise UserError(f"position {position} ({slot_name(slot, rules)}) is empty: there is no turn to play")
    player = rules.side(slot)  # a hole's owner
    turn = play_turn(board.slots, rules, player, slot)
    if args.json:
        # One numbering in the JSON: every place is a slot, an index into "board" and "after".
        print_json({"id": board_id(board, rules), "board": list(board.slots), "slot": slot,
                    "player": PLAYER_NAMES[player], **turn_summary(turn), "steps": [list(s) for s in turn.steps(rules)]})
        return 0
    steps = [f"{number:>3}. {line}" for number, line in enumerate(describe_turn(turn, rules, board.stores_known), 1)]
    print_lines([*board_header(board, rules), *steps, f"After:  {format_board(turn.after, rules)}"])
    return 0
