"""Practice: the command language, the session, animation, history, terminal and window.

For the defuser: the module to practise on, as it looks and behaves on the bomb. One
language of commands (`commands.py`) is carried out by `PracticeSession` (`session.py`,
with `pointer.py`), which the terminal (`terminal.py`) and the window (`window.py` and its
`window_*.py`, `bomb.py`, `seeds.py`, `sound.py`) draw; `history.py` and `session_logs.py`
keep what was practised. The expert's drill is a room of its own (drill/).
"""
