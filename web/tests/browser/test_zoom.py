"""Fit shows every screen whole; a wheel notch zooms by at most 1.25x, a trackpad pinch in proportion.

Wheel input goes through the DevTools protocol (Input.dispatchMouseEvent), so the page gets real
wheel events with Ctrl held, as a trackpad pinch and a Ctrl+wheel notch arrive.
"""

import pytest
from selenium.webdriver.common.by import By

from conftest import wait_for

ZOOM = "return parseFloat(document.querySelector('.phone-frame').style.getPropertyValue('--scale'))"
EVERY_SCREEN_INSIDE = """
const b = document.getElementById('board').getBoundingClientRect();
const inside = (r) => r.left >= b.left - 1 && r.right <= b.right + 1 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1;
const parts = [...document.querySelectorAll('.phone-frame, .preview')].filter((n) => n.getClientRects().length);
return parts.length > 0 && parts.every((n) => inside(n.getBoundingClientRect()));
"""
OUTSIDE = """
const b = document.getElementById('board').getBoundingClientRect();
return [...document.querySelectorAll('.phone-frame, .preview')].filter((n) => n.getClientRects().length)
  .map((n) => { const r = n.getBoundingClientRect(); return [n.className, Math.round(r.left), Math.round(r.top), Math.round(r.right), Math.round(r.bottom)]; })
  .concat([['board', b.left, b.top, b.right, b.bottom]]);
"""


def ctrl_wheel(driver, delta_y):
    x, y = driver.execute_script("const r = document.getElementById('board').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]")
    before = driver.execute_script(ZOOM)
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": x, "y": y, "button": "none", "buttons": 0,
                                                        "deltaX": 0, "deltaY": delta_y, "modifiers": 2})  # Ctrl
    return wait_for(driver, f"const z = {ZOOM.replace('return ', '')}; return z !== arguments[0] ? z / arguments[0] : null", 5,
                    f"Ctrl+wheel {delta_y} did not zoom", before)


@pytest.mark.parametrize("width,height", [(1440, 900), (800, 600)])
def test_fit_shows_three_screens_whole(sketchd, browsers, width, height):
    browsers.name = f"test_fit-{width}x{height}"
    d = browsers.open(sketchd.url, width=width, height=height)
    for count in (2, 3):
        d.find_element(By.CSS_SELECTOR, ".add-screen").click()
        wait_for(d, f"return document.querySelectorAll('.screen-card').length === {count}", 10, "no new screen")
    d.find_element(By.TAG_NAME, "body").send_keys("0")
    wait_for(d, f"{ZOOM} === 1", 5, "0 does not zoom to 100%")
    d.find_element(By.TAG_NAME, "body").send_keys("1")
    wait_for(d, f"{ZOOM} < 1", 5, "1 does not fit")
    try:
        wait_for(d, EVERY_SCREEN_INSIDE, 10, "Fit leaves part of a screen outside the board")
    except AssertionError as failure:
        raise AssertionError(f"{failure}: {d.execute_script(OUTSIDE)}") from None
    finally:
        browsers.screenshot(d, "fit")
    zoom = d.execute_script(ZOOM)
    assert zoom > 0.15, f"Fit zoomed out to {zoom}: far smaller than needed"
    assert not d.execute_script("return document.getElementById('board').scrollWidth > document.getElementById('board').clientWidth + 200"), \
        d.execute_script(OUTSIDE)


def test_a_wheel_notch_zooms_at_most_1_25x_and_a_trackpad_pinch_in_proportion(sketchd, browsers):
    d = browsers.open(sketchd.url)
    d.find_element(By.TAG_NAME, "body").send_keys("0")
    wait_for(d, f"{ZOOM} === 1", 5, "0 does not zoom to 100%")
    for notch in (-100, -120, 100, 120, -300):
        factor = ctrl_wheel(d, notch)
        step = factor if notch < 0 else 1 / factor
        assert 1.05 < step <= 1.25 + 1e-6, f"one Ctrl+wheel notch of {notch} zoomed by {step:.3f}x"
    small = ctrl_wheel(d, -4)
    double = ctrl_wheel(d, -8)
    assert small > 1.005, f"a small trackpad delta did not zoom: {small}"
    assert abs(double - small ** 2) < 0.01, f"trackpad zoom not in proportion to its deltas: -4 gave {small}, -8 gave {double}"
