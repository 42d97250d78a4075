"""The live demo of the cube model's checker (site/cube/model.md): stickers on a
net, the mistakes of someone copying a cube, and Python's answer about them,
checked against solvelab.cube.Cube.from_stickers."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from solvelab.cube import Cube, InvalidCubeError

PYTHON = 300_000  # ms: Pyodide loads on a busy machine
SOLVED = "".join(face * 9 for face in "URFDLB")


def checker(page, site_url):
    page.goto(site_url + "cube/model/")
    demo = page.locator(".cube-check-demo")
    demo.scroll_into_view_if_needed()  # Python loads once the demo is in sight
    expect(demo).to_have_attribute("data-state", "ready", timeout=PYTHON)
    return demo


def press(demo, name):
    demo.get_by_role("button", name=name, exact=True).click()
    expect(demo).to_have_attribute("data-state", "ready", timeout=PYTHON)


def named(demo) -> list[int]:
    return demo.locator(".cube-check-sticker").evaluate_all(
        "(cells) => cells.flatMap((c, i) => (c.classList.contains('is-named') ? [i] : []))"
    )


def real(stickers: str) -> bool:
    try:
        Cube.from_stickers(stickers)
    except InvalidCubeError:
        return False
    return True


def test_the_checker_demo_answers_for_the_stickers_shown(page, site_url):
    demo = checker(page, site_url)
    message = demo.locator(".cube-check-message")
    expect(message).to_have_text(
        "A real cube: every piece is there once, the twists and flips add up, and the "
        "parities agree, so moves can solve it."
    )
    assert demo.get_attribute("data-stickers") == SOLVED
    press(demo, "Twist a corner")
    expect(message).to_have_text(
        "Not a real cube: a corner is twisted, likely the white-red-green one."
    )
    assert named(demo) == [8, 9, 20]  # U9, R1, F3
    press(demo, "Twist a corner")
    press(demo, "Twist a corner")  # three twists: the corner as it was
    assert demo.get_attribute("data-stickers") == SOLVED and named(demo) == []
    press(demo, "Swap two edges")
    expect(message).to_contain_text("the white-green and white-red edges are swapped")
    assert not real(demo.get_attribute("data-stickers"))
    for _ in range(3):  # a real cube each time, as the library says too
        press(demo, "Scramble")
        stickers = demo.get_attribute("data-stickers")
        assert real(stickers) and stickers != SOLVED
        expect(message).to_contain_text("A real cube")
    press(demo, "Solved")
    sticker = demo.get_by_role("button", name="U1: white")
    sticker.click()  # the next colour: red
    expect(demo).to_have_attribute("data-state", "ready", timeout=PYTHON)
    expect(demo.get_by_role("button", name="U1: red")).to_have_count(1)
    expect(message).to_have_text(
        "Not a real cube: there are 8 white and 10 red stickers: a cube has 9 of each colour."
    )
    # The red stickers, one of which is misread, are outlined: U1 and R's but its centre.
    assert named(demo) == [0, *range(9, 13), *range(14, 18)]


def test_the_checker_demo_is_one_tab_stop_with_arrows_and_tries_python_again(page, site_url):
    failing = True
    page.context.route(
        "**/pyodide/pyodide.asm.wasm",
        lambda route: route.abort() if failing else route.continue_(),
    )
    page.goto(site_url + "cube/model/")
    demo = page.locator(".cube-check-demo")
    demo.scroll_into_view_if_needed()
    expect(demo).to_have_attribute("data-state", "error", timeout=PYTHON)
    expect(demo.locator(".cube-check-message")).to_contain_text("The check could not run")
    failing = False
    demo.get_by_role("button", name="Try again").click()
    expect(demo).to_have_attribute("data-state", "ready", timeout=PYTHON)
    expect(demo.locator(".cube-check-message")).to_contain_text("A real cube")
    # The net is one Tab stop (U's centre); the arrows move within it, across the gaps.
    stickers = demo.locator(".cube-check-sticker")
    assert stickers.evaluate_all("(cells) => cells.filter((c) => c.tabIndex === 0).length") == 1
    stickers.nth(4).focus()
    for key, name in [("ArrowDown", "U8"), ("ArrowDown", "F2"), ("ArrowLeft", "F1")]:
        page.keyboard.press(key)
        expect(page.locator(".cube-check-sticker:focus")).to_have_attribute(
            "aria-label", re.compile(f"^{name}: ")
        )
    page.keyboard.press("ArrowLeft")  # from F1 to L3, the next face's
    expect(page.locator(".cube-check-sticker:focus")).to_have_attribute(
        "aria-label", re.compile("^L3: ")
    )
    page.keyboard.press("Enter")  # the next colour
    expect(demo.locator(".cube-check-message")).to_contain_text("Not a real cube")
