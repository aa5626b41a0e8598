"""The previews and the code on a phone: the Preview toggle sits in the toolbar's row, turning
it on fits the drawing and its preview side by side, and the code opens as a sheet that leaves
the canvas above it to draw on."""

from selenium.webdriver.common.by import By

from conftest import wait_for
from test_phone import CLIENT_POINT_OF, REACHABLE, fingers, phone

RECT = "const r = document.querySelector(arguments[0]).getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]"
ZOOM = "return parseFloat(document.querySelector('.phone-frame').style.getPropertyValue('--scale'))"


def test_the_preview_is_one_tap_away_and_fits_beside_the_drawing(sketchd, browsers):
    d = phone(browsers, sketchd.url, 390, 844)
    assert d.execute_script("return document.body.classList.contains('previews-hidden')"), "a phone starts without previews"
    assert d.execute_script(REACHABLE, "show-preview"), "the Preview toggle is not in the toolbar's row"

    # Zoomed in and scrolled, as after drawing a while.
    d.find_element(By.TAG_NAME, "body").send_keys("0")
    wait_for(d, f"{ZOOM} === 1", 5, "0 does not zoom to 100%")
    d.execute_script("document.getElementById('board').scrollLeft = 120")
    d.find_element(By.ID, "show-preview").click()
    wait_for(d, "return document.getElementById('show-preview').getAttribute('aria-pressed') === 'true'", 5,
             "Preview does not turn on")
    wait_for(d, """const board = document.getElementById('board').getBoundingClientRect();
        const frame = document.querySelector('.phone-frame').getBoundingClientRect();
        const preview = document.querySelector('.preview').getBoundingClientRect();
        return preview.width > 0 && frame.left >= board.left && preview.right <= board.right + 0.5""", 10,
             "the drawing and its preview do not both fit the canvas after turning the preview on")
    browsers.screenshot(d, "preview-on")


def test_the_code_is_a_sheet_that_leaves_the_canvas_usable(sketchd, browsers):
    d = phone(browsers, sketchd.url, 390, 844)
    d.find_element(By.ID, "more-toggle").click()
    d.find_element(By.ID, "show-code").click()
    wait_for(d, "return document.getElementById('code').getBoundingClientRect().height > 100", 5, "Code does not open")
    sheet = d.execute_script(RECT, "#code-panel")
    board = d.execute_script(RECT, "#board")
    assert sheet[1] >= 844 * 0.35, f"the code covers the canvas: its top is at {sheet[1]} px"
    assert board[3] <= sheet[1] + 0.5, f"the canvas runs under the code: {board} vs {sheet}"
    browsers.screenshot(d, "code-sheet")

    # A finger draws on the canvas above the sheet.
    top = d.execute_script("return document.querySelector('.phone-frame').getBoundingClientRect().top")
    start, end = d.execute_script(CLIENT_POINT_OF, 60, 120), d.execute_script(CLIENT_POINT_OF, 300, 160)
    assert start[1] > top and end[1] < sheet[1], "the test's stroke is not above the sheet"
    fingers(d, [(start, end)])
    wait_for(d, "return sketchd.state().liveStrokes().length === 1", 10, "a finger does not draw above the sheet")

    d.find_element(By.ID, "code-close").click()
    wait_for(d, "return !document.body.classList.contains('code-open')", 5, "the sheet does not close")
    assert d.execute_script("return document.getElementById('show-code').getAttribute('aria-pressed')") == "false"
