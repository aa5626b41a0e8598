"""Select, move, nudge, delete, copy, paste and duplicate, with real mouse and keyboard input.

Mouse input goes through the DevTools protocol (Input.dispatchMouseEvent), so the page gets real
pointer events with real capture; keys go through WebDriver. Every check waits for a condition
with a deadline.
"""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import wait_for
from drawing import draw, rect, squiggle

QUEUE_EMPTY = "return sketchd.link.state === 'live' && sketchd.store.queue.size === 0"
CLIENT_POINT_OF = """
const frame = document.querySelector('.screen-card[data-screen="main"] .phone-frame');
const r = frame.getBoundingClientRect(), s = parseFloat(frame.style.getPropertyValue('--scale')) || 1;
return [r.left + arguments[0] * s, r.top + arguments[1] * s];
"""
FIRST_POINT = "return sketchd.state().liveStroke(arguments[0])?.points[0].slice(0, 2)"
LAST_KIND = "return sketchd.store.records.at(-1)?.event.kind"
# Whether the bounds of the strokes with these ids are clear of every other live stroke's bounds.
CLEAR_OF_OTHERS = """
const ids = new Set(arguments[0]);
const bounds = (strokes) => {
  const xs = strokes.flatMap((s) => s.points.map((p) => p[0])), ys = strokes.flatMap((s) => s.points.map((p) => p[1]));
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
};
const live = sketchd.state().liveStrokes('main');
const copy = bounds(live.filter((s) => ids.has(s.id)));
return live.filter((s) => !ids.has(s.id)).every((s) => {
  const o = bounds([s]);
  return copy.x1 < o.x0 || o.x1 < copy.x0 || copy.y1 < o.y0 || o.y1 < copy.y0;
});
"""


SHIFT = 8  # DevTools modifier bit


def mouse(driver, kind, x, y, buttons, modifiers=0):
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "modifiers": modifiers,
                                                        "buttons": buttons, "clickCount": 0 if kind == "mouseMoved" else 1})


def drag(driver, start, end, steps=8, before_release=None, modifiers=0):
    """A real mouse drag on the main screen between two canvas points."""
    x0, y0 = driver.execute_script(CLIENT_POINT_OF, *start)
    x1, y1 = driver.execute_script(CLIENT_POINT_OF, *end)
    mouse(driver, "mouseMoved", x0, y0, 0, modifiers)
    mouse(driver, "mousePressed", x0, y0, 1, modifiers)
    for i in range(1, steps + 1):
        mouse(driver, "mouseMoved", x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps, 1, modifiers)
    if before_release:
        before_release()
    mouse(driver, "mouseReleased", x1, y1, 0, modifiers)


def keys(driver, *sequence):
    chain = ActionChains(driver)
    for key in sequence:
        if isinstance(key, tuple):  # (modifier, key)
            chain.key_down(key[0]).send_keys(key[1]).key_up(key[0])
        else:
            chain.send_keys(key)
    chain.perform()


def draw_each(driver, strokes):
    """Draws strokes one call each, so each is placed against the frame as laid out at that moment."""
    for stroke in strokes:
        draw(driver, [stroke])


def ids_of(driver):
    return driver.execute_script("return sketchd.state().liveStrokes().map(s => s.id)")


def draw_button(d):
    """A button (outline and label) at (40, 300); waits until it is stored and recognised."""
    draw_each(d, [rect(40, 300, 310, 52), squiggle(150, 326, 90, 5)])
    wait_for(d, QUEUE_EMPTY, 10, "strokes were not acknowledged")
    wait_for(d, "return sketchd.results.get('main')?.seq >= sketchd.store.lastSeq", 30, "the button was not recognised")
    return ids_of(d)


def element_frame(d, stroke_id, min_seq):
    return wait_for(d, """const r = sketchd.results.get('main');
        if (!r || r.seq < arguments[1]) return null;
        const e = (r.elements ?? []).find(e => (e.strokeIds ?? []).includes(arguments[0]));
        return e ? e.frame : null""", 30, "no recognition of the element after the change", stroke_id, min_seq)


def test_dragging_an_element_moves_it_with_a_live_preview_and_the_move_survives_a_reload(sketchd, browsers):
    d = browsers.open(sketchd.url)
    outline, label = draw_button(d)
    before = element_frame(d, outline, 0)
    d.find_element(By.TAG_NAME, "body").send_keys("v")
    wait_for(d, "return document.body.dataset.tool === 'select'", 5, "V does not pick the select tool")

    def preview_is_live():
        # Mid-drag: the selection box has followed the pointer, and nothing is stored yet.
        wait_for(d, """const box = document.querySelector('.screen-card[data-screen="main"] .selection-box');
            const frame = box?.closest('.phone-frame');
            if (!box) return false;
            const s = parseFloat(frame.style.getPropertyValue('--scale'));
            return Math.abs(box.offsetTop / s - (300 + 100)) < 8""", 5, "the selection does not follow the drag")
        assert d.execute_script(LAST_KIND) != "strokesMoved"

    drag(d, (60, 302), (110, 402), before_release=preview_is_live)
    wait_for(d, QUEUE_EMPTY, 10, "the move was not acknowledged")
    move = d.execute_script("return sketchd.store.records.at(-1).event")
    assert move["kind"] == "strokesMoved"
    assert sorted(move["strokeIds"]) == sorted([outline, label]), "the whole element moves"
    assert abs(move["dx"] - 50) <= 1 and abs(move["dy"] - 100) <= 1, move
    assert d.execute_script("return sketchd.store.records.filter(r => r.event.kind === 'strokesMoved').length") == 1, \
        "one move op for the whole drag"
    moved_seq = d.execute_script("return sketchd.store.lastSeq")
    after = element_frame(d, outline, moved_seq)
    assert abs(after["y"] - before["y"] - move["dy"]) <= 8, (before, after)
    browsers.screenshot(d, "moved")

    d.refresh()
    wait_for(d, "return !!(window.sketchd && sketchd.link.state === 'live' && sketchd.store.lastSeq >= arguments[0])", 20,
             "the page did not catch up after the reload", moved_seq)
    point = d.execute_script(FIRST_POINT, outline)
    assert abs(point[0] - (40 + move["dx"])) <= 0.5 and abs(point[1] - (300 + move["dy"])) <= 0.5, point
    reloaded = element_frame(d, outline, moved_seq)
    assert abs(reloaded["y"] - after["y"]) <= 1, (after, reloaded)


def test_marquee_select_nudge_undo_and_delete(sketchd, browsers):
    d = browsers.open(sketchd.url)
    draw_each(d, [squiggle(60, 200, 80), squiggle(60, 240, 80), squiggle(60, 600, 80)])
    wait_for(d, QUEUE_EMPTY, 10, "strokes were not acknowledged")
    first, second, third = ids_of(d)
    d.find_element(By.CSS_SELECTOR, "[data-tool=select]").click()
    drag(d, (30, 170), (220, 270))
    wait_for(d, "return sketchd.selection().length === 2", 5, "the marquee did not select the two strokes inside it")
    assert sorted(d.execute_script("return sketchd.selection()")) == sorted([first, second])

    start = d.execute_script(FIRST_POINT, first)
    keys(d, Keys.ARROW_RIGHT, (Keys.SHIFT, Keys.ARROW_DOWN))
    wait_for(d, "return sketchd.store.records.filter(r => r.event.kind === 'strokesMoved').length === 1 && "
                "sketchd.store.queue.size === 0", 10, "the nudges were not stored as one move")
    assert d.execute_script(FIRST_POINT, first) == [start[0] + 1, start[1] + 10]
    assert d.execute_script(FIRST_POINT, third) == [60, 600], "an unselected stroke stays"
    drag(d, (60, 600), (60, 600), steps=1, modifiers=SHIFT)  # Shift+click adds the third stroke
    wait_for(d, "return sketchd.selection().length === 3", 5, "Shift+click did not add to the selection")
    drag(d, (60, 600), (60, 600), steps=1)  # a plain click selects only it
    wait_for(d, "return sketchd.selection().length === 1", 5, "a plain click did not replace the selection")
    drag(d, (30, 170), (220, 270))
    wait_for(d, "return sketchd.selection().length === 2", 5, "the marquee did not select the two strokes again")

    keys(d, (Keys.CONTROL, "z"))
    wait_for(d, "return sketchd.state().liveStroke(arguments[0]).points[0][1] === arguments[1]", 10,
             "undo did not take the nudges back", first, start[1])
    keys(d, Keys.DELETE)
    wait_for(d, f"{LAST_KIND.replace('return ', 'return ')} === 'strokesErased' && sketchd.store.queue.size === 0", 10,
             "Delete did not erase the selection")
    assert ids_of(d) == [third]
    assert d.execute_script("return sketchd.selection().filter(id => sketchd.state().liveStroke(id)).length") == 0
    keys(d, (Keys.CONTROL, "z"))
    wait_for(d, "return sketchd.state().liveStrokes().length === 3", 10, "undo did not bring the erased strokes back")


def test_select_all_copy_paste_duplicate_escape_and_fit_selection(sketchd, browsers):
    d = browsers.open(sketchd.url)
    draw_each(d, [squiggle(60, 200, 80), squiggle(60, 700, 80)])
    wait_for(d, QUEUE_EMPTY, 10, "strokes were not acknowledged")
    first, second = ids_of(d)
    d.find_element(By.CSS_SELECTOR, "[data-tool=select]").click()
    drag(d, (62, 200), (62, 200), steps=1)  # a click on the first stroke
    wait_for(d, "return sketchd.selection().length === 1", 5, "a click did not select the stroke")

    keys(d, (Keys.CONTROL, "d"))
    wait_for(d, "return sketchd.state().liveStrokes().length === 3 && sketchd.store.queue.size === 0", 10,
             "Ctrl+D did not duplicate")
    copy = d.execute_script("return sketchd.state().liveStrokes().at(-1)")
    assert copy["id"] not in (first, second), "the duplicate has a new id"
    original = d.execute_script("return sketchd.state().liveStroke(arguments[0])", first)
    dx, dy = copy["points"][0][0] - original["points"][0][0], copy["points"][0][1] - original["points"][0][1]
    assert [p[:2] for p in copy["points"]] == [[p[0] + dx, p[1] + dy] for p in original["points"]], "the copy is the same shape"
    assert d.execute_script(CLEAR_OF_OTHERS, [copy["id"]]), "the duplicate overlaps a drawn stroke"
    assert d.execute_script("return sketchd.selection()") == [copy["id"]], "the duplicate is selected"

    keys(d, (Keys.CONTROL, "a"))
    wait_for(d, "return sketchd.selection().length === 3", 5, "Ctrl+A did not select every stroke")
    keys(d, (Keys.CONTROL, "c"), (Keys.CONTROL, "v"))
    wait_for(d, "return sketchd.state().liveStrokes().length === 6 && sketchd.store.queue.size === 0", 10,
             "Ctrl+C then Ctrl+V did not paste three copies")
    live = ids_of(d)
    assert len(set(live)) == 6
    assert sorted(d.execute_script("return sketchd.selection()")) == sorted(live[3:]), "the pasted copies are selected"

    keys(d, "2")
    wait_for(d, """const box = document.querySelector('.selection-box').getBoundingClientRect();
        const board = document.getElementById('board').getBoundingClientRect();
        return box.top >= board.top && box.bottom <= board.bottom && box.height > board.height * 0.5""", 5,
             "2 did not fit the selection in the board")
    keys(d, Keys.ESCAPE)
    wait_for(d, "return sketchd.selection().length === 0 && !document.querySelector('.selection-box')", 5,
             "Esc did not clear the selection")
    browsers.screenshot(d, "pasted")

    # A paste is one step: one undo takes all three copies back, one redo brings them back.
    keys(d, (Keys.CONTROL, "z"))
    wait_for(d, "return sketchd.state().liveStrokes().length === 3 && sketchd.store.queue.size === 0", 10,
             "one Ctrl+Z did not take the whole paste back")
    assert ids_of(d) == live[:3]
    keys(d, (Keys.CONTROL, "y"))
    wait_for(d, "return sketchd.state().liveStrokes().length === 6 && sketchd.store.queue.size === 0", 10,
             "one redo did not bring the whole paste back")
    keys(d, (Keys.CONTROL, "z"), (Keys.CONTROL, "z"))
    wait_for(d, "return sketchd.state().liveStrokes().length === 2 && sketchd.store.queue.size === 0", 10,
             "two Ctrl+Z did not take back the paste and then the duplicate")


LINKED_TEXT = "return [...document.querySelectorAll('#code .code-line.linked .lc')].map(n => n.textContent)"


def test_a_selected_element_marks_its_code_and_a_click_on_its_code_selects_it(sketchd, browsers):
    d = browsers.open(sketchd.url)
    outline, label = draw_button(d)
    element_id = wait_for(d, """const r = sketchd.results.get('main');
        const e = (r?.elements ?? []).find(e => (e.strokeIds ?? []).includes(arguments[0]));
        return e && Object.values(sketchd.codePanel.sourceMap).some(m => m[e.id]) ? e.id : null""", 30,
        "the code has no lines for the drawn element", outline)
    path, (start, end) = d.execute_script("""return Object.entries(sketchd.codePanel.sourceMap)
        .filter(([p, m]) => m[arguments[0]]).map(([p, m]) => [p, m[arguments[0]]])[0]""", element_id)
    expected = d.execute_script("return sketchd.codePanel.text(arguments[0]).split('\\n')", path)[start:end]

    d.find_element(By.TAG_NAME, "body").send_keys("v")
    drag(d, (60, 302), (60, 302), steps=1)  # a click on the element
    wait_for(d, f"{LINKED_TEXT}.length === arguments[0]", 5, "selecting the element did not mark its code", end - start)
    assert [line.rstrip() for line in d.execute_script(LINKED_TEXT)] == [line.rstrip() for line in expected]
    browsers.screenshot(d, "linked-code")

    keys(d, Keys.ESCAPE, Keys.ESCAPE)  # the correction menu, then the selection
    wait_for(d, f"{LINKED_TEXT}.length === 0 && sketchd.selection().length === 0", 5, "Esc did not clear the selection")

    line = d.find_element(By.CSS_SELECTOR, f"#code .code-line[data-line='{start}']")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", line)
    line.click()
    wait_for(d, "return sketchd.selection().length > 0", 5, "a click on the element's code selected nothing")
    assert outline in d.execute_script("return sketchd.selection()")
    wait_for(d, "return !!document.querySelector('.screen-card[data-screen=\"main\"] .selection-box')", 5,
             "the element picked in the code is not shown selected on the canvas")

    keys(d, Keys.ESCAPE)
    wait_for(d, "return sketchd.selection().length === 0", 5, "Esc did not clear the selection")
    d.execute_script("document.querySelector(`.preview [data-element-id=\"${CSS.escape(arguments[0])}\"]`).click()", element_id)
    wait_for(d, f"{LINKED_TEXT}.length === arguments[0]", 5, "picking the element in the preview did not mark its code",
             end - start)

