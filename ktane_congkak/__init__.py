"""ktane-congkak: the Congkak bomb module of Keep Talking and Nobody Explodes, simulated.

The core, with no pyglet in it:

    >>> from ktane_congkak import load_ruleset, parse_board, evaluate
    >>> rules = load_ruleset("module")
    >>> board = parse_board("2 3 1 1 0 4 0 31 0 4 0 1 0 1 2 48", rules)
    >>> evaluate(board, rules).answer
    [1, 2, 4]
"""

__version__ = "0.1.0"

# Each name is imported on first use (PEP 562), so `ktane-congkak solve`, which imports
# this package first, loads only the modules it needs.
_HOMES = {
    "Board": ".core.board", "parse_board": ".core.board", "position_to_slot": ".core.board",
    "slot_to_position": ".core.board", "UserError": ".errors",
    "Evaluation": ".core.evaluate", "evaluate": ".core.evaluate", "CongkakModule": ".core.module",
    "OPPONENT": ".core.rules", "YOU": ".core.rules", "Ruleset": ".core.rules", "load_ruleset": ".core.rules",
    "Turn": ".core.sowing", "play_turn": ".core.sowing", "legal_starts": ".core.sowing", "sow": ".core.sowing",
}
__all__ = [*_HOMES, "__version__"]  # noqa: PLE0604 (every key of _HOMES is a name)


def __getattr__(name: str):
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(_HOMES[name], __name__), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__():
    return sorted([*globals(), *_HOMES])
