"""Bomb logs for the tests, written out by hand from the module's formats in issue 10
(not from the code under test), with Unity's noise around them; and every release's log
written by `ReleaseWriter` (issues 18 and 30) in each release's own words, copied here from the
module's source history, driven by the engine playing under that release's rules."""

import random

from ktane_congkak.core.evaluate import evaluate
from ktane_congkak.core.logcheck import reply_outcomes
from ktane_congkak.core.releases import RELEASES, release_turn
from ktane_congkak.core.rules import OPPONENT, YOU

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
    # The game names each module it picks by its ID, then (as Unity writes a component) its
    # prefab's name and the game's component type: the Logfile Analyzer reads the ID first
    # and looks for "Needy" in the type.
    out = ["Initialize engine version: 2017.4.22f1 (3583f9e3a8e9)", "[BombGenerator] Generating bomb with seed 12",
           *[f"[BombGenerator] Selected {MODULE_ID} (Congkak (ModBombComponent))"] * 2]
    for i, line in enumerate(lines):
        out += [line, "UnityEngine.Debug:LogFormat(String, Object[])", "BORDGAEMXD:holeHandler(Int32)", "",
                "(Filename: C:\\buildslave\\unity\\build\\Runtime/Export/Debug.bindings.h Line: 43)", ""]
        if i % 3 == 0:  # other modules, one whose name contains the word
            out += ["[Congkak Solver #3] Initial state: 9 9 9 9 9 9 9 0 9 9 9 9 9 9 9 0 ",
                    "[Wires #2] Cut the third wire.", "[Souvenir #9] Congkak #1 was solved."]
    return out




# Each release's words: jam/Assets/BORDGAEMXD.cs of MasQueElite/BORDGAEMZXDDDDJAM at 74f9242,
# 5cf28ab and 8f10eaa (2021), Assets/BORDGAEMXD.cs of KtaneModules/ktane1Congkak-ktane1 (2023).
MODULE_ID = "congkakMQEktane1"  # the module's type, as the game's own lines name it (written out here, not imported)
AFTER = "Total points after playing each hole:"
POINTS_WORDS = {"2021-07-07": (AFTER, None), "2021-07-08": (AFTER, None), "2021-09-18": (AFTER, None),
                "2023-04-24": (AFTER, None), "2023-04-26": (AFTER, AFTER), "2023-05-22": (AFTER, SHORT),
                "2023-07-27": (LONG, SHORT)}
TAGS = {"2021-07-07": "[Congkak {n}] "}  # the first release's tag has no "#"; the others' "[Congkak #{n}] "
# Its list lines were "{tag} {words} {numbers}" with words ending in a blank until 2021-09-18: two blanks.
LIST_GAPS = {"2021-07-07": "  ", "2021-07-08": "  "}
PHRASES = ["What are you doing. Stop.", 'No, you can\'t eat those "seeds"',
           "Please, go solve the rest of the bomb; this module is already solved", "What do you want from me? TwT",
           "If you REALLY are bored, better check THIS out: https://www.youtube.com/watch?v=o-YBDTqX_ZU"]


class ReleaseWriter:
    """Writes what module #`n` of release `date` logs: a board made the module's way under
    that release's turns, each press chosen by `choose(evaluation)` (a hole, or None to stop)
    until a solve, the opponent's replies where the release has them."""

    def __init__(self, date, rules, rng):
        self.date, self.rules, self.rng = date, rules, rng
        self.release = RELEASES[date]
        self.debug = date == "2023-04-24"  # its debug switch was on
        self.gap = LIST_GAPS.get(date, " ")

    def module(self, n, choose, board=None, phrases=0):
        tag = TAGS.get(self.date, "[Congkak #{n}] ").format(n=n)
        lines = []
        if board is None:
            board = self.generate(lines, tag)
        first = True
        while True:
            ev = evaluate(board, self.rules, YOU, self.release)
            lines.append(tag + "Initial state:" + self.gap + "".join(f"{s} " for s in board))
            if self.debug:
                for hole in range(1, 8):
                    if board[hole - 1]:
                        lines += self.debug_turn(tag, board, YOU, hole - 1, f"----------------- PLAYING HOLE {hole}:")
                        lines += [tag + f"Total number of seeds: {sum(board)} for hole: {hole}",
                                  tag + f"Points gained if the player played this hole: {ev.points[hole - 1]} "
                                        f"with value {board[hole - 1]}"]
            words = POINTS_WORDS[self.date][0 if first else 1]
            top = max(ev.points)
            lines += [tag + words + self.gap + "".join(f"{p} " for p in ev.points),
                      tag + f"The maximum seeds in a hole is: {top}, which is in the hole: {ev.points.index(top) + 1}."]
            while True:
                hole = choose(ev)
                if hole is None:
                    return lines
                verdict = ev.module[hole - 1]
                lines.append(tag + self.press_words(hole, verdict, ev.points[hole - 1]))
                if verdict == "solve":
                    return lines + [self.rng.choice(PHRASES) for _ in range(phrases)]
                if verdict != "empty" and self.release.replies:
                    break
            board = self.reply(release_turn(board, self.rules, YOU, hole - 1, self.release).after)
            first = False

    def press_words(self, hole, verdict, points):
        if not self.release.minimum_strike:
            return ("You selected the correct hole. Module solved." if verdict == "solve"
                    else "You selected the wrong hole. Strike.")
        return {"solve": f"You selected the correct hole (Hole #{hole}), which returns the maximum of {points} seeds. Module solved.",
                "strike": f"You selected the wrong hole (Hole #{hole}), which returns the minimum of {points} seeds. Strike, and game continues.",
                "continue": f"You selected the wrong hole (Hole #{hole}), which returns {points} seeds. Game continues.",
                "empty": f"You selected an empty hole (Hole #{hole}). Strike."}[verdict]

    def reply(self, board):
        starts = [s for s in self.rules.holes(OPPONENT) if board[s]]
        return release_turn(board, self.rules, OPPONENT, self.rng.choice(starts), self.release).after if starts else board

    def generate(self, lines, tag):
        """The module's generator under the release's turns (its debug lines logged too)."""
        while True:
            board = list(self.rules.fresh_board())
            turns = self.rng.randint(8, 15)
            player = OPPONENT if turns % 2 else YOU
            drawn = []
            for _ in range(turns + 1):
                starts = [s for s in self.rules.holes(player) if board[s]]
                if not starts:
                    break
                start = self.rng.choice(starts)
                drawn += self.debug_turn(tag, board, player, start)
                board = list(release_turn(board, self.rules, player, start, self.release).after)
                player = 1 - player
            else:
                lines += drawn
                return board

    def debug_turn(self, tag, board, player, start, head=None):
        """The first release's debug lines of one turn: each lap's end and the board, a capture."""
        if not self.debug:
            return []
        turn = release_turn(board, self.rules, player, start, self.release)
        out = [tag + head] if head else []
        position, last = list(board), None

        def lap():
            out.extend([tag + f"Ended in hole: {last + 1}", tag + " " + "".join(f"{s} " for s in position)])

        for step in turn.steps(self.rules):
            if step[0] == "pickup":
                if last is not None:
                    lap()
                position[step[1]] = 0
            elif step[0] == "drop":
                position[step[1]], last = step[2], step[1]
            elif step[0] == "capture":
                lap()
                last, position = None, list(turn.after)
                out.extend([tag + f"Capturing hole {step[2] + 1}", tag + " " + "".join(f"{s} " for s in position)])
            elif last is not None:
                lap()
        return out


def random_presses(rng, wrong_first=3):
    """A player who presses up to `wrong_first` random holes that do not solve, then one that does."""
    left = [rng.randint(0, wrong_first)]

    def choose(ev):
        wrong = [h for h in range(1, 8) if ev.module[h - 1] != "solve" and (ev.seeds[h - 1] or rng.random() < 0.2)]
        if left[0] and wrong:
            left[0] -= 1
            return rng.choice(wrong)
        return rng.choice(ev.answer)
    return choose


def release_bomb(date, rules, seed, modules=(1, 2, 3), phrases=1):
    """A bomb of release `date`: its modules one after another, each solved after some
    wrong presses and then pressed `phrases` more times."""
    rng = random.Random(seed)
    writer = ReleaseWriter(date, rules, rng)
    logs = [writer.module(n, random_presses(rng), phrases=phrases) for n in modules]
    return [line for log in logs for line in log]
