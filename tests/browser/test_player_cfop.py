"""The player solves by CFOP: stages labelled in the move list and a stage bar, a click
jumps to a stage, and each stage greys what it does not work on (stickering masks)."""

from __future__ import annotations

import re
from urllib.parse import quote

from pixels import COLOURS, colour_counts, view_picture
from playwright.sync_api import expect

from solvelab.cube import Cube

SCRAMBLE = "R U F D2 L B' U2 R' F2 D L2 B U' R2"
PYTHON_READY = 120_000


def solve_by_cfop(page, site_url, cross="any") -> list[dict]:
    page.goto(f"{site_url}cube/player/?setup={quote(SCRAMBLE)}")
    expect(page.locator('[data-action="solve"]')).to_be_enabled(timeout=PYTHON_READY)
    page.select_option('[data-option="method"]', "cfop")
    expect(page.locator('[data-option="cross"]')).to_be_visible()
    page.select_option('[data-option="cross"]', cross)
    page.get_by_role("button", name="Solve", exact=True).click()
    page.wait_for_function("window.solvelabPlayer?.stages", timeout=PYTHON_READY)
    page.click('[data-action="play"]')  # pause the playback: the tests step by hand
    return page.evaluate("window.solvelabPlayer.stages")


# Colours that no shading turns into the mask's grey (white can look grey in the shade).
CHROMATIC = {face: COLOURS[face] for face in "RFDLB"}


def coloured_pixels(page) -> int:
    """How many pixels of the cube show a colour other than white or grey."""
    page.wait_for_function("window.solvelabPlayer?.view.idle")
    picture = view_picture(page.evaluate_handle("window.solvelabPlayer.view"))
    return sum(colour_counts(picture, CHROMATIC).values())


def test_a_cfop_solution_plays_stage_by_stage(page, site_url, screenshot_dir):
    stages = solve_by_cfop(page, site_url, cross="white")
    assert [s["name"] for s in stages] == ["cross", "f2l", "f2l", "f2l", "f2l", "oll", "pll"]
    assert stages[0]["long"] == "Cross (white)"
    colours = {"white", "yellow", "green", "blue", "red", "orange"}
    for number, stage in enumerate(stages[1:5], start=1):
        assert stage["short"] == f"F2L {number}"
        pair = stage["long"].split(": ")[1].split(" pair")[0].split("-")
        assert len(pair) == 2 and set(pair) <= colours - {"white", "yellow"}, stage
        assert " pair (case " in stage["long"], stage  # not "F2L 3: … (F2L 4, …)"
    # The stages follow each other and together solve the scramble.
    assert [s["start"] for s in stages[1:]] == [s["end"] for s in stages[:-1]]
    alg = page.evaluate("window.solvelabPlayer.alg")
    assert stages[-1]["end"] == len(alg)
    assert Cube().apply(SCRAMBLE).apply(" ".join(alg)).is_solved()
    assert page.locator(".player-message").text_content().startswith("CFOP solution: ")

    # The move list names every stage; the bar jumps to a stage's start.
    headings = page.locator(".player-moves li.stage").all_text_contents()
    assert [h.split(" ")[0] for h in headings][:2] == ["Cross", "F2L"]
    assert any(h.startswith(("OLL", "PLL")) for h in headings)
    page.locator(".player-stages button", has_text="OLL").click()
    oll = stages[5]
    assert page.evaluate("window.solvelabPlayer.step") == oll["start"]
    expect(page.locator(".player-stages button", has_text="OLL")).to_have_attribute(
        "aria-current", "step"
    )
    page.screenshot(path=screenshot_dir / "player-cfop-oll.png")


def test_each_stage_greys_what_it_does_not_need(page, site_url):
    stages = solve_by_cfop(page, site_url)
    mask = page.locator('[data-option="mask"]')

    page.locator(".player-stages button", has_text="Cross").click()
    masked = coloured_pixels(page)
    mask.uncheck()
    everything = coloured_pixels(page)
    assert masked < 0.6 * everything, (masked, everything)  # the other pieces are grey
    mask.check()
    assert coloured_pixels(page) < 0.6 * everything

    # PLL shows everything: the mask changes nothing there.
    page.locator(".player-stages button", has_text="PLL").click()
    pll = coloured_pixels(page)
    mask.uncheck()
    assert abs(coloured_pixels(page) - pll) <= 0.02 * pll
    mask.check()
    assert page.evaluate("window.solvelabPlayer.step") == stages[-1]["start"]


def test_a_turn_by_hand_ends_the_stages(page, site_url):
    solve_by_cfop(page, site_url)
    page.locator(".player-stages button", has_text="F2L 2").click()
    page.locator("body").press("r")
    assert page.evaluate("window.solvelabPlayer.stages") is None
    expect(page.locator(".player-stages")).to_be_hidden()
    assert page.locator(".player-moves li.stage").count() == 0


def test_the_cfop_message_adds_up_on_a_turned_cube(page, site_url):
    page.goto(f"{site_url}cube/player/?setup={quote('Rw U M')}")
    expect(page.locator('[data-action="solve"]')).to_be_enabled(timeout=PYTHON_READY)
    page.select_option('[data-option="method"]', "cfop")
    page.get_by_role("button", name="Solve", exact=True).click()
    page.wait_for_function("window.solvelabPlayer?.stages", timeout=PYTHON_READY)
    text = page.locator(".player-message").text_content()
    found = re.fullmatch(
        r"CFOP solution: (\d+) moves? \(Cross (\d+), F2L (\d+), OLL (\d+), PLL (\d+)"
        r"(?:; (\d+) cancel where stages meet)?\)\."
        r"(?: Played stage by stage as found: (\d+) steps \(([^)]*)\)\.)?",
        text,
    )
    assert found, text
    total, *stages, saved, steps, why = found.groups()
    assert sum(map(int, stages)) - int(saved or 0) == int(total)
    moves = page.evaluate("window.solvelabPlayer.alg")
    assert int(steps or total) == len(moves)  # the steps said are the player's
    if steps:  # and why they differ from the moves, each reason only when it applies
        reasons = {
            "a slice turn counts as 2 moves": any(m[0] in "MES" for m in moves),
            "a rotation counts as none": any(m[0] in "xyz" for m in moves),
            "the moves that cancel are played": bool(saved),
        }
        assert why.split("; ") == [reason for reason, applies in reasons.items() if applies]
    expect(page.locator(".player-step")).to_have_text(re.compile(rf"/ {len(moves)}$"))
    alg = " ".join(moves)
    assert Cube().apply("Rw U M").apply(alg).is_solved()


def test_a_cfop_solution_keeps_its_stages_in_the_link(page, site_url):
    """The link says which solve it is (cfop= its cross): a reload, or the link opened
    elsewhere, shows the stages again, at the same step; a link whose moves are not
    that solution says so and shows them without stages."""
    stages = solve_by_cfop(page, site_url, cross="white")
    page.click('[data-action="start"]')
    for _ in range(stages[2]["start"] + 1):  # into F2L 2
        page.click('[data-action="forward"]')
    page.wait_for_function("new URLSearchParams(location.search).get('cfop') === 'white'")
    page.wait_for_function(f"location.search.includes('step={stages[2]['start'] + 1}')")
    link = page.url
    page.goto("about:blank")
    page.goto(link)
    page.wait_for_function("window.solvelabPlayer?.stages", timeout=PYTHON_READY)
    assert page.evaluate("window.solvelabPlayer.stages") == stages
    assert page.evaluate("window.solvelabPlayer.step") == stages[2]["start"] + 1
    expect(page.locator(".player-stages button[aria-current=step]")).to_have_text("F2L 2")
    expect(page.locator('[data-option="cross"]')).to_have_value("white")
    # Solve asked the same way plays on: the answer is on show (no new solve starts).
    page.get_by_role("button", name="Solve", exact=True).click()
    page.wait_for_function("window.solvelabPlayer?.playing")
    assert "solving" not in page.locator(".player-message").text_content()

    # Moves that are not the solution: shown, without stages, and said.
    page.goto(f"{site_url}cube/player/?setup={quote(SCRAMBLE)}&alg=R+U&cfop=white")
    expect(page.locator(".player-message")).to_have_text(
        "the link's moves are not the CFOP solution of its cube: they are shown without stages",
        timeout=PYTHON_READY,
    )
    assert page.evaluate("window.solvelabPlayer.alg") == ["R", "U"]
    assert page.evaluate("window.solvelabPlayer.stages") is None
    page.goto(f"{site_url}cube/player/?alg=R&cfop=purple")
    expect(page.locator(".player-message")).to_contain_text(
        'the link\'s cross "purple" is not one of any, white', timeout=PYTHON_READY
    )
