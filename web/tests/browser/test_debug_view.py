"""The debug view's raw detections come from the daemon only while the view is on.

A page that does not show them does not receive them (they are over half of every recognition
message); turning the view on asks for them (`watchDetections`) and the current ones arrive at
once; the wish survives a reconnect; a replay shown when the view is turned on is asked for again.
"""

from selenium.webdriver.common.by import By

from conftest import wait_for
from drawing import draw, login_screen, rect

QUEUE_EMPTY = "return sketchd.link.state === 'live' && sketchd.store.queue.size === 0"
HAS_ELEMENTS = "const r = sketchd.results.get('main'); return !!r && (r.elements ?? []).length > 0"
HAS_DETECTIONS = "const r = sketchd.results.get('main'); return !!r && Array.isArray(r.detections) && r.detections.length > 0"


def test_detections_arrive_only_while_the_debug_view_is_on(sketchd, browsers):
    d = browsers.open(sketchd.url)
    draw(d, login_screen())
    wait_for(d, QUEUE_EMPTY, 10, "strokes were not acknowledged")
    wait_for(d, HAS_ELEMENTS, 30, "no recognition")
    assert d.execute_script("return sketchd.results.get('main').detections === undefined"), \
        "a page without the debug view got the detections"
    assert d.execute_script("return document.querySelectorAll('.det-box').length") == 0

    d.find_element(By.ID, "debug-toggle").click()
    wait_for(d, HAS_DETECTIONS, 10, "turning the debug view on did not bring the detections")
    wait_for(d, "return document.querySelectorAll('.det-box').length > 0", 10, "the debug view draws no detection")

    # A reconnect keeps the wish: the results after the catch-up carry them again.
    d.execute_script("sketchd.results.get('main').detections = undefined; sketchd.link.reconnect()")
    wait_for(d, HAS_DETECTIONS, 20, "after a reconnect the debug view lost its detections")

    # Turned off, newer results come without them.
    d.find_element(By.ID, "debug-toggle").click()
    seq = d.execute_script("return sketchd.results.get('main').seq")
    draw(d, [rect(40, 560, 310, 48)])
    wait_for(d, QUEUE_EMPTY, 10, "the stroke was not acknowledged")
    wait_for(d, f"return sketchd.results.get('main').seq > {seq}", 30, "no result for the new stroke")
    assert d.execute_script("return sketchd.results.get('main').detections === undefined"), \
        "the debug view is off, yet the detections still come"

    # A replay shown without the view comes without them; turning the view on brings them.
    slider = d.find_element(By.ID, "replay-slider")
    d.execute_script("arguments[0].value = 5; arguments[0].dispatchEvent(new Event('input'))", slider)
    replayed = "const r = sketchd.app.get('replay').results.get('main'); return !!r && r.seq === 5"
    wait_for(d, replayed, 20, "the replay's results did not come")
    assert d.execute_script("return sketchd.app.get('replay').results.get('main').detections === undefined")
    d.find_element(By.ID, "debug-toggle").click()
    wait_for(d, "const r = sketchd.app.get('replay').results.get('main'); return !!r && r.seq === 5 && Array.isArray(r.detections)",
             20, "turning the debug view on during a replay did not bring the replay's detections")
