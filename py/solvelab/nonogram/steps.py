"""Step records: the solver's work as a list a step-mode player can replay.

Each :class:`Step` says what kind of work was done and which cells it set
(cell index = ``row * width + column``, value = bit mask of the colours still
possible; a single bit is a known cell). Replaying the ``changes`` of every
step from an all-unknown grid, and going back to the grid saved at the guess
of the same ``depth`` on a ``backtrack``, gives the grid after any step.

Kinds:

- ``line``: the line solver on line ``line`` (rows first, then columns) set ``changes``;
- ``probe``: trying cell ``cell`` with each colour showed ``changes`` (all
  branches agree, or all but one fail);
- ``guess``: search sets ``cell`` to colour ``value`` at ``depth`` (and what
  follows from it, in ``changes``);
- ``backtrack``: the branch at ``depth`` failed; return to the grid before its guess;
- ``solution``: the grid is solved (``depth`` tells which branch).
"""

from __future__ import annotations

from typing import NamedTuple


class Step(NamedTuple):
    """One piece of the solver's work (see the module docstring)."""

    kind: str
    line: int = -1
    cell: int = -1
    value: int = -1
    changes: tuple[tuple[int, int], ...] = ()
    depth: int = 0

    def to_json(self) -> list:
        """A compact list: ``[kind, line, cell, value, [[cell, mask], ...], depth]``."""
        return [
            self.kind,
            self.line,
            self.cell,
            self.value,
            [list(c) for c in self.changes],
            self.depth,
        ]


def diff(before: list[int], after: list[int]) -> tuple[tuple[int, int], ...]:
    """The cells whose masks differ, with their new masks."""
    return tuple((i, b) for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b)
