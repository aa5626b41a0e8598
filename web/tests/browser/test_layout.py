"""Every size and theme: desktop, 800x600 and phone, light and dark, with screenshots.

Screenshots land in test-output/ as test_layout_at_every_size_and_theme-<width>x<height>-<theme>.png.
"""

import pytest
from selenium.webdriver.common.by import By

from conftest import wait_for
from drawing import draw, login_screen

QUEUE_EMPTY = "return sketchd.link.state === 'live' && sketchd.store.queue.size === 0"
RECT = "const r = document.querySelector(arguments[0]).getBoundingClientRect(); return [r.left, r.top, r.width, r.height]"
IS_DARK = "(() => { const [r, g, b] = getComputedStyle(document.documentElement).backgroundColor.match(/\\d+/g).map(Number); return r + g + b < 150; })()"


def open_menu(driver, width):
    """On a phone the panel toggles are under More."""
    if width <= 640:
        driver.find_element(By.ID, "more-toggle").click()


def set_color_scheme(driver, scheme):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


@pytest.mark.parametrize("width,height", [(1440, 900), (800, 600), (390, 844)])
def test_layout_at_every_size_and_theme(sketchd, browsers, width, height):
    browsers.name = "test_layout_at_every_size_and_theme"
    d = browsers.open(sketchd.url, width=width, height=height)
    draw(d, login_screen())
    wait_for(d, QUEUE_EMPTY, 10, "strokes were not acknowledged")
    wait_for(d, "return sketchd.codePanel.allText().includes('Button')", 30, "no code")

    frame = d.execute_script(RECT, ".phone-frame")
    assert frame[0] >= 0 and frame[0] + frame[2] <= width + 1, f"the drawing frame is cut off: {frame}"
    if width >= 1280:
        code = d.execute_script(RECT, "#code")
        assert code[2] > 300 and code[0] >= frame[0] + frame[2], "the code is not beside the canvas"
        assert d.execute_script(RECT, ".preview")[2] > 0, "no preview beside the drawing"
    else:
        assert not d.find_element(By.ID, "code").is_displayed(), "the code should wait behind its toggle"
        open_menu(d, width)
        d.find_element(By.ID, "show-code").click()
        wait_for(d, "return document.getElementById('code').getBoundingClientRect().width > 300", 5, "Code does not open")
        browsers.screenshot(d, f"{width}x{height}-code-open")
        open_menu(d, width)
        d.find_element(By.ID, "show-code").click()
    if width <= 640:
        toolbar = d.execute_script(RECT, ".toolbar")
        assert toolbar[3] <= 60, f"the phone toolbar is {toolbar[3]} px tall"
        board = d.execute_script(RECT, "#board")
        assert board[0] <= 0.5 and board[2] >= width - 1, f"the canvas area is not full width: {board}"
        assert frame[2] >= width * 0.7, f"the drawing frame is only {frame[2]} px wide"
    else:
        assert frame[3] >= 300, f"the drawing frame is only {frame[2]}x{frame[3]} px"

    set_color_scheme(d, "light")
    wait_for(d, f"return !{IS_DARK}", 5, "the page does not follow prefers-color-scheme: light")
    browsers.screenshot(d, f"{width}x{height}-light")
    set_color_scheme(d, "dark")
    wait_for(d, f"return {IS_DARK}", 5, "the page does not follow prefers-color-scheme: dark")
    paper = d.execute_script("return getComputedStyle(document.querySelector('.phone-frame')).backgroundColor")
    assert paper == "rgb(255, 255, 255)", f"the drawing frame must stay paper-white for the ink: {paper}"
    browsers.screenshot(d, f"{width}x{height}-dark")


def test_the_theme_toggle_pins_light_or_dark_across_reloads(sketchd, browsers):
    d = browsers.open(sketchd.url)
    set_color_scheme(d, "light")
    d.find_element(By.ID, "theme-toggle").click()
    wait_for(d, f"return {IS_DARK}", 5, "the toggle does not switch to dark")
    d.refresh()
    wait_for(d, "return !!(window.sketchd && sketchd.link.state === 'live')", 20, "the page did not come back")
    wait_for(d, f"return {IS_DARK}", 5, "dark was not remembered")
    d.find_element(By.ID, "theme-toggle").click()
    wait_for(d, f"return !{IS_DARK}", 5, "the toggle does not switch back to light")
