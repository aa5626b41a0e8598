"""Text read with little confidence is shown as a guess, never silently as fact: dashed underline
and a "?" in the preview and the correction menu, legible in light and dark, one click to accept
it (a set-text correction with the same text) or to retype it (the set-text editor, prefilled).

The words are written with real pointer input in the hands of writers held out from the
reader's training (handwriting.py); each was picked because the reader is unsure of it.
"""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import wait_for
from contrast import low_contrast
from drawing import draw_with_pointer
from handwriting import box_around, word
from test_layout import IS_DARK, set_color_scheme

QUEUE_EMPTY = "return sketchd.link.state === 'live' && sketchd.store.queue.size === 0"
RESULT_OF_EVERY_STROKE = "const r = sketchd.results.get('main'); return !!r && r.seq >= sketchd.store.lastSeq"
# The elements of the main screen's latest result whose text was read with under 0.6 confidence.
GUESSES = """
const all = (es) => es.flatMap((e) => [e, ...all(e.children ?? [])]);
return all(sketchd.results.get('main')?.elements ?? [])
  .filter((e) => e.text && typeof e.textConfidence === 'number' && e.textConfidence < 0.6)
  .map((e) => ({ id: e.id, text: e.text, textConfidence: e.textConfidence, strokeIds: e.strokeIds }));
"""
# The element with this id in the latest result (computed after seq `arguments[1]`), else null.
ELEMENT_AFTER = """
const [id, seq] = arguments;
const result = sketchd.results.get('main');
if (!result || result.seq < seq) return null;
const all = (es) => es.flatMap((e) => [e, ...all(e.children ?? [])]);
return all(result.elements).find((e) => e.id === id) ?? null;
"""
# Every element's read text and confidence in the main screen's latest result.
ALL_TEXTS = """
const all = (es) => es.flatMap((e) => [e, ...all(e.children ?? [])]);
return all(sketchd.results.get('main')?.elements ?? []).map((e) => [e.type, e.text, e.textConfidence]);
"""
MARK = ".preview .guess-mark[data-guess-of='{}']"
MARKED_TEXT = """
const mark = document.querySelector(arguments[0]);
const text = mark?.previousElementSibling;
if (!text?.classList.contains('guess-text')) return null;
const style = getComputedStyle(text);
return { text: text.textContent, line: style.textDecorationLine, style: style.textDecorationStyle,
         badge: mark.querySelector('.guess-badge')?.textContent };
"""
LAST_RECORD = "return sketchd.store.records.at(-1)"


def write_a_guess(d, strokes):
    """Writes the strokes and returns the one element whose read text is a guess."""
    draw_with_pointer(d, strokes)
    wait_for(d, QUEUE_EMPTY, 20, "the strokes were not acknowledged")
    wait_for(d, RESULT_OF_EVERY_STROKE, 60, "no result of the whole word")
    guesses = d.execute_script(GUESSES)
    assert len(guesses) == 1, d.execute_script(ALL_TEXTS)
    return guesses[0]


def assert_marked(d, guess):
    marked = wait_for(d, f"return document.querySelector(`{MARK.format(guess['id'])}`) !== null", 10,
                      f"the preview does not mark {guess['text']!r} as a guess")
    shown = d.execute_script(MARKED_TEXT, MARK.format(guess["id"]))
    assert marked and shown == {"text": guess["text"], "line": "underline", "style": "dashed", "badge": "?"}, shown


def assert_typed(d, guess, text, after_seq):
    """The result after `after_seq` has `text` typed for the guessed element: no confidence, no mark."""
    element = wait_for(d, ELEMENT_AFTER, 60, "no result after the correction", guess["id"], after_seq)
    assert element["text"] == text and "textConfidence" not in element, element
    wait_for(d, f"return document.querySelector(`{MARK.format(guess['id'])}`) === null", 10, "the guess is still marked")
    assert text in d.execute_script("return document.querySelector('.preview').textContent")


def test_one_click_accepts_a_guessed_button_title(sketchd, browsers):
    d = browsers.open(sketchd.url)
    letters = word("Quokka", writer=32, left=100, top=300)  # read as "Quokka", about 43% sure
    guess = write_a_guess(d, letters + [box_around(letters, 24, 14)])
    assert_marked(d, guess)
    browsers.screenshot(d, "guess-marked")

    d.find_element(By.CSS_SELECTOR, f"{MARK.format(guess['id'])} .guess-accept").click()
    record = wait_for(d, f"const r = sketchd.store.records.at(-1); return r?.event.kind === 'textSet' && r", 10,
                      "accepting sent no set-text correction")
    assert record["event"]["text"] == guess["text"] and record["event"]["strokeIds"] == guess["strokeIds"], record
    assert d.execute_script("return document.getElementById('correction-menu').hidden"), "accept should not open the menu"
    assert_typed(d, guess, guess["text"], record["seq"])
    browsers.screenshot(d, "guess-accepted")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_retype_opens_the_set_text_editor_prefilled_and_the_guess_is_legible(sketchd, browsers, scheme):
    d = browsers.open(sketchd.url)
    set_color_scheme(d, scheme)
    wait_for(d, f"return {'' if scheme == 'dark' else '!'}{IS_DARK}", 5, f"the page is not {scheme}")
    guess = write_a_guess(d, word("Plimb", writer=32, left=80, top=240))  # read as "Plimb", under 60% sure
    assert_marked(d, guess)
    mark = low_contrast(d, MARK.format(guess["id"]))
    assert mark["checked"] >= 3 and mark["failures"] == [], f"the guess mark ({scheme}): {mark}"

    d.find_element(By.CSS_SELECTOR, f"{MARK.format(guess['id'])} .guess-retype").click()
    wait_for(d, "return !document.getElementById('correction-menu').hidden", 5, "retype does not open the editor")
    editor = d.switch_to.active_element
    assert editor.get_attribute("aria-label") == "Real text of this element", "the focus is not in the text editor"
    assert editor.get_attribute("value") == guess["text"]
    row = d.find_element(By.CSS_SELECTOR, "#correction-menu .guess-row")
    assert guess["text"] in row.text and "?" in row.text and "sure" in row.text, row.text
    menu = low_contrast(d, "#correction-menu .guess-row")
    assert menu["checked"] >= 4 and menu["failures"] == [], f"the menu's guess ({scheme}): {menu}"
    browsers.screenshot(d, f"guess-retype-{scheme}")

    editor.send_keys(Keys.CONTROL, "a")
    editor.send_keys("Jynx", Keys.ENTER)
    record = wait_for(d, f"const r = sketchd.store.records.at(-1); return r?.event.kind === 'textSet' && r", 10,
                      "retyping sent no set-text correction")
    assert record["event"]["text"] == "Jynx"
    assert_typed(d, guess, "Jynx", record["seq"])
