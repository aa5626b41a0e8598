"""Writing words: letters written with real pointer input are read into the preview and the code,
and the legend says that words can be written.

The letters are Chars74k pen trajectories of writers the reader never trained or tuned on
(handwriting.py), drawn stroke by stroke with WebDriver pointer actions (drawing.py), so the
page receives the browser's own pointer events.
"""

import re

from selenium.webdriver.common.by import By

from conftest import wait_for
from drawing import draw_with_pointer
from handwriting import box_around, word

QUEUE_EMPTY = "return sketchd.link.state === 'live' && sketchd.store.queue.size === 0"
PREVIEW_SHOWS = """
const [type, text] = arguments;
return [...document.querySelectorAll(`.preview .pv-element[data-type="${type}"]`)]
  .some((node) => node.textContent.trim().toLowerCase() === text.toLowerCase());
"""
CODE = "return sketchd.codePanel.allText()"
PREVIEW_ELEMENTS = """
return [...document.querySelectorAll('.preview .pv-element')].map((node) => [node.dataset.type, node.textContent.trim()]);
"""
INKED_CANVASES = """
return [...document.querySelectorAll('#legend-writing canvas')].map((canvas) => {
  const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
  let dark = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && data[i] < 128) dark++;
  return dark;
});
"""


def test_a_written_word_becomes_a_text_and_a_word_in_a_box_a_button_titled_with_it(sketchd, browsers):
    d = browsers.open(sketchd.url)
    settings = word("Settings", writer=34, left=60, top=160)
    next_ = word("Next", writer=33, left=140, top=420)
    strokes = settings + next_ + [box_around(next_, 24, 14)]
    draw_with_pointer(d, strokes)
    wait_for(d, QUEUE_EMPTY, 20, "the strokes were not acknowledged")
    assert d.execute_script("return sketchd.state().liveStrokes().length") == len(strokes)

    wait_for(d, PREVIEW_SHOWS, 60, "the preview does not show the text Settings", "label", "Settings")
    wait_for(d, PREVIEW_SHOWS, 60, "the preview does not show a button titled Next", "button", "Next")
    wait_for(d, 'return /Text\\("settings"\\)/i.test(sketchd.codePanel.allText())', 60, 'the code has no Text("Settings")')
    code = d.execute_script(CODE)
    assert re.search(r'Button\(action: [^\n]*\{\s*Text\("next"\)', code, re.I), f"the code has no Button titled Next:\n{code}"
    browsers.screenshot(d, "written-words")


def test_print_with_pen_lifts_inside_letters_and_a_joined_up_word_are_read(sketchd, browsers):
    d = browsers.open(sketchd.url)
    email = word("Email", writer=33, left=50, top=150, lifts={"a": 2, "m": 3})
    remember = word("Remember me", writer=34, left=50, top=300, lifts={"m": 3})
    joined = word("Search", writer=34, left=50, top=450, joined=True)
    assert len(email) > len(word("Email", writer=33, left=50, top=150)), "the letters are written with pen lifts"
    assert len(joined) == 1, "the joined-up word is one stroke"
    draw_with_pointer(d, email + remember + joined)
    wait_for(d, QUEUE_EMPTY, 20, "the strokes were not acknowledged")
    for text in ("Email", "Remember me", "Search"):
        try:
            wait_for(d, PREVIEW_SHOWS, 60, f"the preview does not show the text {text}", "label", text)
        except AssertionError:
            shown = d.execute_script(PREVIEW_ELEMENTS)
            raise AssertionError(f"the preview does not show the text {text}: it shows {shown}")
        wait_for(d, f'return /Text\\("{text}"\\)/i.test(sketchd.codePanel.allText())', 60, f'the code has no Text("{text}")')
    browsers.screenshot(d, "written-print-and-joined")


def test_the_legend_shows_that_words_can_be_written_or_squiggles_drawn(sketchd, browsers):
    d = browsers.open(sketchd.url)
    d.find_element(By.ID, "legend-open").click()
    wait_for(d, "return document.getElementById('legend').open", 5, "the legend does not open")
    legend = d.find_element(By.ID, "legend").text
    assert "Write words or draw squiggles" in legend
    assert "in printed letters or joined up" in legend
    captions = [c.text for c in d.find_elements(By.CSS_SELECTOR, "#legend-writing figcaption")]
    for example in ('A word in a box is a button titled with it', 'Button("Next")',
                    '“Email” at the left of a wide box is its placeholder', 'TextField("Email")',
                    'Printed letters on one line', 'Text("Settings")', 'Squiggles where the words do not matter yet'):
        assert any(example in caption for caption in captions), f"no legend card says {example!r}: {captions}"
    inked = d.execute_script(INKED_CANVASES)
    assert len(inked) == 4 and all(count > 40 for count in inked), f"a writing example is not drawn: {inked}"
    browsers.screenshot(d, "legend-writing")
