"""The exact line solver: what one line's clue and known cells force, in polynomial time.

Cells are bit masks of the colours still possible (bit 0 = background, bit
``c`` = colour ``c``). The solver never lists placements (a line of 40 cells
with 8 runs has millions); it uses dynamic programming instead:

- ``fwd[j][i]``: the first ``j`` runs fit in the first ``i`` cells;
- ``bwd[j][i]``: runs ``j`` and after fit in the cells from ``i`` on.

A cell can be background if some ``j`` has ``fwd[j][i]`` and ``bwd[j][i+1]``;
run ``j`` can start at ``s`` if its cells allow its colour, and what lies left
and right of it (with a background gap when the neighbour run has the same
colour) fits. The union over all such placements is exactly what the line
allows: O(cells × runs) steps.

The same tables come in three forms, each checked against the others in the tests:

- on lists, as above (:meth:`LineSolver._solve_dp`): clues of colours past 7,
  whose masks do not fit a byte, and the reference;
- on bit sets, a row one integer (:func:`_settle_colour`): every clue of colours
  0 to 7, the line as bytes of masks;
- the same written out for one colour (:meth:`LineSolver.changes_plain`):
  propagation's hot path in one-colour puzzles.

Lines with nothing known, solved lines and one-colour clues of one run take
shortcuts with no tables.

>>> solver = LineSolver([(2, 1), (3, 1)])
>>> "".join(" .#?"[v] for v in solver.solve([3] * 7))
'?#??##?'
>>> "".join(" .#?"[v] for v in solver.solve([1] + [3] * 6))
'.##.###'
>>> solver.solve([2, 1, 2, 3, 3, 3, 3]) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, reduce
from itertools import groupby
from operator import eq, or_
from typing import NamedTuple


class LineSolver:
    """The solver for one clue, given as (length, colour index) pairs."""

    __slots__ = (
        "lengths",
        "colours",
        "k",
        "one_colour",
        "palette",
        "fits_plan",
        "slots",
        "allowed",
        "outside",
        "packed_length",
        "plain",
        "colour_plan",
        "in_bytes",
        # Made on first use (see __getattr__): the paths that need them are rarer.
        "known",
        "lefts",
        "bits",
        "same_prev",
        "rev_runs",
    )

    def __init__(self, blocks: Sequence[tuple[int, int]]):
        # Only what propagation's paths need is made here: a puzzle makes one line
        # solver a clue, and this set-up is part of its solving time.
        self.k = k = len(blocks)
        lengths, colours = zip(*blocks, strict=True) if k else ((), ())
        self.lengths = lengths = list(lengths)
        self.colours = colours = list(colours)
        if k and (min(lengths) < 1 or min(colours) < 1):
            raise ValueError(f"blocks need a length and a colour of 1 or more: {list(blocks)}")
        self.one_colour = one_colour = colours.count(1) == k
        # Cells are bytes of masks on the paths below, so colours 0 to 7; a clue with a
        # colour past them is solved by the dynamic programme on lists (_solve_dp).
        self.in_bytes = max(colours, default=0) < 8
        if one_colour:
            # The common case, kept short: webpbn 529 makes 89 of these in its solve.
            self.palette = [1] if k else []
            self.allowed = 3 if k else 1
            self.outside = _OUTSIDE_ONE if k else _OUTSIDE_NONE
            # The length of the clue with its runs packed to the left.
            self.packed_length = sum(lengths) + k - 1 if k else 0
            order = sorted(set(lengths))
            steps: list[tuple[int, int]] = []
            have = _ladder(order, 0, 0, steps)
            self.fits_plan = steps
            self.slots = slots = list(map(have.__getitem__, lengths))
            self.plain = _plain_plan(lengths, slots, order) if k > 1 else None
            return
        gaps = list(map(eq, colours[1:], colours))  # a background cell before run j + 1
        self.packed_length = sum(lengths) + sum(gaps)
        if not self.in_bytes:
            self.palette = sorted(set(colours))
            self.allowed = reduce(or_, (1 << c for c in colours), 1)
            self.outside = self.fits_plan = self.slots = self.plain = self.colour_plan = None
            return
        palette = _palette(tuple(sorted(set(colours))))
        self.palette, self.allowed, self.outside = palette.colours, palette.allowed, palette.outside
        self.fits_plan, self.slots, self.colour_plan = _colour_plans(blocks, lengths, gaps, palette)
        self.plain = None

    def __getattr__(self, name: str):
        """The attributes that only rarer paths read, made on first use (a group at once)."""
        make = _LAZY.get(name)
        if make is None:
            raise AttributeError(name)
        make(self)
        return object.__getattribute__(self, name)

    def _make_lefts(self) -> None:
        """``known`` and ``lefts``: for solved lines (see _fits_known) and empty ones."""
        lengths, colours = self.lengths, self.colours
        self.known = [(1 << c, length) for length, c in zip(lengths, colours, strict=True)]
        # Each run's start with the runs before it packed to the left, its length and
        # its index in the palette (see _narrow_empty).
        index = _palette(tuple(self.palette)).index
        self.lefts = lefts = []
        start = 0
        previous = None
        for length, c in zip(lengths, colours, strict=True):
            start += c == previous
            lefts.append((start, length, index[c]))
            start += length
            previous = c

    def _make_dp(self) -> None:
        """``bits`` and ``same_prev``: for the dynamic programme (any colours)."""
        colours = self.colours
        self.bits = [1 << c for c in colours]
        # same_prev[j]: run j has the colour of run j-1, so a background gap must separate them
        self.same_prev = [j > 0 and colours[j] == colours[j - 1] for j in range(self.k)]

    def _make_colour_plan(self) -> None:
        """``colour_plan`` for a one-colour clue (see :func:`_colour_plans`): its lines
        are solved by :meth:`changes_plain` unless they allow other colours too (in a
        puzzle of several colours) or the caller wants the new cells (:meth:`settle`),
        and :meth:`fits_bits` reads the reversed clue from it."""
        self.colour_plan = None
        if self.k:
            blocks = [(length, 1) for length in self.lengths]
            gaps = [True] * (self.k - 1)
            self.colour_plan = _colour_plans(blocks, self.lengths, gaps, _palette((1,)))[2]

    def _make_rev_runs(self) -> None:
        """``rev_runs``, for :meth:`fits_bits`: the clue read backwards as ``(length, fits
        slot, gap before)``, as the colour plan has it."""
        plan = self.colour_plan
        # No plan: no runs, or colours past a byte (whose lines fits_bits never sees).
        self.rev_runs = plan[1] if plan is not None else []

    def solve(self, cells: Sequence[int]) -> list[int] | None:
        """The cells narrowed to what every placement agreeing with them allows, or
        ``None`` if no placement agrees with them."""
        if self.in_bytes and cells and max(cells) < 256:
            line = bytes(cells)
            settled = self.settle(line)
            if settled is None:
                return None
            return list(settled[1] if settled else line)
        return self._solve_dp(cells)

    def _solve_dp(self, cells: Sequence[int]) -> list[int] | None:
        tables = self._tables(cells)
        if tables is None:
            return None
        fwd, bwd, can_bg, pref = tables
        n = len(cells)
        k = self.k
        lengths, bits, same_prev = self.lengths, self.bits, self.same_prev
        out = [0] * n
        for i in range(n):
            if can_bg[i]:
                for j in range(k + 1):
                    if fwd[j][i] and bwd[j][i + 1]:
                        out[i] = 1
                        break
        for j in range(k):
            length = lengths[j]
            bit = bits[j]
            p = pref[bit]
            left_gap = same_prev[j]
            right_gap = j + 1 < k and same_prev[j + 1]
            f = fwd[j]
            b = bwd[j + 1]
            reach = 0
            for s in range(n - length + 1):
                e = s + length
                if p[e] != p[s]:
                    continue
                if left_gap:
                    if s < 1 or not can_bg[s - 1] or not f[s - 1]:
                        continue
                elif not f[s]:
                    continue
                if right_gap:
                    if e >= n or not can_bg[e] or not b[e + 1]:
                        continue
                elif not b[e]:
                    continue
                for i in range(s if s > reach else reach, e):
                    out[i] |= bit
                reach = e
        return out

    def fits(self, cells: Sequence[int]) -> bool:
        """Whether some placement of the clue agrees with the cells (one table, the
        forward one: half the work of :meth:`solve`)."""
        if self.in_bytes and cells and max(cells) < 256:
            b = bytes(cells)
            fills = [int(b.translate(_HAS[c]), 2) for c in self.palette]
            return self.fits_bits(int(b.translate(_CAN_BG), 2), fills, len(b))
        can_bg = [c & 1 for c in cells]
        return self._forward(can_bg, self._prefixes(cells))[self.k][len(cells)]

    def fits_bits(self, bg: int, fills: list[int], n: int) -> bool:
        """:meth:`fits` for a line of ``n`` cells given as bit sets, read backwards (bit
        ``n - 1 - i`` is cell ``i``, as ``int(cells.translate(table), 2)`` reads them):
        ``bg`` the cells that may be background, ``fills`` (a list of the caller's
        making, which this extends) those that may have each colour of the palette. The
        explanations of the learning searches change a few bits and ask again, many
        times a line.

        The forward table of the reversed line, its last row only: a row is the
        positions reached, row 0 through background cells from 0, row j + 1 the ends of
        run j placed after row j (after a background cell when run j - 1 has its
        colour) carried on through background cells, where ``((e & bg) + bg) ^ bg``
        sets the bits that a carry from ``e`` runs through, by integer addition."""
        f = fills
        for src, shift in self.fits_plan:
            x = f[src]
            f.append(x & x >> shift)
        row = (((1 & bg) + bg) ^ bg) | 1
        for length, slot, gap in self.rev_runs:
            ends = (((row & bg) << 1 if gap else row) & f[slot]) << length
            if not ends:
                return False
            row = (((ends & bg) + bg) ^ bg) | ends
        return bool(row >> n & 1)

    def changes(self, cells: bytes) -> tuple[tuple[int, int], ...] | None:
        """What the line solver changes in ``cells`` (bytes): ``((index, new mask), ...)``,
        or ``None`` if no placement agrees with them."""
        if 0 in cells:  # a cell with no colour left
            return None
        if self.one_colour and cells and max(cells) <= 3:
            return self.changes_plain(cells)
        if cells:
            if not cells.translate(None, _ONE_BIT):
                return () if self._fits_known(cells) else None
            first = cells[0]
            if first & self.allowed == self.allowed and cells.count(first) == len(cells):
                return self._changes_empty(len(cells), first)
            if not self.k:
                return _all_background(cells)
            return _changes_colour(cells, self.fits_plan, self.outside, self.colour_plan)
        new = self._solve_dp(cells)
        if new is None:
            return None
        return tuple((i, b) for i, (a, b) in enumerate(zip(cells, new, strict=True)) if a != b)

    def _fits_known(self, cells: bytes) -> bool:
        """Whether ``cells``, a solved line (one colour a cell), is one the clue allows:
        its runs, read in C, are the clue. Lines that a crossing line has just
        completed are common in propagation, and this costs far less than the tables."""
        return [(v, len(list(g))) for v, g in groupby(cells) if v != 1] == self.known

    def _narrow_empty(self, n: int) -> tuple[int, list[int]] | None:
        """What the clue allows in a line of ``n`` cells that allow every colour of it,
        with no tables: the cells that may be background and, for each colour of the
        palette, the cells that may have it (``None`` if the clue does not fit).

        Run j may start anywhere from where it is with the runs before it packed to
        the left to where it is with the runs after it packed to the right (the
        others packed around it fit), ``slack`` cells further; a cell may be
        background unless one run covers it wherever it starts.
        """
        slack = n - self.packed_length
        if slack < 0:
            return None
        can = [0] * len(self.palette)
        always = 0
        for left, length, colour in self.lefts:
            can[colour] |= (1 << (left + slack + length)) - (1 << left)
            if slack < length:
                always |= (1 << (left + length)) - (1 << (left + slack))
        return ((1 << n) - 1) & ~always, can

    def _changes_empty(self, n: int, mask: int) -> tuple[tuple[int, int], ...] | None:
        """:meth:`changes` for a line of ``n`` cells that all have ``mask`` (which
        allows every colour of the clue): see :meth:`_narrow_empty`."""
        settled = self._settle_empty(n, mask)
        if not settled:
            return None if settled is None else ()
        return _diff_colour(*settled)

    def _changes_empty_plain(self, n: int) -> tuple[tuple[int, int], ...] | None:
        """:meth:`changes_plain` for a line of ``n`` unknown cells: run j covers,
        wherever it is, its cells past the slack with the runs packed to the left; with
        no slack the line is known, the cells between the runs background."""
        lengths = self.lengths
        if not lengths:
            return tuple([(i, 1) for i in range(n)])
        slack = n - self.packed_length
        if slack < 0:
            return None
        out = []
        left = 0
        for length in lengths:
            if length > slack:
                out.extend([(i, 2) for i in range(left + slack, left + length)])
            left += length
            if not slack and left < n:
                out.append((left, 1))
            left += 1
        return tuple(out)

    def _settle_empty(self, n: int, mask: int) -> tuple[int, bytes] | int | None:
        """:meth:`settle` for a line of ``n`` cells that all have ``mask`` (which
        allows every colour of the clue): see :meth:`_narrow_empty`."""
        narrowed = self._narrow_empty(n)
        if narrowed is None:
            return None
        can_bg, can = narrowed
        full = (1 << n) - 1
        diff = full ^ can_bg | (full if mask != self.allowed else 0)
        for c in can:
            diff |= full ^ c
        if not diff:
            return 0
        cans = [(1 << colour, c) for colour, c in zip(self.palette, can, strict=True)]
        return diff, _cells_of(n, can_bg, cans)

    def changes_plain(self, cells: bytes | bytearray) -> tuple[tuple[int, int], ...] | None:
        """:meth:`changes` for a one-colour clue and a line of masks 1, 2 and 3 only
        (no other colour), as bytes or a bytearray (propagation from the empty grid
        slices the grid's): the propagation's hot path, with no checks.

        :func:`_settle_colour` for one colour written out here, with fewer steps a
        run and the changes listed from the bit sets directly. The backward
        table (see :func:`_settle_colour`) keeps, for each run, not its row but where the
        run before it may end: the background cells after which the runs from it on
        fit, which is what the forward rows are combined with. The runs of one
        length are widened to the cells they cover together, one smear a length,
        not one a run.

        The known cells at either end, up to the background cell nearest the first
        (last) unknown one, hold whole runs: they must be the clue's first (last)
        runs, and only the cells between are solved, for the runs left. A run costs
        a dozen integer operations, the cut a few string ones: in Pyodide, where
        every integer operation allocates, that saves 14–18 % of the time on the
        puzzles solved from the edges in (webpbn 529, 1611); CPython gains little."""
        first = cells.find(3)
        if first < 0:  # solved: its runs must be the clue
            return () if list(map(len, cells.translate(_RUNS).split())) == self.lengths else None
        if 1 not in cells and 2 not in cells:
            return self._changes_empty_plain(len(cells))
        plain = self.plain
        if plain is None:  # one run or none
            return self._changes_few(cells)
        rev, fwd, smears = plain
        n = len(cells)
        head = 0
        if first or cells[-1] != 3:  # a known end: cut the runs it holds
            head = cells.rfind(1, 0, first) + 1
            tail = cells.find(1, cells.rfind(3) + 1)
            if tail < 0:
                tail = n
            if cells.find(2, 0, head) < 0 and cells.find(2, tail) < 0:
                head = 0  # no run there
            else:
                lengths, k = self.lengths, self.k
                before = list(map(len, cells[:head].translate(_RUNS).split()))
                after = list(map(len, cells[tail:].translate(_RUNS).split()))
                m1 = len(before)
                m2 = len(after)
                if m1 + m2 > k or before != lengths[:m1] or after != lengths[k - m2 :]:
                    return None
                cells = cells[head:tail]
                if m1 + m2 == k:  # no run left: the cells between are background
                    if 2 in cells:
                        return None
                    return tuple([(head + i, 1) for i, v in enumerate(cells) if v == 3])
                rev = rev[m2 : k - m1]
                fwd = fwd[m1 : k - m2]
                n = tail - head
        plan = self.fits_plan
        width = n + 1
        t_bg = cells.translate(_CAN_BG)
        t_fill = cells.translate(_CAN_FILL)
        # The line read backwards (the characters' order gives its bit sets).
        bg = int(t_bg, 2)
        f = [int(t_fill, 2)]
        for src, shift in plan:
            x = f[src]
            f.append(x & x >> shift)
        packed = starts = row = (((1 & bg) + bg) ^ bg) | 1  # field 0: no run left
        offset = 0
        for length, slot in rev:
            ends = (starts & f[slot]) << length
            if not ends:
                return None
            row = (((ends & bg) + bg) ^ bg) | ends
            starts = (row & bg) << 1
            offset += width
            packed |= starts << offset
        if not row >> n & 1:
            return None
        # Reversed at once: field j is then, for each run j, the background cells i such
        # that runs j.. fit from cell i + 1 on, and the last field the cells from which no
        # run is left.
        total = offset + width
        size = (total + 7) >> 3
        flipped = packed.to_bytes(size, "little").translate(_REVERSED_BYTE)
        packed = int.from_bytes(flipped, "big") >> (size * 8 - total)
        bg = int(t_bg[::-1], 2)
        fill = int(t_fill[::-1], 2)
        f = [fill]
        for src, shift in plan:
            x = f[src]
            f.append(x & x >> shift)
        starts = row = (((1 & bg) + bg) ^ bg) | 1  # fwd[0]
        can_bg = row & packed
        smeared = [0] * len(smears)
        for length, slot, smear in fwd:
            starts &= f[slot]
            ends = starts << length
            row = (((ends & bg) + bg) ^ bg) | ends  # fwd[j + 1]
            packed >>= width
            can_bg |= row & packed
            smeared[smear] |= starts & packed >> length
            starts = (row & bg) << 1
        can_fill = 0
        for starts, shifts in zip(smeared, smears, strict=True):
            for step in shifts:
                starts |= starts << step
            can_fill |= starts
        can_bg &= bg
        diff = bg ^ can_bg | fill ^ can_fill
        if not diff:
            return ()
        out = []
        while diff:
            low = diff & -diff
            out.append((low.bit_length() + head - 1, 1 if can_bg & low else 2))
            diff ^= low
        return tuple(out)

    def settle(self, cells: bytes | bytearray) -> tuple[int, bytes] | int | None:
        """:meth:`changes` as the line's new cells: ``(changed, new)``, the changed
        cells as a bit set (bit i = cell i) and the line's new masks as bytes; ``0``
        if nothing changes, ``None`` if no placement agrees with the cells. The
        bit-set solver makes the new masks anyway: propagation from the empty grid
        of a colour puzzle writes them back in one step, and :meth:`solve` returns
        them."""
        if 0 in cells:  # a cell with no colour left
            return None
        spec = self.colour_plan
        if spec is not None and cells and cells.translate(None, _ONE_BIT):
            first = cells[0]
            if first & self.allowed != self.allowed or cells.count(first) != len(cells):
                return _settle_colour(cells, self.fits_plan, self.outside, spec)
            return self._settle_empty(len(cells), first)
        return _settled(cells, self.changes(cells))

    def _changes_few(self, cells: bytes) -> tuple[tuple[int, int], ...] | None:
        """:meth:`changes_plain` for a clue of one run or none."""
        if not self.k:
            return _all_background(cells)
        narrowed = self._narrow_one(cells.translate(_CAN_BG), cells.translate(_CAN_FILL))
        if narrowed is None:
            return None
        bg, fill, can_bg, can_fill = narrowed
        diff = bg ^ can_bg | fill ^ can_fill
        return _diff(diff, can_bg, can_fill) if diff else ()

    def _narrow_one(self, t_bg: bytes, t_fill: bytes) -> tuple[int, int, int, int] | None:
        """The one-colour line solver for a clue of one run, with no tables: the run
        may start wherever its cells may be filled and it covers every cell that must
        be (those that may not be background). ``t_bg`` and ``t_fill``: the line as
        ``b"0"``/``b"1"`` characters, one a cell, for "may be background" and "may be
        filled". Returns those two as bit sets (``bg``, ``fill``) and what the clue
        allows of them (``can_bg``, ``can_fill``), or ``None`` when the run fits
        nowhere."""
        bg = int(t_bg[::-1], 2)
        fill = int(t_fill[::-1], 2)
        length = self.lengths[0]
        shifts = _shifts(length)
        starts = fill
        for step in shifts:
            starts &= starts >> step
        must = fill & ~bg
        if must:
            first = (must & -must).bit_length() - 1
            last = must.bit_length() - length  # the first start that covers the last one
            starts &= (2 << first) - 1
            if last > 0:
                starts &= -1 << last
        if not starts:
            return None
        low = (starts & -starts).bit_length() - 1
        high = starts.bit_length() - 1
        # Every placement covers the cells from the last start to the end of the first.
        always = (1 << (low + length)) - (1 << high) if high < low + length else 0
        can_fill = starts
        for step in shifts:
            can_fill |= can_fill << step
        return bg, fill, bg & ~always, can_fill

    def _forward(self, can_bg: list[int], pref: dict[int, list[int]]) -> list[list[bool]]:
        """fwd[j][i]: the first j runs fit in the first i cells (``can_bg``: which cells
        may be background; ``pref``: see :meth:`_prefixes`)."""
        n = len(can_bg)
        lengths, bits, same_prev = self.lengths, self.bits, self.same_prev
        row = [False] * (n + 1)
        row[0] = True
        for i in range(n):
            if not can_bg[i]:
                break
            row[i + 1] = True
        fwd = [row]
        for j in range(self.k):
            length = lengths[j]
            p = pref[bits[j]]
            prev = row
            gap = same_prev[j]
            row = [False] * (n + 1)
            for i in range(length, n + 1):
                if row[i - 1] and can_bg[i - 1]:
                    row[i] = True
                    continue
                s = i - length
                if p[i] != p[s]:
                    continue
                if gap:
                    if s >= 1 and can_bg[s - 1] and prev[s - 1]:
                        row[i] = True
                elif prev[s]:
                    row[i] = True
            fwd.append(row)
        return fwd

    def _prefixes(self, cells: Sequence[int]) -> dict[int, list[int]]:
        """For each colour bit of the clue: running counts of cells that exclude it."""
        pref = {}
        for bit in set(self.bits):
            p = [0]
            t = 0
            for c in cells:
                if not c & bit:
                    t += 1
                p.append(t)
            pref[bit] = p
        return pref

    def _tables(self, cells: Sequence[int]):
        n = len(cells)
        k = self.k
        can_bg = [c & 1 for c in cells]
        pref = self._prefixes(cells)
        lengths, bits, same_prev = self.lengths, self.bits, self.same_prev
        fwd = self._forward(can_bg, pref)
        row = fwd[k]
        if not row[n]:
            return None
        # Backward table.
        row = [False] * (n + 1)
        row[n] = True
        for i in range(n - 1, -1, -1):
            if not can_bg[i]:
                break
            row[i] = True
        bwd = [row] * (k + 1)
        for j in range(k - 1, -1, -1):
            length = lengths[j]
            p = pref[bits[j]]
            nxt = row
            gap = j + 1 < k and same_prev[j + 1]
            row = [False] * (n + 1)
            for i in range(n - length, -1, -1):
                if row[i + 1] and can_bg[i]:
                    row[i] = True
                    continue
                e = i + length
                if p[e] != p[i]:
                    continue
                if gap:
                    if e < n and can_bg[e] and nxt[e + 1]:
                        row[i] = True
                elif nxt[e]:
                    row[i] = True
            bwd[j] = row
        return fwd, bwd, can_bg, pref


# LineSolver's attributes made on first use.
_LAZY = {
    "known": LineSolver._make_lefts,
    "lefts": LineSolver._make_lefts,
    "bits": LineSolver._make_dp,
    "same_prev": LineSolver._make_dp,
    "colour_plan": LineSolver._make_colour_plan,
    "rev_runs": LineSolver._make_rev_runs,
}

# For bytes.translate: a cell's mask to b"1" when it allows background (bit 0), or
# colour 1 (bit 1); other colours' bits are not in the clue, so they are dropped.
_CAN_BG = bytes(48 + (m & 1) for m in range(256))
_CAN_FILL = bytes(48 + (m >> 1 & 1) for m in range(256))
# The masks of one colour (deleted to see if a line is solved), and for a solved
# one-colour line, background to b" " and filled to b"#" (its runs are then words).
_ONE_BIT = bytes(1 << c for c in range(8))
_RUNS = bytes(32 if m == 1 else 35 for m in range(256))


def _outside_table(allowed: int) -> bytes:
    """For bytes.translate: b"1" for the masks with a bit outside ``allowed`` (made
    once a palette: see _palette)."""
    # Byte m of _MASKS_WITH[c] is 1 when mask m has bit c: their union over the
    # colours outside, plus the b"0"s (no carries), is the table in a few integer
    # operations; a generator over the 256 masks took 20 µs.
    union = 0
    for c in range(8):
        if not allowed >> c & 1:
            union |= _MASKS_WITH[c]
    return (union + _ZEROS_256).to_bytes(256, "big")


_MASKS_WITH = [int.from_bytes(bytes(m >> c & 1 for m in range(256)), "big") for c in range(8)]
_ZEROS_256 = int.from_bytes(b"0" * 256, "big")
_OUTSIDE_ONE = _outside_table(3)
_OUTSIDE_NONE = _outside_table(1)


# _HAS[c]: b"1" for the masks that allow colour c.
_HAS = [bytes(48 + (m >> c & 1) for m in range(256)) for c in range(8)]


@cache
def _shifts(length: int) -> tuple[int, ...]:
    """The shifts that widen a bit to ``length`` bits in a row (or find ``length`` set
    bits in a row), doubling each time: ``x |= x << s`` for each ``s``.

    >>> _shifts(1), _shifts(4), _shifts(7)
    ((), (1, 2), (1, 2, 3))
    """
    out = []
    step = 1
    while step * 2 <= length:
        out.append(step)
        step *= 2
    if step < length:
        out.append(length - step)
    return tuple(out)


def _ladder(
    lengths: list[int], start: int, base: int, steps: list[tuple[int, int]]
) -> dict[int, int]:
    """The steps of a fits plan (see :func:`_colour_plans`) for one colour, appended
    to ``steps``: from ``f[start]`` (runs of 1) to each of ``lengths`` (sorted,
    distinct), each made from the longest before it. A step's result is
    ``f[base + len(steps)]``, the palette's bit sets coming first. Returns where
    each length is in ``f``."""
    have = {1: start}
    top = 1  # the longest run length made so far
    for length in lengths:
        while 2 * top < length:  # too short to make it in one step: double
            steps.append((have[top], top))
            top *= 2
            have[top] = base + len(steps)
        if length not in have:
            steps.append((have[top], length - top))
            have[length] = base + len(steps)
            top = length
    return have


def _plain_plan(lengths: Sequence[int], slots: Sequence[int], order: list[int]):
    """What :meth:`LineSolver.changes_plain` needs of a one-colour clue whose run
    lengths are ``order`` (sorted, distinct): its runs read backwards as ``(length,
    fits slot)``, its runs as ``(length, fits slot, smear)`` and each smear's shifts
    (one smear a run length)."""
    # Equal lengths by construction: zip's check would cost a tenth of the set-up.
    smear = dict(zip(order, range(len(order)), strict=False))
    fwd = list(zip(lengths, slots, map(smear.__getitem__, lengths), strict=False))
    rev = list(zip(lengths[::-1], slots[::-1], strict=False))
    return rev, fwd, list(map(_shifts, order))


class _Palette(NamedTuple):
    """What the line solvers of the clues with one set of colours share."""

    colours: list[int]  # sorted
    allowed: int  # their mask, with the background
    outside: bytes  # see _outside_table
    index: dict[int, int]  # a colour's place in ``colours``
    has: list[bytes]  # the _HAS table of each colour
    bits: list[int]  # each colour's bit


@cache
def _palette(colours: tuple[int, ...]) -> _Palette:
    """The shared tables of a palette (sorted colours), made once a process."""
    allowed = 1
    for c in colours:
        allowed |= 1 << c
    return _Palette(
        list(colours),
        allowed,
        _outside_table(allowed),
        {c: i for i, c in enumerate(colours)},
        [_HAS[c] for c in colours],
        [1 << c for c in colours],
    )


def _colour_plans(
    blocks: Sequence[tuple[int, int]], lengths: list[int], gaps: list[bool], palette: _Palette
):
    """What the line solvers of a clue of several colours need, made in one pass over its
    distinct runs (a first solve makes one a clue: webpbn 47, 48):

    - the fits plan: how to find where each run fits (``length`` cells in a row that
      allow its colour) from the bit sets of the cells that allow each colour of the
      palette, in few steps: ``f`` starts as those bit sets (runs of length 1), and
      each step ``(src, shift)`` appends ``f[src] & f[src] >> shift``: a run of
      ``2a`` cells is two of ``a``, a run of ``a + d`` (``d <= a``) two of ``a``
      overlapping (see :func:`_ladder`);
    - each run's slot, its index in ``f``;
    - what :func:`_settle_colour` needs (``gaps[j]``: a background cell between runs
      j and j + 1): the ``_HAS`` tables of the palette, the reversed clue as
      ``(length, fits slot, gap before)``, the clue as ``(length, fits slot, gap
      before, smear, gap after)``, each smear (the runs of one colour and length,
      widened together) as ``(palette index, shifts)``, and the palette's colour bits.

    >>> plan, slots, _ = _colour_plans([(3, 1), (1, 2), (6, 1)], [3, 1, 6], [False, False],
    ...                                _palette((1, 2)))
    >>> plan, slots
    ([(0, 1), (2, 1), (3, 3)], [3, 1, 4])
    """
    index = palette.index
    by_colour: dict[int, list[int]] = {}  # each colour's run lengths, sorted
    for length, c in sorted(set(blocks)):
        by_colour.setdefault(c, []).append(length)
    steps: list[tuple[int, int]] = []
    place = {}  # (length, colour) -> (fits slot, smear)
    smears = []
    for c, sorted_lengths in by_colour.items():
        i = index[c]
        have = _ladder(sorted_lengths, i, len(index) - 1, steps)
        for length in sorted_lengths:
            place[length, c] = (have[length], len(smears))
            smears.append((i, _shifts(length)))
    slots, smear_of = zip(*map(place.__getitem__, blocks), strict=True)
    # Equal lengths by construction: zip's check would cost a tenth of the set-up.
    rev = list(zip(lengths[::-1], slots[::-1], [False, *gaps[::-1]], strict=False))
    fwd = list(zip(lengths, slots, [False, *gaps], smear_of, [*gaps, False], strict=False))
    return steps, list(slots), (palette.has, rev, fwd, smears, palette.bits)


def _changes_colour(cells: bytes, plan, outside: bytes, spec) -> tuple[tuple[int, int], ...] | None:
    """:meth:`LineSolver.changes` for a clue of any colours and a line of masks below
    256: see :func:`_settle_colour`."""
    settled = _settle_colour(cells, plan, outside, spec)
    if not settled:
        return None if settled is None else ()
    return _diff_colour(*settled)


def _all_background(cells: bytes) -> tuple[tuple[int, int], ...] | None:
    """:meth:`LineSolver.changes` for a clue of no runs: every cell background."""
    if cells.translate(_CAN_BG).find(b"0") >= 0:
        return None
    return tuple([(i, 1) for i, v in enumerate(cells) if v != 1])


def _settled(cells: bytes, changes) -> tuple[int, bytes] | int | None:
    """What a line solver changes, ``((index, new mask), ...)``, as
    :meth:`LineSolver.settle` gives it."""
    if not changes:
        return None if changes is None else 0
    new = bytearray(cells)
    diff = 0
    for i, b in changes:
        new[i] = b
        diff |= 1 << i
    return diff, bytes(new)


@cache
def _zeros(n: int) -> int:
    """``n`` characters '0' read as base-256 digits."""
    return int.from_bytes(b"0" * n, "big")


def _settle_colour(cells: bytes, plan, outside: bytes, spec) -> tuple[int, bytes] | int | None:
    """The line solver on bit sets, for any clue of colours 0 to 7 (runs of
    different colours need no gap between them), cells given as bytes of masks (bit
    ``c`` = colour ``c``): the changed cells and the new masks, as
    :meth:`LineSolver.settle` gives them.

    The same tables as the DP, each row one integer (bit ``i`` = position ``i``), so
    a row is a few integer operations instead of a loop over the cells. Row ``j`` of
    the forward table ``fwd[j]`` has bit ``i`` when the first ``j`` runs fit in cells
    ``0 .. i-1``. The backward table is the forward table of the reversed line (the
    characters read the other way round give its bit sets for free), its rows packed
    ``n + 1`` bits apart and the whole bit-reversed at once, one reversal instead of
    one a row: field ``j`` then has bit ``i`` when runs ``j ..`` fit in cells
    ``i ..``. It is made first, as it finds a line with no placement; the forward
    rows are then combined with it as they are made.

    The line is read as a bit set of the cells that may be background and one for
    each colour of the palette, of the cells that allow it; ``plan``, the clue's
    fits plan, makes from them where each run fits, ``spec`` is the rest of its
    colour plan (see :func:`_colour_plans`), and ``outside`` finds the cells that
    allow a colour outside the clue."""
    has, rev, fwd, smears, bits = spec
    n = len(cells)
    width = n + 1
    t_bg = cells.translate(_CAN_BG)
    t_fills = [cells.translate(table) for table in has]
    # The backward table: the forward table of the line read backwards.
    bg = int(t_bg, 2)
    f = [int(t, 2) for t in t_fills]
    for src, shift in plan:
        x = f[src]
        f.append(x & x >> shift)
    packed = row = (((1 & bg) + bg) ^ bg) | 1
    offset = 0
    for length, slot, gap in rev:
        ends = (((row & bg) << 1 if gap else row) & f[slot]) << length
        if not ends:
            return None
        row = (((ends & bg) + bg) ^ bg) | ends
        offset += width
        packed |= row << offset
    if not row >> n & 1:
        return None
    total = offset + width
    size = (total + 7) >> 3
    packed = int.from_bytes(packed.to_bytes(size, "little").translate(_REVERSED_BYTE), "big") >> (
        size * 8 - total
    )
    bg = int(t_bg[::-1], 2)
    fills = [int(t[::-1], 2) for t in t_fills]
    f = fills.copy()
    for src, shift in plan:
        x = f[src]
        f.append(x & x >> shift)
    row = (((1 & bg) + bg) ^ bg) | 1  # fwd[0]
    can_bg = row & packed >> 1
    smeared = [0] * len(smears)
    for length, slot, gap, smear, next_gap in fwd:
        starts = ((row & bg) << 1 if gap else row) & f[slot]
        ends = starts << length
        row = (((ends & bg) + bg) ^ bg) | ends  # fwd[j + 1]
        packed >>= width  # field 0 is now bwd[j + 1]
        after = packed >> 1
        can_bg |= row & after
        smeared[smear] |= starts & (bg & after if next_gap else packed) >> length
    can = [0] * len(fills)
    for starts, (colour, shifts) in zip(smeared, smears, strict=True):
        for step in shifts:
            starts |= starts << step
        can[colour] |= starts
    can_bg &= bg
    diff = bg ^ can_bg | int(cells.translate(outside)[::-1], 2)
    for fill, c in zip(fills, can, strict=True):
        diff |= fill ^ c
    if not diff:
        return 0
    # The new masks, cell i as the base-256 digit i (see _cells_of).
    as_bits = f"0{n}b"
    total = int.from_bytes(format(can_bg, as_bits).encode(), "big")
    weight = 1
    for bit, c in zip(bits, can, strict=True):
        total += bit * int.from_bytes(format(c, as_bits).encode(), "big")
        weight += bit
    return diff, (total - weight * _zeros(n)).to_bytes(n, "little")


def _cells_of(n: int, can_bg: int, cans: list[tuple[int, int]]) -> bytes:
    """The line of ``n`` cells whose masks the bit sets give: ``can_bg`` for the
    background, ``cans`` = ``[(colour bit, cells allowing it), ...]``.

    Cell i becomes the base-256 digit i: each bit set's '0'/'1' characters, read as
    digits, times its colour's bit (a cell's bits sum to at most 255: no carries).

    >>> _cells_of(3, 0b001, [(2, 0b110), (4, 0b011)])
    b'\\x05\\x06\\x02'
    """
    total = 0
    weight = 0  # how many times the '0' characters were added
    for bit, can in ((1, can_bg), *cans):
        total += bit * int.from_bytes(format(can, f"0{n}b").encode(), "big")
        weight += bit
    return (total - weight * _zeros(n)).to_bytes(n, "little")


def _diff_colour(diff: int, new: bytes) -> tuple[tuple[int, int], ...]:
    """The cells of the bit set ``diff`` with their masks in ``new``, in order."""
    out = []
    while diff:
        low = diff & -diff
        i = low.bit_length() - 1
        out.append((i, new[i]))
        diff ^= low
    return tuple(out)


def _diff(diff: int, can_bg: int, can_fill: int) -> tuple[tuple[int, int], ...]:
    """The cells of the bit set ``diff`` with their new masks, in order."""
    out = []
    while diff:
        low = diff & -diff
        out.append(
            (low.bit_length() - 1, (1 if can_bg & low else 0) | (2 if can_fill & low else 0))
        )
        diff ^= low
    return tuple(out)


# A byte's bits in the other order, for the backward tables.
_REVERSED_BYTE = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))


def solve_line(blocks: Sequence[tuple[int, int]], cells: Sequence[int]) -> list[int] | None:
    """What the clue ``blocks`` forces in ``cells`` (bit masks), or ``None`` if nothing fits.

    >>> solve_line([(3, 1)], [3, 3, 3, 3])
    [3, 2, 2, 3]
    """
    return LineSolver(blocks).solve(cells)
