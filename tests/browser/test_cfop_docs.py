"""The CFOP chapter's live parts: the OLL and PLL tables drawn from assets/cfop-cases.json,
each case playing its algorithm from the case to solved, and the cross and F2L demos.

What the page shows is checked against the Python model: the diagrams' colours against
the generator and against the Cube after the inverse algorithm, the demos' states (the
sticker ids their CubeView holds) against Cube states.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from solvelab.build.cfop_cases import SIDE_NAMES, cfop_cases, last_layer_colours
from solvelab.build.site import COLOURS
from solvelab.cube import Cube
from solvelab.cube.cfop.rules import load

SOLVED = list(range(54))
GREY = "#8a8d91"
TOP = last_layer_colours(COLOURS)
CASES = cfop_cases(COLOURS)
SIDE_PLACES = ["URFDLB".index(name[0]) * 9 + int(name[1]) - 1 for name in SIDE_NAMES]

# Wraps CubeView.jumpTo and turn (the module the page uses) to record what each demo is
# told: the states it jumps to and the moves it plays.
SPY = """async () => {
  const { CubeView } = await import(new URL("../../js/cube-view.js", location.href));
  window.jumps = [];
  window.turns = [];
  window.masks = [];
  const { jumpTo, turn, setStickerColours } = CubeView.prototype;
  CubeView.prototype.jumpTo = function (stickers) {
    window.jumps.push(Array.from(stickers));
    return jumpTo.call(this, stickers);
  };
  CubeView.prototype.turn = function (token) {
    window.turns.push(token);
    return turn.call(this, token);
  };
  CubeView.prototype.setStickerColours = function (colours) {
    window.masks.push(Array.from(colours));
    return setStickerColours.call(this, colours);
  };
}"""

# Every case button's name and its diagram's stickers: {"u0": fill, ..., "s11": fill}.
DIAGRAMS = """stage => [...document.querySelectorAll(`.cfop-cases[data-stage=${stage}] .cfop-case`)]
  .map(button => ({
    name: button.dataset.case,
    stickers: Object.fromEntries([...button.querySelectorAll("svg rect[data-sticker]")]
      .map(rect => [rect.dataset.sticker, rect.getAttribute("fill")])),
  }))"""


def expected_diagram(stage: str, u: str, sides: str) -> dict[str, str]:
    """The fills the page should draw for a last layer given as face letters."""
    if stage == "oll":
        shown = {f"u{i}": TOP["U"] if face == "U" else GREY for i, face in enumerate(u)}
        shown |= {f"s{i}": TOP["U"] for i, face in enumerate(sides) if face == "U"}
        return shown
    return {f"u{i}": TOP[face] for i, face in enumerate(u)} | {
        f"s{i}": TOP[face] for i, face in enumerate(sides)
    }


def model_layer(stage: str, name: str) -> tuple[str, str]:
    """The last layer after the case's first algorithm backwards, by the Cube model alone."""
    case = next(case for case in load(stage).cases if case.name == name)
    facelets = Cube().apply(case.algs[0].inverse()).to_facelets()
    return facelets[:9], "".join(facelets[p] for p in SIDE_PLACES)


def state(moves: str) -> list[int]:
    return list(Cube().apply(moves)._stickers)


@pytest.fixture
def chapter(page, site_url):
    page.goto(site_url + "cube/cfop/")
    page.evaluate(SPY)
    expect(page.locator(".cfop-cases[data-stage=oll] .cfop-case")).to_have_count(57)
    return page


def test_tables_are_drawn_from_the_data(chapter, site_url):
    page = chapter
    expect(page.locator(".cfop-cases[data-stage=pll] .cfop-case")).to_have_count(21)
    served = page.evaluate("fetch('../../assets/cfop-cases.json').then(r => r.json())")
    assert served == json.loads(json.dumps(CASES))
    for stage in ("oll", "pll"):
        drawn = page.evaluate(DIAGRAMS, stage)
        assert [d["name"] for d in drawn] == [entry["name"] for entry in CASES[stage]]
        for entry, diagram in zip(CASES[stage], drawn, strict=True):
            expected = expected_diagram(stage, entry["u"], entry["sides"])
            assert diagram["stickers"] == expected, entry["name"]
    # PLL arrows: each piece's move, a swap drawn once with two heads.
    arrows = page.evaluate(
        """() => [...document.querySelectorAll('.cfop-cases[data-stage=pll] .cfop-case')]
        .map(b => [...b.querySelectorAll('[data-arrow]')].map(a => a.dataset.arrow))"""
    )
    for entry, drawn_arrows in zip(CASES["pll"], arrows, strict=True):
        pairs = {tuple(arrow) for arrow in entry["arrows"]}
        expected = {f"{a}-{b}" for a, b in pairs if (b, a) not in pairs or a < b}
        assert sorted(drawn_arrows) == sorted(expected), entry["name"]
    # Two cases against the Cube model directly, and what cubers know of them.
    drawn = {d["name"]: d["stickers"] for s in ("oll", "pll") for d in page.evaluate(DIAGRAMS, s)}
    for stage, name in (("oll", "OLL 27"), ("pll", "T perm")):
        assert drawn[name] == expected_diagram(stage, *model_layer(stage, name))
    yellow = [k for k, fill in drawn["OLL 27"].items() if k[0] == "u" and fill == TOP["U"]]
    assert sorted(yellow) == ["u1", "u3", "u4", "u5", "u6", "u7"]  # Sune: one corner up
    assert len([k for k in drawn["OLL 27"] if k[0] == "s"]) == 3  # three twisted corners
    t_left = [drawn["T perm"][f"s{i}"] for i in (9, 10, 11)]
    assert t_left == [TOP["L"], TOP["R"], TOP["L"]]  # headlights, the right's edge between
    assert all(fill == TOP["U"] for k, fill in drawn["T perm"].items() if k[0] == "u")


@pytest.mark.parametrize(("stage", "name"), [("oll", "OLL 27"), ("pll", "T perm")])
def test_a_case_plays_from_the_case_to_solved(chapter, stage, name, screenshot_dir):
    page = chapter
    entry = next(entry for entry in CASES[stage] if entry["name"] == name)
    button = page.locator(f".cfop-case[data-case='{name}']")
    button.click()
    panel = page.locator("#cfop-case-demo")
    expect(panel).to_be_visible()
    expect(panel.locator(".cfop-case-title")).to_contain_text(name)
    demo = panel.locator(".cube-demo")
    expect(demo).to_have_attribute("data-state", "done", timeout=60_000)
    assert page.evaluate("window.jumps.at(-1)") == state(entry["setup"])
    assert page.evaluate("window.turns") == entry["moves"].split()
    assert demo.evaluate("d => d.cubeView.stickers") == SOLVED
    expect(button).to_have_attribute("aria-expanded", "true")
    # The panel follows the case: right after its button, spanning the grid's row.
    assert button.evaluate("b => b.nextElementSibling.id") == "cfop-case-demo"
    if stage == "oll":  # the side stickers of the last layer's pieces are grey: OLL ignores them
        mask = page.evaluate("window.masks.at(-1)")
        setup = state(entry["setup"])
        assert mask == [7 if s in SIDE_PLACES else s // 9 for s in setup]
    panel.screenshot(path=screenshot_dir / f"cfop-case-{stage}.png")

    # Another case: the one panel moves there and plays that case.
    other = page.locator(".cfop-case[data-case='OLL 45']")
    other.click()
    expect(other).to_have_attribute("aria-expanded", "true")
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(page.locator("#cfop-case-demo")).to_have_count(1)
    expect(demo).to_have_attribute("data-state", "done", timeout=60_000)
    assert demo.evaluate("d => d.cubeView.stickers") == SOLVED
    assert other.evaluate("b => b.nextElementSibling.id") == "cfop-case-demo"


def demo_with(page, moves: str):
    return page.locator(f'.cube-demo[data-moves="{moves}"]')


def test_cross_demo_shows_only_the_cross(chapter):
    page = chapter
    demo = demo_with(page, "x2 B' R D R' B'")
    setup = demo.get_attribute("data-setup")
    demo.scroll_into_view_if_needed()
    demo.locator(".cube-demo-play").click()
    expect(demo).to_have_attribute("data-state", "done", timeout=60_000)
    start = state(setup)
    assert page.evaluate("window.jumps.at(-1)") == start
    # Coloured: the four white (U) edges and the centres; every other sticker grey.
    shown = {1, 3, 5, 7, 46, 37, 10, 19, 4, 13, 22, 31, 40, 49}
    mask = page.evaluate("window.masks.at(-1)")
    assert mask == [sticker // 9 if sticker in shown else 7 for sticker in start]
    end = Cube().apply(setup).apply("x2 B' R D R' B'")
    assert demo.evaluate("d => d.cubeView.stickers") == list(end._stickers)
    facelets = end.to_facelets()  # the white cross is on D, each edge by its centre
    for d, side in ((28, 25), (30, 43), (32, 16), (34, 52)):  # D2 F8, D4 L8, D6 R8, D8 B8
        assert facelets[d] == "D" and facelets[side] == facelets[side - 3]


def test_f2l_demo_inserts_a_pair(chapter):
    page = chapter
    demo = demo_with(page, "R U R' U2 R U' R'")
    demo.scroll_into_view_if_needed()
    demo.locator(".cube-demo-play").click()
    expect(demo).to_have_attribute("data-state", "done", timeout=60_000)
    assert page.evaluate("window.jumps.at(-1)") == state("R U R' U2 R U' R'")
    assert demo.evaluate("d => d.cubeView.stickers") == SOLVED
    # The last layer's pieces are grey, the first two layers in colour.
    mask = page.evaluate("window.masks.at(-1)")
    last_layer = set(range(9)) | {9, 10, 11, 18, 19, 20, 36, 37, 38, 45, 46, 47}
    start = state("R U R' U2 R U' R'")
    assert mask == [7 if s in last_layer else s // 9 for s in start]


def test_tables_fit_a_phone(browser, site_url, screenshot_dir):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=2, service_workers="block"
    )
    try:
        page = context.new_page()
        page.goto(site_url + "cube/cfop/")
        table = page.locator(".cfop-cases[data-stage=oll]")
        expect(table.locator(".cfop-case")).to_have_count(57)
        columns = table.evaluate("t => getComputedStyle(t).gridTemplateColumns.split(' ').length")
        assert columns == 3
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.locator(".cfop-cases[data-stage=pll]").screenshot(
            path=screenshot_dir / "cfop-pll-phone.png"
        )
    finally:
        context.close()
