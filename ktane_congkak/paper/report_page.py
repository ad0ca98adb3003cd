"""The log report's page: one self-contained HTML file, its look, its two themes, its text.

`page(title, body)` wraps the report's body (paper/log_report.py) in everything it needs
and nothing it must fetch: the style, the typewriter face as data, and a few lines of
script for the theme switch. The theme follows the reader's system (prefers-color-scheme)
until the switch picks one; printing is always the light theme, on whatever paper the
printer has (Letter or A4: the page sets margins, never a size). `text(value)` is the only
way text enters the page.
"""

from __future__ import annotations

import re
from html import escape

from ..errors import printable
from . import PAPER_COLOUR, fonts

# Each theme's colours, by CSS variable: light on screen and on paper, dark on screen only.
THEMES = {
    "light": {"paper": PAPER_COLOUR, "ink": "#111", "soft": "#555", "rule": "#999", "right": "#1b6e2a",
              "wrong": "#a3261b", "problem": "#b3261e", "problem-back": "#fbe1de", "note": "#8a6100",
              "note-back": "#fff1c7", "best": "#d9efd6", "face-filter": "none", "chart-filter": "none",
              "scheme": "light"},
    "dark": {"paper": "#1f2022", "ink": "#e4e4e4", "soft": "#a8a8a8", "rule": "#666", "right": "#7bd88f",
             "wrong": "#ff8a80", "problem": "#ff6b5b", "problem-back": "#4a1f1c", "note": "#e0b43c",
             "note-back": "#3d3418", "best": "#1f4228", "face-filter": "invert(1) hue-rotate(180deg)",
             "chart-filter": "invert(0.86) hue-rotate(180deg)", "scheme": "dark"},
}
SWITCH_ID = "theme"

_STYLE = """
$faces
:root { $light }
@media screen and (prefers-color-scheme: dark) { :root:not([data-theme=light]) { $dark } }
@media screen { :root[data-theme=dark] { $dark } }
:root { color-scheme: var(--scheme); }
* { box-sizing: border-box; }
body { margin: 0; background: var(--paper); color: var(--ink); font: 10.5pt/1.35 $family;
       print-color-adjust: exact; -webkit-print-color-adjust: exact; }
main { max-width: 7.25in; margin: 0 auto; padding: 0.3in 0.2in; position: relative; }
header { position: relative; }
h1 { font-size: 18pt; margin: 0 0 0.05in; padding-right: 1.4in; }
h2 { font-size: 14pt; margin: 0.25in 0 0.05in; border-bottom: 2px solid var(--ink); }
h3 { font-size: 12pt; margin: 0.2in 0 0.03in; border-bottom: 1px solid var(--rule); }
h4 { font-size: 10.5pt; margin: 0.12in 0 0.04in; }
h2, h3, h4 { break-after: avoid; page-break-after: avoid; }
p { margin: 0.04in 0; }
code { font: inherit; }
a { color: inherit; }
.where, .source, .counts, caption { color: var(--soft); }
.where { font-weight: normal; font-size: 9pt; }
button.theme { position: absolute; top: 0.3in; right: 0.2in; font: inherit; font-size: 9pt; color: var(--ink);
               background: var(--paper); border: 1px solid var(--rule); border-radius: 4px; padding: 2px 8px;
               cursor: pointer; }
.mark { display: inline-block; font-size: 8.5pt; font-weight: bold; padding: 0 5px; border-radius: 3px;
        border: 1px solid currentColor; vertical-align: 1px; }
.mark.right { color: var(--right); }
.mark.wrong { color: var(--wrong); }
.mark.problem { color: var(--problem); background: var(--problem-back); }
.agree { color: var(--right); font-weight: bold; }
p.problem, div.problem, p.note { padding: 2px 8px; margin: 0.05in 0; border-left: 4px solid; }
p.problem, div.problem { background: var(--problem-back); border-color: var(--problem); font-weight: bold; }
p.note { background: var(--note-back); border-color: var(--note); }
div.problem ul { margin: 0.03in 0; padding-left: 0.25in; font-weight: normal; }
div.problem p { margin: 0; }
ul.contents { columns: 2; padding-left: 0.2in; font-size: 9.5pt; }
.summary { border: 1px dashed var(--rule); padding: 2px 8px; margin: 0.08in 0; }
.board { break-inside: avoid; page-break-inside: avoid; margin-bottom: 0.12in; }
.beside { display: flex; gap: 0.12in; align-items: flex-start; }
figure.face { margin: 0; flex: none; }
figure.face svg { display: block; width: 2.9in; max-width: 100%; height: auto; filter: var(--face-filter); }  /* its smallest label 9.5 px */
.judged { flex: 1; min-width: 0; }
table.points { border-collapse: collapse; width: 100%; font-size: 8.5pt; }
table.points caption { text-align: left; font-size: 8.5pt; }
table.points th, table.points td { border: 1px solid var(--rule); padding: 1px 2px; text-align: center; }
table.points th { text-align: left; font-weight: normal; color: var(--soft); }
td.best { background: var(--best); font-weight: bold; }
td.pressed { outline: 2px solid var(--ink); outline-offset: -2px; }
td.parts { background: var(--note-back); }
td.differs { background: var(--problem-back); color: var(--problem); font-weight: bold; }
.answer { font-size: 9.5pt; }
ol.presses { list-style: none; padding: 0; margin: 0.05in 0 0; }
li.press { border-left: 4px solid var(--rule); padding: 1px 0 1px 8px; margin: 0.06in 0; }
li.press.disagrees { border-color: var(--problem); }
.press-head { margin: 0; font-weight: bold; }
li.press dl { display: grid; grid-template-columns: 7ch 1fr; gap: 0 0.1in; margin: 0.02in 0; }
li.press dt { color: var(--soft); }
li.press dd { margin: 0; }
dt.parts, dd.parts { background: var(--note-back); }
@media screen and (max-width: 640px) {  /* a phone: the face over its table, each as wide as the page */
  main { padding: 0.15in 0.1in; }
  h1 { padding-right: 0; margin-top: 0.3in; }
  button.theme { top: 0.1in; right: 0.1in; }
  .beside { flex-direction: column; }
  figure.face { align-self: center; }
  ul.contents { columns: 1; }
  li.press dl { grid-template-columns: 1fr; }
}
@page { margin: 0.5in; }
@media print {
  body { background: #fff; }
  main { max-width: none; padding: 0; }
  button.theme { display: none; }
  a { text-decoration: none; }
  body { font-size: 9pt; }
  figure.face svg { width: 2.2in; }  /* two boards and more to a page */
  .module > h3, .module > p.counts { break-after: avoid; page-break-after: avoid; }  /* with its first board */
  /* the report's last board is never alone on its page: it keeps with the board before it */
  .game:last-of-type .module:last-of-type > .board:last-of-type:not(:first-of-type),
  .game:last-of-type .module:last-of-type:not(:first-of-type):has(> .board:only-of-type) { break-before: avoid; }
}
"""

_SCRIPT = """
(function () {
  var root = document.documentElement, button = document.getElementById("$switch");
  var system = window.matchMedia("(prefers-color-scheme: dark)");
  function dark() { return root.dataset.theme ? root.dataset.theme === "dark" : system.matches; }
  function label() { button.textContent = dark() ? "Light theme" : "Dark theme"; }
  button.addEventListener("click", function () { root.dataset.theme = dark() ? "light" : "dark"; label(); });
  system.addEventListener("change", label);
  label();
})();
"""

_SURROGATE = re.compile("[\ud800-\udfff]")  # a file name that is not UTF-8 holds them: no page can


def text(value: object) -> str:
    """`value` as page text: each control character shown as its escape, as the terminal
    shows it (errors.printable: "\\x1b"), a lone surrogate as U+FFFD, then HTML-escaped."""
    return escape(_SURROGATE.sub("\ufffd", printable(str(value))))


def style() -> str:
    from string import Template

    def variables(theme: str) -> str:
        return " ".join(f"--{name}: {value};" for name, value in THEMES[theme].items())

    return Template(_STYLE).substitute(faces=fonts.css_font_faces(names=(fonts.REGULAR, fonts.BOLD), embed=True),
                                       light=variables("light"), dark=variables("dark"),
                                       family=f'"{fonts.FAMILY}", {fonts.CSS_FALLBACK}').strip()


def page(title: str, body: str, extra_style: str = "") -> str:
    """The whole document: `body` (HTML) under a header line holding the theme switch;
    `extra_style`: CSS of another page made in this look (the game review's)."""
    from string import Template

    script = Template(_SCRIPT).substitute(switch=SWITCH_ID).strip()
    return ('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            '<meta name="color-scheme" content="light dark">\n'
            f"<title>{text(title)}</title>\n<style>\n{style()}\n{extra_style.strip()}\n</style>\n</head>\n<body>\n<main>\n"
            f'<button id="{SWITCH_ID}" class="theme" type="button">Dark theme</button>\n'
            f"{body}\n</main>\n<script>\n{script}\n</script>\n</body>\n</html>\n")


__all__ = ["page", "text", "style", "THEMES"]
