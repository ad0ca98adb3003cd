"""The rules in plain words: `ktane-congkak rules`, `game --text`'s rules command, made from
each ruleset's own fields."""

from __future__ import annotations

from conftest import run

from ktane_congkak.core.rules import builtin_names, load_ruleset
from ktane_congkak.games.rules_text import rules_lines

# What each built-in game's rules must say (and must not), from its seed document.
SAYS = {
    "congkak": (["Relay sowing", "Extra turns", "store on your left", "South moves first", "The bigger store wins",
                 "just the one seed when that hole is empty"], ["burnt", "Both players start at once"]),
    "malaysia": (["Relay sowing", "passes", "ends when no hole holds a seed", "with nothing opposite, nothing is taken"],
                 ["burnt"]),
    "mancala": (["two rows of 6 holes, 4 seeds in each (48 in all)", "store on your right", "anticlockwise",
                 "already holds seeds, your turn ends", "Extra turns"], ["Relay", "burnt"]),
    "module": (["Relay sowing", "your turn ends (no extra turn)", "store on your right",
                "run along your opponent's row before they reach your store"], ["Extra turns", "burnt"]),
    "traditional": (["Relay sowing", "Extra turns", "Both players start at once", "Rounds and burnt houses",
                     "The loser of a round (fewer seeds) starts the next; after a tie it starts as the first round did",
                     "When a hand's last seed lands in its own store, the other hand waits while that player picks "
                     "another hole", "burnt for the rest of the game", "The round ends"],
                    ["South moves first"]),
}


def test_each_ruleset_s_rules_say_what_its_fields_say(capsys):
    assert sorted(SAYS) == builtin_names()
    for name, (present, absent) in SAYS.items():
        code, out, err = run(capsys, "rules", name)
        assert code == 0 and err == ""
        text = " ".join(line.strip("- ").strip() for line in out.splitlines())
        assert out.startswith(f"{load_ruleset(name).title} ({name})\n")
        for words in present:
            assert words in text, (name, words)
        for words in absent:
            assert words not in text, (name, words)
        assert max(map(len, out.splitlines()[1:])) <= 88


def test_rules_without_a_name_explain_every_game_and_list_names_them(capsys):
    code, out, _ = run(capsys, "rules")
    titles = [line for line in out.splitlines() if line and not line.startswith(("-", " "))]
    assert code == 0 and titles == [f"{load_ruleset(n).title} ({n})" for n in builtin_names()]
    code, out, _ = run(capsys, "rules", "--list")
    assert code == 0 and [line.split()[0] for line in out.splitlines()] == builtin_names()


def test_a_ruleset_file_of_your_own_is_explained_from_its_fields(capsys, tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("format: 1\nname: mine\ntitle: My game\nholes_per_side: 5\nseeds_per_hole: 3\n"
                    "sowing: {own_store: after_own_row, direction: anticlockwise}\n"
                    "last_seed: {own_store: extra_turn, occupied_hole: end_turn, own_empty_hole: none}\n"
                    "game: {ends_when: all_holes_empty}\n")
    code, out, _ = run(capsys, "rules", str(path))
    text = " ".join(line.strip("- ").strip() for line in out.splitlines())
    assert code == 0 and "two rows of 5 holes, 3 seeds in each (30 in all)" in text
    assert "an empty hole of yours, your turn ends" in text and "Captures" not in text and "passes" in text


def test_a_bad_ruleset_name_is_one_line_and_exit_2(capsys):
    code, out, err = run(capsys, "rules", "nosuch")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "no ruleset 'nosuch'" in err
    code, _, err = run(capsys, "rules", "congkak", "--list")
    assert code == 2 and "give no NAME" in err


def test_the_terminal_game_has_a_rules_command_and_a_mistyped_one_gets_did_you_mean(capsys, monkeypatch):
    code, out, _ = run(capsys, "game", "--rules", "mancala", "--text", "--opponent", "greedy",
                       stdin="rules\nhelp\nrule\nhnit\ndance\nquit\n", monkeypatch=monkeypatch)
    assert code == 0
    assert "> Standard Mancala (mancala)\n- The board: two rows of 6 holes" in out
    assert "rules: the rules of this game" in out
    assert 'invalid command "rule": did you mean "rules"?' in out
    assert 'invalid command "hnit": did you mean "hint"?' in out
    assert 'invalid command "dance": try a hole number, "undo", "hint" or "help"' in out


def test_every_rule_value_has_its_words():
    from ktane_congkak.core.rules import CHOICES
    from ktane_congkak.games.rules_text import SENTENCES

    for field, values in CHOICES.items():
        if field != ("sowing", "direction"):  # said by its value's own word (clockwise) in the sowing sentence
            assert set(SENTENCES[field]) == set(values), field
    assert all(len(rules_lines(load_ruleset(n))) <= 11 for n in builtin_names())  # a few sentences, not a manual


def test_a_waiting_hand_is_said_only_where_a_store_gives_another_turn():
    from ktane_congkak.core.rules import ruleset_from_dict

    def text(own_store):
        return " ".join(rules_lines(ruleset_from_dict({
            "name": "both", "holes_per_side": 3, "seeds_per_hole": 3, "sowing": {"own_store": "after_own_row"},
            "last_seed": {"own_store": own_store}, "game": {"first_move": "simultaneous"}})))

    assert "the other hand waits" in text("extra_turn") and "the other hand waits" not in text("end_turn")

