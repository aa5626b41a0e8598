"""A phone: no sideways page scroll, every control reachable, the screen fitted at a readable
scale; one finger draws, two fingers pan and pinch-zoom.

The window is a mobile viewport with touch (DevTools emulation); fingers go through
Input.dispatchTouchEvent, so the page receives real touch pointer events.
"""

import pytest
from selenium.webdriver.common.by import By

from conftest import wait_for
from contrast import low_contrast

QUEUE_EMPTY = "return sketchd.link.state === 'live' && sketchd.store.queue.size === 0"
ZOOM = "return parseFloat(document.querySelector('.phone-frame').style.getPropertyValue('--scale'))"
CLIENT_POINT_OF = """
const frame = document.querySelector('.phone-frame');
const r = frame.getBoundingClientRect(), s = parseFloat(frame.style.getPropertyValue('--scale'));
return [r.left + arguments[0] * s, r.top + arguments[1] * s];
"""
CANVAS_POINT_AT = """
const frame = document.querySelector('.phone-frame');
const r = frame.getBoundingClientRect(), s = parseFloat(frame.style.getPropertyValue('--scale'));
return [(arguments[0] - r.left) / s, (arguments[1] - r.top) / s];
"""
# Whether a control can be tapped: shown, inside the window, and on top at its centre.
REACHABLE = """
const node = document.getElementById(arguments[0]) ?? document.querySelector(arguments[0]);
if (!node || !node.getClientRects().length) return false;
const r = node.getBoundingClientRect();
if (r.width < 1 || r.left < 0 || r.top < 0 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) return false;
const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
return !!hit && (hit === node || node.contains(hit) || hit.contains(node));
"""
CONTROLS = ["[data-tool=pen]", "[data-tool=select]", "[data-tool=eraser]", "[data-tool=lasso]", "undo", "redo",
            "[data-color='#1b1f24']", "[data-color='#1f6feb']", "[data-color='#cf222e']", "[data-color='#1a7f37']",
            "[data-color='#8250df']", "pen-width", "zoom", "debug-toggle", "add-screen-tool", "show-preview", "show-code",
            "theme-toggle", "legend-open", "share-open", "export-open"]


def phone(browsers, url, width, height):
    d = browsers.open(url, width=width, height=height)
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
    d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    d.refresh()
    wait_for(d, "return !!(window.sketchd && sketchd.link.state === 'live')", 20, "the page did not go live")
    wait_for(d, "return !!document.querySelector('.phone-frame') && parseFloat(document.querySelector('.phone-frame').style.getPropertyValue('--scale')) > 0",
             10, "no screen")
    return d


def touch(driver, kind, points):
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
        "type": kind, "touchPoints": [{"x": x, "y": y, "id": i, "radiusX": 4, "radiusY": 4, "force": 1} for i, (x, y) in points]})


def fingers(driver, paths, steps=10):
    """Moves fingers along straight paths [(start, end), ...] (client points) together."""
    ids = list(range(len(paths)))
    at = lambda t: [(i, (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)) for i, (a, b) in zip(ids, paths)]
    touch(driver, "touchStart", at(0))
    for step in range(1, steps + 1):
        touch(driver, "touchMove", at(step / steps))
    touch(driver, "touchEnd", [])


@pytest.mark.parametrize("width,height", [(390, 844), (360, 740)])
def test_a_phone_reaches_every_control_and_draws_pans_and_zooms_by_touch(sketchd, browsers, width, height):
    browsers.name = f"test_phone-{width}x{height}"
    d = phone(browsers, sketchd.url, width, height)

    overflow = d.execute_script("""return [document.documentElement.scrollWidth - innerWidth,
        document.body.scrollWidth - innerWidth,
        ...[...document.querySelectorAll('.toolbar, .timeline, .toolbar .tool-group')].map((n) => n.scrollWidth - n.clientWidth)]""")
    assert max(overflow) <= 0, f"something scrolls sideways: {overflow}"
    # The first screen, fitted: whole, and big enough to draw on.
    frame = d.execute_script("const r = document.querySelector('.phone-frame').getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]")
    board = d.execute_script("const r = document.getElementById('board').getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]")
    assert frame[0] >= 0 and frame[2] <= width, f"the screen is cut off sideways: {frame}"
    assert (frame[2] - frame[0]) >= 0.7 * width, f"the screen is drawn too small to read: {frame[2] - frame[0]} px of {width}"

    # One finger draws.
    start, end = d.execute_script(CLIENT_POINT_OF, 60, 200), d.execute_script(CLIENT_POINT_OF, 300, 260)
    fingers(d, [(start, end)])
    wait_for(d, "return sketchd.state().liveStrokes().length === 1", 10, "one finger did not draw")
    wait_for(d, QUEUE_EMPTY, 10, "the stroke was not stored")
    stroke = d.execute_script("return sketchd.state().liveStrokes()[0].points.map(p => p.slice(0, 2))")
    assert abs(stroke[0][0] - 60) < 3 and abs(stroke[-1][0] - 300) < 3, stroke

    # Two fingers pan: the canvas point under them follows them, nothing is drawn.
    d.find_element(By.TAG_NAME, "body").send_keys("0")
    wait_for(d, f"{ZOOM} === 1", 5, "0 does not zoom to 100%")
    d.execute_script("const b = document.getElementById('board'); b.scrollTop = (b.scrollHeight - b.clientHeight) / 2;")
    mid = [width / 2, (board[1] + board[3]) / 2]
    under = d.execute_script(CANVAS_POINT_AT, *mid)
    fingers(d, [((mid[0] - 40, mid[1]), (mid[0] - 60, mid[1] - 80)), ((mid[0] + 40, mid[1]), (mid[0] + 20, mid[1] - 80))])
    after = d.execute_script(CANVAS_POINT_AT, mid[0] - 20, mid[1] - 80)
    assert abs(after[0] - under[0]) < 4 and abs(after[1] - under[1]) < 4, f"two fingers did not pan: {under} -> {after}"
    assert d.execute_script(ZOOM) == 1, "a two-finger pan changed the zoom"

    # Two fingers spreading apart zoom in about their middle.
    mid = [width / 2, (board[1] + board[3]) / 2]
    under = d.execute_script(CANVAS_POINT_AT, *mid)
    fingers(d, [((mid[0] - 40, mid[1]), (mid[0] - 80, mid[1])), ((mid[0] + 40, mid[1]), (mid[0] + 80, mid[1]))])
    zoom = d.execute_script(ZOOM)
    assert 1.8 < zoom < 2.2, f"spreading two fingers to twice their distance zoomed to {zoom}"
    after = d.execute_script(CANVAS_POINT_AT, *mid)
    assert abs(after[0] - under[0]) < 4 and abs(after[1] - under[1]) < 4, f"the pinch did not keep its middle: {under} -> {after}"
    assert d.execute_script("return sketchd.state().liveStrokes().length") == 1, "a two-finger gesture drew"
    browsers.screenshot(d, "pinched")

    # Everything else is under More.
    unreachable = [c for c in CONTROLS if not d.execute_script(REACHABLE, c)]
    assert unreachable, "every control fits in the row: the menu test below would prove nothing"
    d.find_element(By.ID, "more-toggle").click()
    wait_for(d, "return document.getElementById('more-toggle').getAttribute('aria-expanded') === 'true'", 5, "More does not open")
    still = [c for c in unreachable if not d.execute_script(REACHABLE, c)]
    browsers.screenshot(d, "more-open")
    assert still == [], f"not reachable, even under More: {still}"
    assert low_contrast(d, "#toolbar-more")["failures"] == [], "the More menu is hard to read"
    d.find_element(By.ID, "add-screen-tool").click()
    wait_for(d, "return document.querySelectorAll('.screen-card').length === 2", 10, "+ Screen does not add a screen")
    wait_for(d, "return document.getElementById('more-toggle').getAttribute('aria-expanded') === 'false'", 5,
             "the menu stays open after an action")

