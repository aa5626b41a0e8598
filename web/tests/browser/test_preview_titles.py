"""Controls titled by the label on their row show what the code shows. A switch takes the title
(`Toggle("Title", isOn:)`), so it is drawn without a title of its own (`titledBy`), on or off as
the code's `@State` starts (`isOn`) and off while that is unknown. A text field or a menu picker
sits in `LabeledContent("Title")`: the label shows the title, the field its placeholder and the
picker its selected option.
"""

import math

from selenium.webdriver.common.by import By

from conftest import wait_for
from drawing import draw, rect, squiggle

QUEUE_EMPTY = "return sketchd.link.state === 'live' && sketchd.store.queue.size === 0"
# Each toggle the preview draws: its element's preview data and what its node shows.
TOGGLES = """
const result = sketchd.results.get('main');
return [...document.querySelectorAll('.preview .pv-element[data-type=toggle]')].map((node) => ({
  id: node.dataset.elementId, preview: result.preview?.[node.dataset.elementId] ?? null,
  title: node.querySelector('.ios-row-label')?.textContent ?? null,
  on: node.querySelector('.ios-toggle').classList.contains('on'),
}));
"""
PREVIEW_TEXT = "return document.querySelector('.preview .pv-phone').innerText"


def pill(x, y, w, h, steps=48):
    """A switch's track: a stadium, as one closed stroke."""
    r, points = h / 2, []
    for i in range(steps + 1):
        a = 2 * math.pi * i / steps
        cx = x + w - r if math.cos(a) >= 0 else x + r
        points.append((cx + r * math.cos(a), y + r + r * math.sin(a)))
    return points


def circle(cx, cy, r, steps=24):
    return [(cx + r * math.cos(2 * math.pi * i / steps), cy + r * math.sin(2 * math.pi * i / steps)) for i in range(steps + 1)]


def test_a_switch_titled_by_its_row_label_shows_no_title_and_the_codes_state(sketchd, browsers):
    browsers.allowed_errors.append("WebSocket connection to")  # the daemon is stopped on purpose
    d = browsers.open(sketchd.url)
    # The second row starts 40 pt further in: two alike rows of a label and a switch are a list
    # (its rows are generated from data), and this test is about single titled switches.
    draw(d, [squiggle(30, 215, 120, 5), pill(290, 200, 64, 32), circle(338, 216, 11),   # knob right: on
             squiggle(70, 295, 100, 5), pill(290, 280, 64, 32), circle(306, 296, 11)])  # knob left: off
    wait_for(d, QUEUE_EMPTY, 10, "the strokes were not acknowledged")
    wait_for(d, "const r = sketchd.results.get('main'); return !!r && r.seq >= sketchd.store.lastSeq", 30, "no result of every stroke")
    wait_for(d, "return /Toggle\\(\"[^\"]+\", isOn: \\$\\w+\\)/.test(sketchd.codePanel.allText())", 30, "the code titles no Toggle")
    toggles = wait_for(d, f"const t = (() => {{ {TOGGLES} }})(); return t.length === 2 && t.every((x) => x.preview) && t",
                       30, "the preview does not draw two toggles")
    toggles.sort(key=lambda t: t["preview"]["isOn"], reverse=True)
    assert [t["preview"]["isOn"] for t in toggles] == [True, False], toggles
    for toggle in toggles:
        assert toggle["preview"].get("titledBy"), f"the daemon did not title the switch: {toggle}"
        assert toggle["title"] is None, f"a titled switch draws a title of its own: {toggle}"
        assert toggle["on"] == toggle["preview"]["isOn"], f"the switch is not as the code starts it: {toggle}"
    titles = [d.execute_script("return sketchd.results.get('main').preview[arguments[0]].strings[0]", t["preview"]["titledBy"])
              for t in toggles]
    shown = d.execute_script(PREVIEW_TEXT).split("\n")
    for title in set(titles):
        assert shown.count(title) == titles.count(title), f"{title!r} is shown {shown.count(title)} times: {shown}"
    browsers.screenshot(d, "titled-toggles")

    # A label relabelled as a switch while offline: no result says whether it is on yet.
    label = toggles[0]["preview"]["titledBy"]
    sketchd.stop()
    wait_for(d, "return sketchd.link.state === 'offline'", 15, "the page did not notice it is offline")
    d.find_element(By.CSS_SELECTOR, f".preview .pv-element[data-element-id='{label}']").click()
    wait_for(d, "return !document.getElementById('correction-menu').hidden", 5, "the correction menu does not open")
    d.find_element(By.XPATH, "//*[@id='correction-menu']//button[normalize-space()='toggle']").click()
    relabelled = wait_for(d, f"const n = document.querySelector(`.preview .pv-element[data-element-id='{label}']`);"
                             "return n?.dataset.type === 'toggle' && { on: n.querySelector('.ios-toggle').classList.contains('on') }",
                          10, "the relabelled switch is not shown at once")
    assert relabelled["on"] is False, "a switch whose state is unknown is drawn on"
    sketchd.start()


def test_a_text_field_and_a_picker_titled_by_their_row_labels_show_their_placeholder_and_option(sketchd, browsers):
    d = browsers.open(sketchd.url)
    draw(d, [squiggle(24, 215, 90, 5), rect(150, 196, 210, 40),                                     # label, wide box
             squiggle(24, 315, 90, 5), rect(200, 296, 160, 40), [(330, 308), (338, 322), (346, 308)]])  # label, drop-down
    wait_for(d, QUEUE_EMPTY, 10, "the strokes were not acknowledged")
    wait_for(d, "const r = sketchd.results.get('main'); return !!r && r.seq >= sketchd.store.lastSeq", 30, "no result of every stroke")
    controls = wait_for(d, """
      const preview = sketchd.results.get('main').preview ?? {};
      const node = (type) => document.querySelector(`.preview .pv-element[data-type="${type}"]`);
      const field = node('textField'), picker = node('picker');
      return field && picker && {
        field: { preview: preview[field.dataset.elementId], text: field.textContent },
        picker: { preview: preview[picker.dataset.elementId], text: picker.textContent, title: picker.querySelector('.ios-row-label') !== null },
      };""", 30, "the preview draws no text field and picker")
    field, picker = controls["field"], controls["picker"]
    assert field["preview"].get("titledBy") and picker["preview"].get("titledBy"), f"the daemon titled neither: {controls}"
    assert field["text"] == field["preview"]["strings"][1], f"the field does not show its placeholder: {field}"
    assert picker["text"] == picker["preview"]["strings"][2] == "Option 1", f"the picker does not show its option: {picker}"
    assert not picker["title"], "a titled picker draws a title of its own"
    browsers.screenshot(d, "titled-field-and-picker")
