"""The expert's drill: boards read out as the defuser reads them, the hole to press typed, graded and timed.

For the expert (who holds the manual, not the module), beside the defuser's practice/:
`session.py` chooses boards by kind, grades and times each answer and keeps the drill's
history; `terminal.py` and `window.py` (pyglet) are its two front ends, and `chart.py`
its progress chart over sessions (SVG). `ktane-congkak drill` starts it, and so does
`practice --mode drill`, where the command line hands over. It keeps its history with
practice's history file machinery (practice/history.py) and reads a typed hole as the
module's commands do (practice/commands.py); practice never imports it.
"""
