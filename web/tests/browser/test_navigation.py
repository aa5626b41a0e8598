"""Infinite-canvas navigation: zoom about the pointer, pan without drawing, zoom keys, kept on reload.

Wheel and mouse input go through the DevTools protocol, so the page receives real input events.
"""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import wait_for
from drawing import draw, squiggle

QUEUE_EMPTY = "return sketchd.link.state === 'live' && sketchd.store.queue.size === 0"
ZOOM = "return parseFloat(document.querySelector('.phone-frame').style.getPropertyValue('--scale'))"
CANVAS_POINT_AT = """
const frame = document.querySelector('.phone-frame');
const r = frame.getBoundingClientRect(), s = parseFloat(frame.style.getPropertyValue('--scale'));
return [(arguments[0] - r.left) / s, (arguments[1] - r.top) / s];
"""
CLIENT_POINT_OF = """
const frame = document.querySelector('.phone-frame');
const r = frame.getBoundingClientRect(), s = parseFloat(frame.style.getPropertyValue('--scale'));
return [r.left + arguments[0] * s, r.top + arguments[1] * s];
"""
SCROLL_TOP = "document.getElementById('board').scrollTop"


def mouse(driver, kind, x, y, button="left", buttons=1, **extra):
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": button,
                                                        "buttons": buttons, **extra})


def test_ctrl_wheel_zooms_about_the_pointer_and_keys_step_and_fit(sketchd, browsers):
    d = browsers.open(sketchd.url)
    body = d.find_element(By.TAG_NAME, "body")
    body.send_keys("0")
    wait_for(d, f"{ZOOM} === 1", 5, "0 does not zoom to 100%")
    x, y = d.execute_script(CLIENT_POINT_OF, 200, 300)
    before = d.execute_script(CANVAS_POINT_AT, x, y)
    mouse(d, "mouseWheel", x, y, button="none", buttons=0, deltaX=0, deltaY=-200, modifiers=2)  # Ctrl
    wait_for(d, f"{ZOOM} > 1.2", 5, "Ctrl+wheel did not zoom in")
    after = d.execute_script(CANVAS_POINT_AT, x, y)
    assert abs(after[0] - before[0]) < 2 and abs(after[1] - before[1]) < 2, (before, after)

    body.send_keys("-")
    zoomed = d.execute_script(ZOOM)
    body.send_keys("-")
    wait_for(d, f"{ZOOM} < arguments[0]", 5, "- does not zoom out", zoomed)
    body.send_keys("+")
    wait_for(d, f"return Math.abs({ZOOM.replace('return ', '')} - arguments[0]) < 0.01", 5, "+ does not undo -", zoomed)

    # A second screen: 1 fits both, side by side, inside the visible board.
    d.find_element(By.CSS_SELECTOR, ".add-screen").click()
    wait_for(d, "return document.querySelectorAll('.screen-card').length === 2", 10, "no second screen")
    body.send_keys("1")
    wait_for(d, """const b = document.getElementById('board').getBoundingClientRect();
                   return [...document.querySelectorAll('.phone-frame')].every(f => {
                     const r = f.getBoundingClientRect(); return r.right <= b.right + 1 && r.left >= b.left - 1; })""",
             10, "1 does not fit every screen")
    browsers.screenshot(d, "fit-all")


def test_zoom_survives_a_reload_and_a_focused_select_does_not_swallow_shortcuts(sketchd, browsers):
    d = browsers.open(sketchd.url)
    draw(d, [squiggle(60, 200, 200)])
    wait_for(d, QUEUE_EMPTY, 10, "stroke was not acknowledged")
    zoom = d.find_element(By.ID, "zoom")
    zoom.click()
    d.execute_script("arguments[0].value = '0.5'; arguments[0].dispatchEvent(new Event('change'))", zoom)
    wait_for(d, f"{ZOOM} === 0.5", 5, "choosing 50% did not zoom")
    d.execute_script("arguments[0].focus()", zoom)
    zoom.send_keys(Keys.CONTROL, "z")
    wait_for(d, "return sketchd.state().liveStrokes().length === 0", 10, "Ctrl+Z in the zoom select did not undo")
    d.refresh()
    wait_for(d, "return !!(window.sketchd && sketchd.link.state === 'live')", 20, "the page did not come back")
    wait_for(d, f"{ZOOM} === 0.5", 10, "the zoom was not kept across a reload")


def test_space_drag_and_middle_drag_pan_without_drawing(sketchd, browsers):
    d = browsers.open(sketchd.url)
    d.find_element(By.TAG_NAME, "body").send_keys("0")
    d.execute_script("document.getElementById('board').scrollTo(0, 0)")
    x, y = d.execute_script(CLIENT_POINT_OF, 200, 500)
    mouse(d, "mousePressed", x, y, button="middle", buttons=4, clickCount=1)
    for step in range(1, 6):
        mouse(d, "mouseMoved", x, y - step * 20, button="middle", buttons=4)
    mouse(d, "mouseReleased", x, y - 100, button="middle", buttons=0, clickCount=1)
    wait_for(d, f"return {SCROLL_TOP} > 50", 5, "middle-drag did not pan")

    d.execute_cdp_cmd("Input.dispatchKeyEvent", {"type": "keyDown", "code": "Space", "key": " ", "windowsVirtualKeyCode": 32})
    start = d.execute_script(f"return {SCROLL_TOP}")
    x, y = d.execute_script(CLIENT_POINT_OF, 200, 600)
    mouse(d, "mousePressed", x, y, clickCount=1)
    for step in range(1, 6):
        mouse(d, "mouseMoved", x, y + step * 10)
    mouse(d, "mouseReleased", x, y + 50, buttons=0, clickCount=1)
    d.execute_cdp_cmd("Input.dispatchKeyEvent", {"type": "keyUp", "code": "Space", "key": " ", "windowsVirtualKeyCode": 32})
    wait_for(d, f"return {SCROLL_TOP} < arguments[0]", 5, "space+drag did not pan", start)
    assert d.execute_script("return sketchd.store.queue.size + sketchd.state().liveStrokes().length") == 0, \
        "panning drew a stroke"


def touch(driver, kind, points):
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
        "type": kind, "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in points]})


def test_a_pinch_that_began_as_a_one_finger_stroke_zooms_and_draws_nothing(sketchd, browsers):
    d = browsers.open(sketchd.url)
    d.find_element(By.TAG_NAME, "body").send_keys("0")
    wait_for(d, f"{ZOOM} === 1", 5, "0 does not zoom to 100%")
    ax, ay = d.execute_script(CLIENT_POINT_OF, 150, 400)
    bx, by = d.execute_script(CLIENT_POINT_OF, 250, 400)
    # One finger lands and starts to draw; the second arrives and the two spread apart.
    touch(d, "touchStart", [(0, (ax, ay))])
    for step in range(1, 4):
        touch(d, "touchMove", [(0, (ax - step * 3, ay))])
    touch(d, "touchStart", [(0, (ax - 9, ay)), (1, (bx, by))])
    for step in range(1, 8):
        touch(d, "touchMove", [(0, (ax - 9 - step * 10, ay)), (1, (bx + step * 10, by))])
    touch(d, "touchEnd", [])
    wait_for(d, f"{ZOOM} > 1.3", 5, "the pinch did not zoom")
    wait_for(d, "return sketchd.link.state === 'live'", 5, "the page is not live")
    assert d.execute_script("return sketchd.store.queue.size + sketchd.state().liveStrokes().length") == 0, \
        "the pinch left a stroke"
    # And a one-finger touch still draws.
    cx, cy = d.execute_script(CLIENT_POINT_OF, 150, 380)
    touch(d, "touchStart", [(0, (cx, cy))])
    for step in range(1, 8):
        touch(d, "touchMove", [(0, (cx + step * 12, cy + (step % 2) * 6))])
    touch(d, "touchEnd", [])
    wait_for(d, "return sketchd.state().liveStrokes().length === 1", 10, "a one-finger touch did not draw")
