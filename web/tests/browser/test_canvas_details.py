"""The canvas's smaller details: your own presence chip, a peer's cursor name at the frame's
edge, the tools during a replay, the Zoom menu's entries, a drag outside every screen, and
element badges where elements are dense."""

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import wait_for
from drawing import draw, rect, squiggle
from test_select import mouse

QUEUE_EMPTY = "return sketchd.link.state === 'live' && sketchd.store.queue.size === 0"
ZOOM_ENTRIES = "return [...document.getElementById('zoom').options].map(o => o.textContent)"
FIXED_ZOOMS = ["Fit", "50%", "75%", "100%"]
# Whether the element's box lies inside the box of the element the selector names.
INSIDE = """
const [node, outer] = [arguments[0], document.querySelector(arguments[1])];
const [a, b] = [node.getBoundingClientRect(), outer.getBoundingClientRect()];
return a.width > 0 && a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
"""

CURSOR_AT = """
const cursor = document.querySelector('.cursor');
const scale = parseFloat(document.querySelector('.phone-frame').style.getPropertyValue('--scale'));
const at = cursor?.style.transform.match(/translate\\(([-\\d.]+)px, ([-\\d.]+)px\\)/);
return !!at && Math.abs(at[1] - arguments[0] * scale) < 0.5 && Math.abs(at[2] - arguments[1] * scale) < 0.5;
"""


def test_your_own_chip_shows_the_initials_of_your_name(sketchd, browsers):
    d = browsers.open(sketchd.url)
    d.execute_script("localStorage.setItem('sketchd.name', 'Ana')")
    d.refresh()
    wait_for(d, "return !!(window.sketchd && sketchd.link.state === 'live')", 20, "the page did not go live")
    chip = d.find_element(By.CSS_SELECTOR, "#participants .chip")
    assert chip.text == "AN", f"your chip shows {chip.text!r} for Ana"
    assert chip.get_attribute("title") == "Ana (you)"


def test_a_peers_cursor_name_stays_inside_the_frame_at_its_edge(sketchd, browsers):
    a = browsers.open(sketchd.url)
    b = browsers.open(a.execute_script("return location.href"))
    for x, y in [(388, 300), (388, 840)]:
        b.execute_script("sketchd.link.send({type: 'presence', screen: 'main', x: arguments[0], y: arguments[1]})", x, y)
        wait_for(a, CURSOR_AT, 10, "the peer's cursor did not move there", x, y)
        name = a.find_element(By.CSS_SELECTOR, ".cursor .cursor-name")
        wait_for(a, INSIDE, 5, f"the cursor's name is cut at the frame's edge at ({x}, {y})", name, ".phone-frame")
    browsers.screenshot(a, "cursor-at-edge")


def test_a_replay_disables_the_tools_and_its_hint_names_the_button(sketchd, browsers):
    d = browsers.open(sketchd.url)
    draw(d, [squiggle(40, 100, 200), rect(40, 200, 300, 50)])
    wait_for(d, QUEUE_EMPTY, 10, "strokes were not acknowledged")
    slider = d.find_element(By.ID, "replay-slider")
    d.execute_script("arguments[0].value = 1; arguments[0].dispatchEvent(new Event('input'))", slider)
    wait_for(d, "return document.body.classList.contains('replaying')", 5, "no replay")
    wait_for(d, "return [...document.querySelectorAll('.tool')].every(b => b.disabled)", 5, "the tools stay enabled in a replay")
    opacity = d.execute_script("return parseFloat(getComputedStyle(document.querySelector('.tool[data-tool=pen]')).opacity)")
    assert opacity < 1, "the pen looks active in a replay"

    draw(d, [rect(40, 500, 300, 50)])
    button = d.find_element(By.ID, "replay-live").text
    wait_for(d, "return document.getElementById('toasts').textContent.includes(arguments[0])", 5,
             "the hint does not name the button as it is labelled", button)
    d.find_element(By.ID, "replay-live").click()
    wait_for(d, "return [...document.querySelectorAll('.tool')].every(b => !b.disabled)", 5, "the tools stay disabled when live")


def test_the_zoom_menu_shows_its_fixed_entries_and_the_current_zoom_once(sketchd, browsers):
    d = browsers.open(sketchd.url)
    body = d.find_element(By.TAG_NAME, "body")
    body.send_keys("0")
    wait_for(d, f"{ZOOM_ENTRIES}.join() === arguments[0]", 5, "100% is a fixed entry", ",".join(FIXED_ZOOMS))
    body.send_keys("+")
    wait_for(d, f"{ZOOM_ENTRIES}.join() === arguments[0]", 5, "the zoom in is not shown once",
             ",".join(FIXED_ZOOMS + ["125%"]))
    body.send_keys("+")
    wait_for(d, f"{ZOOM_ENTRIES}.join() === arguments[0]", 5, "a second zoom in is not shown in place of the first",
             ",".join(FIXED_ZOOMS + ["156%"]))
    Select(d.find_element(By.ID, "zoom")).select_by_value("fit")
    wait_for(d, f"{ZOOM_ENTRIES}.join() === arguments[0]", 5, "an old zoom stays in the menu after Fit", ",".join(FIXED_ZOOMS))
    assert d.execute_script("return document.getElementById('zoom').value") == "fit"


def test_a_drag_outside_every_screen_says_where_to_draw(sketchd, browsers):
    d = browsers.open(sketchd.url)
    x, y = d.execute_script("""const r = document.getElementById('board').getBoundingClientRect();
        const [x, y] = [r.right - 60, r.bottom - 60];
        const hit = document.elementFromPoint(x, y);
        return hit.closest('.phone-frame, .preview, button') ? null : [x, y];""")
    mouse(d, "mouseMoved", x, y, 0)
    mouse(d, "mousePressed", x, y, 1)
    for step in range(1, 6):
        mouse(d, "mouseMoved", x - step * 8, y - step * 4, 1)
    mouse(d, "mouseReleased", x - 40, y - 20, 0)
    wait_for(d, "return /inside a screen/.test(document.getElementById('toasts').textContent)", 5,
             "a drag outside every screen gives no hint")
    assert d.execute_script("return sketchd.store.queue.size + sketchd.state().liveStrokes().length") == 0


def test_element_badges_do_not_pile_up_where_elements_are_dense(sketchd, browsers):
    d = browsers.open(sketchd.url)
    draw(d, [squiggle(40 + col * 70, 260, 50, 3) for col in range(4)])
    wait_for(d, QUEUE_EMPTY, 10, "strokes were not acknowledged")
    wait_for(d, "return document.querySelectorAll('.el-box').length >= 3", 30, "the words were not recognised one by one")
    d.find_element(By.CSS_SELECTOR, ".tool[data-tool=select]").click()
    wait_for(d, "return document.body.dataset.tool === 'select'", 5, "the select tool did not take")
    # A result still arriving rebuilds the boxes: wait until the shown badges are those of the last one.
    wait_for(d, "const r = sketchd.results.get('main'); return !!r && r.seq >= sketchd.store.lastSeq", 30, "no result of every stroke")
    badges = wait_for(d, """const shown = [...document.querySelectorAll('.el-box .box-tag')]
        .filter(t => getComputedStyle(t).display !== 'none')
        .map(t => { const r = t.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; });
        return shown.length > 0 && shown""", 10, "no badge shows with the select tool")
    overlapping = [(a, b) for i, a in enumerate(badges) for b in badges[i + 1:]
                   if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]]
    browsers.screenshot(d, "badges")
    assert overlapping == [], f"badges cover each other: {overlapping}"
