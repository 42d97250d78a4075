"""The learner pages: "How two-phase works" with its live demos, the benchmarks and the glossary.

Each demo is checked against Python: the phase-1 marking against where the cube enters H,
the coordinates, bounds and IDA* figures against solvelab.cube.lessons, and what the
cubes draw (pixels) changes with what they are told. Screenshots of the pages at 1280 px
and 390 px go to build/screenshots/ for people to look at.
"""

from __future__ import annotations

import pytest
from pixels import colour_counts, view_picture
from playwright.sync_api import expect

from solvelab import web
from solvelab.build.site import COLOURS
from solvelab.cube import Cube, coords
from solvelab.cube.lessons import ida_star, phase1_coordinates

PYTHON = 300_000  # ms: Pyodide and the tables load on a busy machine
GREY = (0x8A, 0x8D, 0x91)


def rgb(colour: str) -> tuple[int, int, int]:
    colour = colour.lstrip("#")
    return tuple(int(colour[i : i + 2], 16) for i in (0, 2, 4))


PALETTE = {face: rgb(COLOURS[face]) for face in "URFDLB"} | {"grey": GREY}


def in_h(cube: Cube) -> bool:
    c = cube.cubies
    return coords.twist(c) == 0 and coords.flip(c) == 0 and coords.slice_flips(c) == 0


def open_chapter(page, site_url):
    page.goto(site_url + "cube/two-phase/")
    return page


def canvas_png(locator) -> bytes:
    return view_picture(locator.locator(".cube-demo").first.evaluate_handle("el => el.cubeView"))


def test_the_solution_marks_phase_1_where_the_cube_enters_h(page, site_url):
    open_chapter(page, site_url)
    demo = page.locator("[data-lesson=phases]")
    expect(demo).to_have_attribute("data-state", "ready", timeout=PYTHON)
    scramble = demo.get_attribute("data-scramble")
    phase1 = int(demo.get_attribute("data-phase1"))
    moves = demo.locator(".cube-demo-move").all_text_contents()
    assert len(moves) == int(demo.get_attribute("data-length"))
    assert demo.locator(".cube-demo-move.is-phase1").count() == phase1
    marked = demo.locator(".cube-demo-move.is-phase1").all_text_contents()
    assert marked == moves[:phase1]
    cube = Cube().apply(scramble)
    assert cube.apply(" ".join(moves)).is_solved()
    assert in_h(cube.apply(" ".join(moves[:phase1])))
    assert not in_h(cube.apply(" ".join(moves[: phase1 - 1])))
    # The list up to the first solution of 20 moves: the same on any machine.
    lesson = web.two_phase_lesson(scramble, time_limit=None, good_enough=20)
    expected = [
        f"{s['phase1']} + {s['length'] - s['phase1']} = {s['length']} moves"
        for s in lesson["found"]
    ]
    expect(demo.locator(".lesson-found li")).to_have_text(expected)
    before = canvas_png(demo)
    demo.locator(".cube-demo-play").click()
    expect(demo.locator(".cube-demo")).to_have_attribute("data-state", "done", timeout=60_000)
    after = canvas_png(demo)
    assert before != after
    counts = colour_counts(after, PALETTE)
    assert counts["U"] > 0 and counts["F"] > 0 and counts["grey"] == 0


def test_the_h_view_greys_what_h_ignores(page, site_url):
    open_chapter(page, site_url)
    demo = page.locator("[data-lesson=h-view]")
    expect(demo).to_have_attribute("data-state", "ready", timeout=PYTHON)
    after = colour_counts(canvas_png(demo), PALETTE)
    demo.get_by_role("button", name="Scrambled").click()
    expect(demo).to_have_attribute("data-view", "Scrambled")
    scrambled = colour_counts(canvas_png(demo), PALETTE)
    # Grey and white differ in brightness only, so count the side colours instead: the
    # H view shows them on the 8 middle-edge stickers only, the full cube everywhere.
    full = colour_counts(canvas_png(page.locator("[data-lesson=phases]")), PALETTE)
    sides = lambda counts: sum(counts[face] for face in "RFLB")  # noqa: E731
    assert sides(scrambled) < sides(full) / 2
    assert after["U"] > 0 and after["D"] > 0
    assert after != scrambled


def test_coordinates_and_bound_follow_the_buttons(page, site_url):
    open_chapter(page, site_url)
    demo = page.locator("[data-lesson=coordinates]")
    bound = page.locator("[data-lesson=bound]")
    expect(demo).to_have_attribute("data-state", "ready", timeout=PYTHON)
    expect(demo).to_have_attribute("data-twist", "0")
    expect(bound).to_have_attribute("data-bound", "0")
    solved = canvas_png(demo)
    moves = []
    for token in ["R", "F", "U'"]:
        demo.locator(f'button[data-move="{token}"]').click()
        moves.append(token)
        expected = phase1_coordinates(Cube().apply(" ".join(moves)))
        expect(demo).to_have_attribute("data-moves", " ".join(moves))
        expect(demo).to_have_attribute("data-twist", str(expected["twist"]))
        expect(demo).to_have_attribute("data-flip", str(expected["flip"]))
        expect(demo).to_have_attribute("data-slice", str(expected["slice"]))
        expect(bound).to_have_attribute("data-bound", str(expected["bound"]))
        expect(demo.locator(".lesson-readout")).to_contain_text(str(expected["twist"]))
    assert canvas_png(demo) != solved


def test_ida_star_shows_pythons_limits(page, site_url):
    open_chapter(page, site_url)
    demo = page.locator("[data-lesson=ida]")
    expect(demo).to_have_attribute("data-state", "ready", timeout=PYTHON)
    for scramble in demo.get_attribute("data-scrambles").split("|")[:2]:
        demo.get_by_role("button", name=scramble, exact=True).click()
        expect(demo).to_have_attribute("data-scramble", scramble)
        expect(demo).to_have_attribute("data-state", "ready", timeout=60_000)
        answer = ida_star(Cube().apply(scramble), max_depth=5)
        rows = demo.locator(".lesson-ida tr")
        expect(rows).to_have_count(len(answer["limits"]) + 1)
        for i, limit in enumerate(answer["limits"]):
            cells = rows.nth(i + 1).locator("td").all_text_contents()
            assert cells[0] == str(limit["depth"])
            assert cells[1] == f"{limit['nodes']:,}"
        expect(demo.locator(".lesson-moves")).to_contain_text(" ".join(answer["moves"]))
    # Pressed in a row: the last one answers, and it is the one marked.
    scrambles = demo.get_attribute("data-scrambles").split("|")
    for scramble in scrambles[1:]:
        demo.get_by_role("button", name=scramble, exact=True).click()
    last = scrambles[-1]
    expect(demo).to_have_attribute("data-scramble", last)
    expect(demo).to_have_attribute("data-state", "ready", timeout=60_000)
    expect(demo.locator(".lesson-moves")).to_contain_text(f"After {last}:")
    pressed = demo.locator(".lesson-button[aria-pressed=true]")
    expect(pressed).to_have_count(1)
    expect(pressed).to_have_text(last)


def test_the_versions_demo_shows_each_versions_first_solution_as_python_finds_it(page, site_url):
    from solvelab.cube.lessons import versions

    open_chapter(page, site_url)
    demo = page.locator("[data-lesson=versions]")
    expect(demo).to_have_attribute("data-state", "ready", timeout=PYTHON)
    rows = versions(Cube().apply(demo.get_attribute("data-scramble")))
    shown = demo.locator("tr").all_text_contents()[1:]
    assert len(shown) == len(rows) == 6
    shortest = min(row["length"] for row in rows)
    assert demo.get_attribute("data-shortest") == str(shortest)
    for tr, row in zip(demo.locator("tr").all()[1:], rows, strict=True):
        cells = tr.locator("td").all_text_contents()
        phase2 = row["length"] - row["phase1"]
        assert cells[1:3] == [str(row["phase1"]), str(phase2)]
        assert cells[3].startswith(str(row["length"]))
        assert (
            "shortest" in tr.evaluate("el => getComputedStyle(el.lastChild, '::after').content")
        ) == (row["length"] == shortest)
        # Its button shows its solution on the cube, phase 1 marked first (last for the inverse).
        tr.get_by_role("button").click()
        expect(tr.get_by_role("button")).to_have_attribute("aria-pressed", "true")
        moves = demo.locator(".cube-demo-move").all_text_contents()
        assert " ".join(moves) == row["moves"]
        marked = [
            "is-phase1" in c
            for c in demo.locator(".cube-demo-move").evaluate_all("s => s.map(x => x.className)")
        ]
        first = [i < row["phase1"] for i in range(row["length"])]
        assert marked == (first[::-1] if row["inverse"] else first)


def test_the_superflip_opens_in_the_player_at_its_start(page, site_url):
    # The chapter says to step through it: the player starts on the superflip, not solved.
    open_chapter(page, site_url)
    page.get_by_role("link", name="Open it in the player").click()
    page.wait_for_function("window.solvelabPlayer?.alg.length === 20")
    assert page.evaluate("window.solvelabPlayer.step") == 0
    superflip = "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2"
    shown = Cube._of(tuple(page.evaluate("window.solvelabPlayer.stickers")))
    assert shown == Cube().apply(superflip)


@pytest.mark.parametrize("width", [1280, 390])
def test_screenshots(browser, site_url, screenshot_dir, width):
    context = browser.new_context(viewport={"width": width, "height": 900}, service_workers="block")
    try:
        page = context.new_page()
        page.goto(site_url + "cube/two-phase/")
        expect(page.locator("[data-lesson=ida]")).to_have_attribute(
            "data-state", "ready", timeout=PYTHON
        )
        expect(page.locator("[data-lesson=phases]")).to_have_attribute("data-state", "ready")
        page.screenshot(path=screenshot_dir / f"learn-two-phase-{width}.png", full_page=True)
        width_px = page.evaluate("document.documentElement.scrollWidth")
        assert width_px <= width, "the page scrolls sideways"
        for name in ["cube/benchmarks/", "nonograms/benchmarks/", "glossary/"]:
            page.goto(site_url + name)
            slug = name.strip("/").replace("/", "-")
            page.screenshot(path=screenshot_dir / f"learn-{slug}-{width}.png", full_page=True)
    finally:
        context.close()


def test_turns_before_python_is_ready_wait_for_it(page, site_url):
    # Python decides the numbers: turns made while it loads show on the cube, and the
    # readout comes with Python (they once threw "Cannot access 'asked'").
    open_chapter(page, site_url)
    demo = page.locator("[data-lesson=coordinates]")
    demo.get_by_role("button", name="F", exact=True).click()
    demo.get_by_role("button", name="R", exact=True).click()
    expect(demo).to_have_attribute("data-state", "ready", timeout=PYTHON)
    expect(demo).to_have_attribute("data-moves", "F R")
    c = phase1_coordinates(Cube().apply("F R"))
    assert demo.get_attribute("data-twist") == str(c["twist"])


def forget_failed_loads(page_log) -> None:
    """The browser's console errors for the downloads a test makes fail."""
    page_log.console_errors[:] = [
        e for e in page_log.console_errors if "Failed to load resource" not in e
    ]


def fails_then_recovers(page, site_url, lost: str, lesson: str, said: str, meanwhile=None):
    """Opens the chapter with ``lost`` files failing: the demo ``lesson`` says ``said``
    (not to reload the page: its Try again is there), and ``meanwhile(page)`` runs; once
    they come again, its Try again brings it up. Returns the demo."""
    failing = True
    page.context.route(lost, lambda route: route.abort() if failing else route.continue_())
    open_chapter(page, site_url)
    demo = page.locator(f"[data-lesson={lesson}]")
    expect(demo).to_have_attribute("data-state", "error", timeout=PYTHON)
    expect(demo.locator(".cube-demo-error")).to_contain_text(said)
    expect(demo.locator(".cube-demo-error")).not_to_contain_text("reload the page")
    if meanwhile:
        meanwhile(page)
    failing = False
    demo.get_by_role("button", name="Try again").click()
    expect(demo).to_have_attribute("data-state", "ready", timeout=PYTHON)
    return demo


def every_demo_is_ready(page):
    """The demos share one Python: one Try again brings every one of them back."""
    for lesson in ["phases", "h-view", "coordinates", "bound", "ida"]:
        expect(page.locator(f"[data-lesson={lesson}]")).to_have_attribute(
            "data-state", "ready", timeout=PYTHON
        )


def test_without_the_tables_a_demo_says_why_and_tries_again(page, site_url, page_log):
    def bound_says_how_to_ask_again(page):  # it has no button of its own
        expect(page.locator("[data-lesson=bound]")).to_contain_text(
            "(a turn, a scramble or Try again asks again)"
        )

    demo = fails_then_recovers(
        page,
        site_url,
        "**/tables/*.table",
        "phases",
        "could not download the solver's tables",
        meanwhile=bound_says_how_to_ask_again,
    )
    expect(demo.locator(".cube-demo-move.is-phase1").first).to_be_visible()
    every_demo_is_ready(page)  # the coordinates and the bound too, which had no button
    forget_failed_loads(page_log)


def test_when_python_cannot_start_the_demos_say_so_and_try_again(page, site_url, page_log):
    # Try again starts Python again.
    wasm = "**/pyodide/pyodide.asm.wasm"
    fails_then_recovers(page, site_url, wasm, "ida", "Python could not start")
    every_demo_is_ready(page)
    forget_failed_loads(page_log)
    # What Pyodide itself logs about the failed download.
    page_log.console_errors[:] = [e for e in page_log.console_errors if "wasm" not in e.lower()]
