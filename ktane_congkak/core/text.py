"""Text for a person, fitted to the terminal: its width, lines wrapped, tables that fit or stack.

The one home of the output's width: the terminal's when standard output is one (COLUMNS
first, as shells set it), else DEFAULT_WIDTH. Every command, the practice and game
terminals and the drill print through `fit` (JSON and the module's log lines excepted).

The windows' monospaced texts wrap here too, to a count of columns: `hanging` (the
practice panel, the drill's verdict), and `wrap_at_separators` for a line that may hold a
file's path (the practice end screen). How they differ from `fit` on purpose: a window
cannot hang a wrapped line itself, so these give every row, and a row may never be wider
than its columns (a long word is cut, where `fit` leaves it whole for a terminal to wrap).
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Collection, Iterable, Sequence

DEFAULT_WIDTH = 80  # columns when standard output is no terminal (a pipe, a file)
MIN_WIDTH = 40  # a terminal narrower than this is written for as if it were this wide
_MARKER = re.compile(r"\s*(?:\d+\.|-|\*|!!)\s+")  # a numbered, bulleted or loud ("!!") line: it hangs under its text
# Spaces a line is not broken at: around a number ("hole 3", "8 points") and within a short
# bracket ("(now 1)", "(+2)") or before one, so a count stays beside what it counts.
_KEPT_SPACE = re.compile(r"(?<=\w) (?=\d)|(?<=\d) (?=[a-z(])|(?<=\()[^()]{0,12}(?=\))")
_HELD = "\u00a0"  # a no-break space stands in for a kept space while the line is wrapped


def output_width() -> int:
    """The columns a line may take: COLUMNS, else the terminal's, else DEFAULT_WIDTH (as
    shutil.get_terminal_size, which `solve` does not load: it costs 3 ms)."""
    import os
    import sys

    try:
        columns = int(os.environ["COLUMNS"])
        if columns <= 0:  # "0" or "-5": not a width
            raise ValueError
    except (KeyError, ValueError):
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]  # None: caught
        except (AttributeError, ValueError, OSError):  # no terminal: a pipe, a file, none at all
            columns = DEFAULT_WIDTH
    return max(MIN_WIDTH, columns or DEFAULT_WIDTH)


def fit(lines: Iterable[str], width: int | None = None, verbatim: Collection[str] = frozenset(), hang: int = 2) -> list[str]:
    """`lines` within `width` columns (the output's by default): a longer line wrapped at its
    spaces, carried on under its text (after its indent and any list marker, "12." or "-")
    or, with nothing to hang under, its indent and `hang` more; a word wider than that (a
    file's path) is never cut, and the lines in `verbatim` (the module's log, in its own
    words for analysers) never wrapped."""
    width = width or output_width()
    fitted = []
    for line in lines:
        if len(line) <= width or line in verbatim:
            fitted.append(line)
            continue
        held = _KEPT_SPACE.sub(lambda m: m[0].replace(" ", _HELD), line.replace(_HELD, " "))
        wrapped = _wrap(held, width, _hang(line, width, hang))
        if any(len(part) > width and _HELD in part for part in wrapped):  # a run of counts ("a=10 b=11 ...")
            wrapped = _wrap(line.replace(_HELD, " "), width, _hang(line, width, hang))  # kept whole overflows
        fitted += [part.replace(_HELD, " ") for part in wrapped]
    return fitted


def _wrap(line: str, width: int, indent: str) -> list[str]:
    return textwrap.wrap(line, width, subsequent_indent=indent, break_long_words=False,
                         break_on_hyphens=False) or [line]


def _hang(line: str, width: int, hang: int) -> str:
    """The indent a wrapped line's later lines take: under its text after a list marker,
    else its own indent and `hang` more (never more than half the width)."""
    marker = _MARKER.match(line)
    indent = len(marker[0]) if marker else len(line) - len(line.lstrip()) + hang
    return " " * min(indent, width // 2)


def table(header: tuple[str, ...], rows: Iterable[Sequence[str]], width: int | None = None, right: int = 0) -> list[str]:
    """Rows under a header, in columns (the first `right` ones aligned right, the rest
    left), two spaces apart, the last column wrapped under its start. Where even that
    leaves the last column under a third of the width, each row is stacked instead: its
    first cell, then "header: cell" for the others, indented."""
    width = width or output_width()
    rows = [tuple(str(cell) for cell in row) for row in rows]
    cells = [header, *rows]
    sizes = [max(len(row[i]) for row in cells) for i in range(len(header) - 1)]
    start = sum(sizes) + 2 * len(sizes)
    if width - start < width // 3 and start + max(len(row[-1]) for row in cells) > width:
        return _stacked(header, rows, width)
    lines = []
    for row in cells:
        lead = "  ".join(cell.rjust(size) if i < right else cell.ljust(size)
                         for i, (cell, size) in enumerate(zip(row, sizes)))
        last = textwrap.wrap(row[-1], max(width - start, 1), break_long_words=False, break_on_hyphens=False) or [""]
        lines.append(f"{lead}  {last[0]}".rstrip())
        lines += [" " * start + more for more in last[1:]]
    return lines


def _stacked(header, rows, width: int) -> list[str]:
    lines = []
    for row in rows:
        lines += fit([row[0]], width)
        lines += fit([f"  {name}: {cell}" for name, cell in zip(header[1:], row[1:])], width)
    return lines


def hanging(lines: Iterable[str], columns: int, hang: str = "  ", under_indent: bool = False) -> list[str]:
    """`lines` as rows of at most `columns` characters, broken at spaces (never at a hyphen),
    a long line's later rows indented by `hang` (after the line's own indent when
    `under_indent`, so a trace's structure stays readable); a word wider than a row is cut,
    an empty line stays one."""
    rows = []
    for line in lines:
        indent = (" " * (len(line) - len(line.lstrip(" "))) if under_indent else "") + hang
        rows += textwrap.wrap(line, columns, subsequent_indent=indent, break_on_hyphens=False) or [""]
    return rows


def wrap_at_separators(text: str, columns: int, hang: str = "  ") -> list[str]:
    """`text` in rows of at most `columns` characters, broken after a space or a path's
    separator too (a saved log's long path), each row after the first indented by `hang`; a
    part longer than a row is cut where the row ends."""
    lines, line = [], ""
    for part in re.split(r"(?<=[ /\\])", text):
        if line.strip() and len(line) + len(part) > columns:
            lines.append(line.rstrip())
            line = hang
        line += part
        while len(line) > columns:
            lines.append(line[:columns])
            line = hang + line[columns:]
    return lines + [line.rstrip()]


# --- a guide (Markdown) as plain text --------------------------------------------------------
_IMAGE = re.compile(r"!\[([^\]]*)\]\(([^)\s]+)\)")
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
_EMPHASIS = re.compile(r"\*\*([^*]+)\*\*|`([^`]+)`|(?<![\w*])\*([^*\s][^*]*)\*(?![\w*])")
_HEADING = re.compile(r"(#{1,6})\s+(.*)")
_CODE = re.compile(r"`[^`]+`|[^`]+")  # a line in code spans and the text between them
_ITEM = re.compile(r"(\s*)(?:[-*]|\d+\.)\s")


def plain_inline(text: str, picture: Callable[[str], str] = lambda path: path) -> str:
    """A line of Markdown without its syntax: a picture named by its caption and where it is
    (`picture` turns its relative path into that), a link by its words, code and bold as
    their text."""
    text = _IMAGE.sub(lambda m: f"[Picture: {m[1]}: {picture(m[2])}]", text)
    text = _LINK.sub(lambda m: _link(m[1], m[2], picture), text)
    return _EMPHASIS.sub(lambda m: m[1] or m[2] or m[3], text)


def _link(words: str, target: str, picture) -> str:
    """A link as plain words: another guide by the command that prints it, a file by where it is."""
    if target.startswith("#"):
        return words
    if target.startswith(("http:", "https:")):
        return f"{words} ({target})"
    path = target.partition("#")[0]  # a section of a file: the file
    if path.endswith(".md") and "/" not in path:  # a guide beside this one
        command = f"ktane-congkak manual {path[:-3].lower()}"
        return command if words.endswith(".md") else f"{words} ({command})"
    return f"{words} ({picture(path)})"


def plain_markdown(text: str, width: int | None = None, picture: Callable[[str], str] = lambda path: path) -> list[str]:
    """A guide written in Markdown as plain text within `width` columns: headings underlined,
    paragraphs and list items joined and wrapped, tables drawn to fit (or stacked), code
    blocks as they are, indented."""
    width = width or output_width()
    lines: list[str] = []
    block: list[str] = []
    fence = False

    def flush() -> None:
        if block:
            lines.extend(_plain_block(block, width, picture))
            block.clear()

    for raw in text.splitlines():
        if raw.startswith("```"):
            flush()
            fence = not fence
            continue
        if fence or raw.startswith("    ") and not block:
            lines.append("    " + raw if fence else raw)
            continue
        if not raw.strip():
            flush()
            if lines and lines[-1]:
                lines.append("")
            continue
        heading = _HEADING.fullmatch(raw)
        if heading:
            flush()
            if len(heading[1]) <= 2:
                title = plain_inline(heading[2], picture)
                lines += [title, ("=" if len(heading[1]) == 1 else "-") * min(len(title), width)]
            else:  # in capitals, but for code: `--html` is typed so, never --HTML
                lines.append(plain_inline(_CODE.sub(lambda m: m[0] if m[0].startswith("`") else m[0].upper(),
                                                    heading[2]), picture))
            continue
        if _ITEM.match(raw) and block and not block[0].startswith("|"):
            flush()
        block.append(raw)
    flush()
    return lines


def _plain_block(block: list[str], width: int, picture) -> list[str]:
    """A paragraph, a list (items joined with their carried-on lines) or a table."""
    if block[0].startswith("|"):
        rows = [[plain_inline(cell.strip(), picture) for cell in line.strip().strip("|").split("|")]
                for line in block if not set(line.replace("|", "").strip()) <= set("-: ")]
        return table(tuple(rows[0]), rows[1:], width)
    items: list[str] = []
    for line in block:
        if _ITEM.match(line) or not items:
            items.append(line.rstrip())
        else:
            items[-1] += " " + line.strip()
    return fit([plain_inline(item, picture) for item in items], width, hang=0)


__all__ = ["DEFAULT_WIDTH", "MIN_WIDTH", "fit", "hanging", "output_width", "plain_inline", "plain_markdown", "table",
           "wrap_at_separators"]
