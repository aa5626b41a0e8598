"""Copies land in free space, and a run of arrow-key nudges is one move: real mouse and keys.

Mouse input goes through the DevTools protocol, keys through WebDriver (helpers in test_select.py).
"""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import wait_for
from drawing import login_screen, squiggle
from test_select import CLEAR_OF_OTHERS, FIRST_POINT, QUEUE_EMPTY, drag, draw_each, ids_of, keys

ELEMENTS = """const r = sketchd.results.get('main');
  return (r?.elements ?? []).map((e) => ({ type: e.type, frame: e.frame, strokeIds: [...(e.strokeIds ?? [])].sort() }))"""


def test_a_duplicate_lands_in_free_space_and_what_was_drawn_is_recognised_as_before(sketchd, browsers):
    d = browsers.open(sketchd.url)
    draw_each(d, login_screen())
    wait_for(d, QUEUE_EMPTY, 10, "strokes were not acknowledged")
    wait_for(d, "return sketchd.results.get('main')?.seq >= sketchd.store.lastSeq", 30, "the screen was not recognised")
    before = d.execute_script(ELEMENTS)
    outline = ids_of(d)[3]
    assert any(e["type"] == "button" and outline in e["strokeIds"] for e in before), before

    d.find_element(By.TAG_NAME, "body").send_keys("v")
    drag(d, (30, 410), (365, 485))  # a marquee around the button: its outline and label
    wait_for(d, "return sketchd.selection().length === 2", 5, "the marquee did not select the button")
    keys(d, (Keys.CONTROL, "d"))
    wait_for(d, "return sketchd.state().liveStrokes().length === 7 && sketchd.store.queue.size === 0", 10,
             "Ctrl+D did not duplicate the button")
    copies = d.execute_script("return sketchd.selection()")
    assert len(copies) == 2 and not set(copies) & set(ids_of(d)[:5]), "the copies are selected"
    assert d.execute_script(CLEAR_OF_OTHERS, copies), "the duplicate lands on what is drawn"
    wait_for(d, "return sketchd.results.get('main')?.seq >= sketchd.store.lastSeq", 30, "the screen was not recognised again")
    browsers.screenshot(d, "duplicated")
    after = d.execute_script(ELEMENTS)
    for element in before:
        assert element in after, f"{element['type']} is no longer recognised as before: {after}"
    assert sum(e["type"] == "button" for e in after) == sum(e["type"] == "button" for e in before) + 1, after


def test_a_run_of_arrow_key_nudges_is_one_move_and_one_undo(sketchd, browsers):
    d = browsers.open(sketchd.url)
    draw_each(d, [squiggle(60, 200, 80)])
    wait_for(d, QUEUE_EMPTY, 10, "the stroke was not acknowledged")
    (stroke,) = ids_of(d)
    start = d.execute_script(FIRST_POINT, stroke)
    d.find_element(By.CSS_SELECTOR, "[data-tool=select]").click()
    drag(d, (30, 170), (220, 260))
    wait_for(d, "return sketchd.selection().length === 1", 5, "the marquee did not select the stroke")
    keys(d, *[Keys.ARROW_RIGHT] * 5, Keys.ARROW_DOWN)
    wait_for(d, "return sketchd.state().liveStroke(arguments[0]).points[0][0] === arguments[1] && sketchd.store.queue.size === 0",
             10, "the nudges were not stored", stroke, start[0] + 5)
    moves = d.execute_script("return sketchd.store.records.filter(r => r.event.kind === 'strokesMoved').map(r => r.event)")
    assert [(m["dx"], m["dy"]) for m in moves] == [(5, 1)], f"a run of six nudges is one move: {moves}"
    keys(d, (Keys.CONTROL, "z"))
    wait_for(d, "const p = sketchd.state().liveStroke(arguments[0]).points[0]; return p[0] === arguments[1][0] && p[1] === arguments[1][1]",
             10, "one undo did not take the whole run back", stroke, start)
