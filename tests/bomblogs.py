"""Bomb logs for the tests, written out by hand from the module's formats in issue 10
(not from the code under test), with Unity's noise around them."""

from ktane_congkak.core.evaluate import evaluate
from ktane_congkak.core.logcheck import reply_outcomes

EXAMPLE = [2, 3, 1, 1, 0, 4, 0, 31, 0, 4, 0, 1, 0, 1, 2, 48]  # holes 3 and 6 both score the minimum 8
QUIRK = [2, 3, 2, 6, 0, 2, 0, 29, 3, 6, 8, 11, 8, 0, 2, 16]  # holes 3 and 6 strike though 18 is the least
LONG = "Total points gained after playing each hole (sum of seeds in player's holes + extra seeds in the store, if any):"
SHORT = "Total points gained after playing each hole:"


def board(n, slots, points, first=True):
    top = max(points)
    return [f"[Congkak #{n}] Initial state: " + "".join(f"{s} " for s in slots),
            f"[Congkak #{n}] {LONG if first else SHORT} " + "".join(f"{p} " for p in points),
            f"[Congkak #{n}] The maximum seeds in a hole is: {top}, which is in the hole: {points.index(top) + 1}."]


def solve(n, hole, points):
    return [f"[Congkak #{n}] You selected the correct hole (Hole #{hole}), which returns the maximum of {points} seeds. Module solved."]


def strike(n, hole, points):
    return [f"[Congkak #{n}] You selected the wrong hole (Hole #{hole}), which returns the minimum of {points} seeds. Strike, and game continues."]


def goes_on(n, hole, points):
    return [f"[Congkak #{n}] You selected the wrong hole (Hole #{hole}), which returns {points} seeds. Game continues."]


def empty(n, hole):
    return [f"[Congkak #{n}] You selected an empty hole (Hole #{hole}). Strike."]


def points_of(slots, rules):
    return list(evaluate(slots, rules).points)


def after_reply(slots, hole, rules, which=0):
    """The board a wrong press on `hole` leads to, with the opponent's `which`-th possible reply."""
    return list(list(reply_outcomes(slots, hole, rules).values())[which])


def two_modules(rules):
    """Module 1 on EXAMPLE: empty hole 5, hole 6 goes on, then a solve. Module 3 on QUIRK:
    hole 3 strikes by the minimum rule, then a solve. Interleaved line by line."""
    second = after_reply(EXAMPLE, 6, rules)
    p2 = points_of(second, rules)
    quirk_next = after_reply(QUIRK, 3, rules, which=1)
    q2 = points_of(quirk_next, rules)
    one = (board(1, EXAMPLE, [11, 11, 8, 11, 0, 8, 0]) + empty(1, 5) + goes_on(1, 6, 8)
           + board(1, second, p2, first=False) + solve(1, p2.index(max(p2)) + 1, max(p2)))
    three = (board(3, QUIRK, [18, 23, 23, 29, 0, 28, 0]) + strike(3, 3, 23)
             + board(3, quirk_next, q2, first=False) + solve(3, q2.index(max(q2)) + 1, max(q2)))
    lines = []
    for i in range(max(len(one), len(three))):
        lines += one[i:i + 1] + three[i:i + 1]
    return lines


def unity_noise(lines):
    """Each message as Unity writes it: stack lines, a blank, the (Filename: ...) line."""
    out = ["Initialize engine version: 2017.4.22f1 (3583f9e3a8e9)", "[BombGenerator] Generating bomb with seed 12"]
    for i, line in enumerate(lines):
        out += [line, "UnityEngine.Debug:LogFormat(String, Object[])", "BORDGAEMXD:holeHandler(Int32)", "",
                "(Filename: C:\\buildslave\\unity\\build\\Runtime/Export/Debug.bindings.h Line: 43)", ""]
        if i % 3 == 0:  # other modules, one whose name contains the word
            out += ["[Congkak Solver #3] Initial state: 9 9 9 9 9 9 9 0 9 9 9 9 9 9 9 0 ",
                    "[Wires #2] Cut the third wire.", "[Souvenir #9] Congkak #1 was solved."]
    return out


