"""Eraser, lasso grouping, text correction on the canvas, and several screens."""

from selenium.webdriver.common.by import By

from conftest import wait_for
from drawing import draw, rect, squiggle, DRAW_JS

QUEUE_EMPTY = "return sketchd.link.state === 'live' && sketchd.store.queue.size === 0"
LIVE_COUNT = "return sketchd.state().liveStrokes().length"
KINDS = "return sketchd.store.records.map(r => r.event.kind)"


def gesture(driver, points, screen="main"):
    """Drags with whatever tool is selected (the same synthetic pen as drawing)."""
    driver.execute_script(DRAW_JS, screen, [[list(p) for p in points]])


def pick_a_drawn_button(d):
    """Draws a button, waits for its recognition and taps it with the select tool (the menu opens)."""
    draw(d, [rect(40, 300, 310, 52), squiggle(150, 326, 90, 5)])
    wait_for(d, QUEUE_EMPTY, 10, "strokes were not acknowledged")
    wait_for(d, "return document.querySelectorAll('.preview .pv-element').length > 0", 20, "nothing recognised")
    d.find_element(By.CSS_SELECTOR, "[data-tool=select]").click()
    gesture(d, [(60, 305)])
    wait_for(d, "return !document.getElementById('correction-menu').hidden", 5, "tapping the element opened no menu")


def test_the_eraser_rubs_out_strokes_it_passes_over(sketchd, browsers):
    d = browsers.open(sketchd.url)
    draw(d, [squiggle(40, 200, 300), squiggle(40, 500, 300)])
    wait_for(d, QUEUE_EMPTY, 10, "strokes were not acknowledged")
    d.find_element(By.CSS_SELECTOR, "[data-tool=eraser]").click()
    gesture(d, [(190, 150), (190, 200), (190, 250)])
    wait_for(d, QUEUE_EMPTY, 10, "the erase was not acknowledged")
    assert d.execute_script(LIVE_COUNT) == 1
    assert d.execute_script(KINDS)[-1] == "strokesErased"
    d.find_element(By.ID, "undo").click()
    wait_for(d, LIVE_COUNT.replace("return ", "return 2 === "), 10, "undo did not bring the erased stroke back")


def test_the_lasso_groups_the_strokes_it_surrounds(sketchd, browsers):
    d = browsers.open(sketchd.url)
    draw(d, [squiggle(60, 300, 100), squiggle(60, 330, 80), squiggle(60, 600, 100)])
    wait_for(d, QUEUE_EMPTY, 10, "strokes were not acknowledged")
    d.find_element(By.CSS_SELECTOR, "[data-tool=lasso]").click()
    gesture(d, [(40, 270), (200, 270), (200, 360), (40, 360), (40, 272)])
    wait_for(d, QUEUE_EMPTY, 10, "the group was not acknowledged")
    merged = d.execute_script("return sketchd.store.records.at(-1).event")
    assert merged["kind"] == "strokesMerged"
    assert len(merged["strokeIds"]) == 2


def test_text_typed_into_an_element_picked_on_the_canvas_shows_at_once(sketchd, browsers):
    d = browsers.open(sketchd.url)
    pick_a_drawn_button(d)
    field = d.find_element(By.CSS_SELECTOR, "#correction-menu input[type=text]")
    field.send_keys("Log in")
    d.find_element(By.CSS_SELECTOR, "#correction-menu button[type=submit]").click()
    wait_for(d, "return document.querySelector('.preview').textContent.includes('Log in')", 5,
             "the typed text does not show in the preview")
    wait_for(d, QUEUE_EMPTY, 10, "the text was not acknowledged")
    assert d.execute_script("return sketchd.store.records.at(-1).event.kind") == "textSet"
    wait_for(d, "return sketchd.codePanel.allText().includes('Log in')", 20, "the code does not show the typed text")
    browsers.screenshot(d, "typed-text")


def test_several_screens_side_by_side(sketchd, browsers):
    d = browsers.open(sketchd.url)
    d.find_element(By.CSS_SELECTOR, ".add-screen").click()
    wait_for(d, "return document.querySelectorAll('.screen-card').length === 2", 10, "no second screen")
    second = d.execute_script("return document.querySelectorAll('.screen-card')[1].dataset.screen")
    draw(d, [rect(40, 300, 310, 52)], screen=second)
    wait_for(d, QUEUE_EMPTY, 10, "stroke was not acknowledged")
    assert d.execute_script(f"return sketchd.state().liveStrokes('{second}').length") == 1
    assert d.execute_script("return sketchd.state().liveStrokes('main').length") == 0
    d.find_elements(By.CSS_SELECTOR, ".screen-card")[1].find_element(By.CSS_SELECTOR, "button.ghost.small").click()  # Taller
    wait_for(d, f"return sketchd.state().screens().find(s => s.id === '{second}').height > 844", 10, "the screen did not grow")
    wait_for(d, "return document.querySelectorAll('.screen-card')[1].querySelectorAll('.fold').length === 1", 5,
             "no mark where the device screen ends")
    browsers.screenshot(d, "two-screens")


def test_ignored_strokes_are_drawn_dimmed_and_can_be_picked_to_un_ignore(sketchd, browsers):
    d = browsers.open(sketchd.url)
    pick_a_drawn_button(d)
    d.execute_script("[...document.querySelectorAll('#correction-menu button')].find(b => b.textContent === 'Ignore').click()")
    wait_for(d, "return document.querySelector('.phone-frame').dataset.ignored === '2'", 10,
             "the ignored strokes are not drawn as ignored")
    assert d.execute_script("return sketchd.state().liveStrokes().length") == 2, "ignored strokes must stay visible"
    browsers.screenshot(d, "ignored-strokes")
    gesture(d, [(40, 320)])  # on the rectangle's left edge
    wait_for(d, "const e = sketchd.store.records.at(-1).event; return e.kind === 'strokesIgnored' && e.ignored === false",
             10, "picking an ignored stroke did not un-ignore it")
    wait_for(d, "return document.querySelector('.phone-frame').dataset.ignored === '0'", 10, "the strokes still look ignored")
