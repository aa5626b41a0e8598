"""The preview renders the session theme as the generated code does (issue 40, item 2): each label
in the text style the code gives it (`.font(Theme.title)`), sized as `Theme.swift` declares that
style at the theme's type scale, and titled buttons in the accent colour and corner radius. A
theme change made with the page's settings changes both the code and the preview.
"""

import re

from selenium.webdriver.common.by import By

from conftest import wait_for
from drawing import draw, rect, squiggle
from handwriting import word

QUEUE_EMPTY = "return sketchd.link.state === 'live' && sketchd.store.queue.size === 0"
# The title label (drawn 32-44 pt tall), a body label (6-24 pt) and the titled button as the
# preview draws them: the element's drawn height, its preview and the node's computed style.
SHOWN = """
const result = sketchd.results.get('main');
if (!result) return null;
const flat = (es) => es.flatMap((e) => [e, ...flat(e.children ?? [])]);
const byId = new Map(flat(result.elements).map((e) => [e.id, e]));
const nodes = [...document.querySelectorAll('.preview .pv-element')].map((node) => {
  const style = getComputedStyle(node);
  return {
    id: node.dataset.elementId, height: byId.get(node.dataset.elementId)?.frame.height ?? null,
    preview: result.preview?.[node.dataset.elementId] ?? null,
    fontSize: parseFloat(style.fontSize), fontWeight: Number(style.fontWeight),
    background: style.backgroundColor, radius: style.borderTopLeftRadius,
  };
});
const texts = nodes.filter((n) => n.preview?.control === 'text');
const title = texts.find((n) => n.height >= 32 && n.height < 44);
const body = texts.find((n) => n.height >= 6 && n.height < 24);
const button = nodes.find((n) => n.preview?.control === 'button' && n.preview.strings?.length);
return title && body && button ? { title, body, button } : null;
"""


def wait_for_preview(driver, condition, message):
    """Waits until the preview shows the title, the body text and the button and the JS
    `condition` on them (`s`) holds; returns them."""
    return wait_for(driver, f"const s = (() => {{ {SHOWN} }})(); return !!s && ({condition}) && s", 60, message)


# `static let <style> = <font>` in the generated Theme.swift.
THEME_FONT = re.compile(r"static let (largeTitle|title|headline|body|caption) = (Font\.system\(size: ([\d.]+)(?:, weight: \.(\w+))?\)|Font\.\w+)")
SYSTEM_SIZES = {"largeTitle": 34, "title": 28, "headline": 17, "body": 17, "caption": 12}
WEIGHTS = {None: 400, "semibold": 600, "bold": 700}


def code_fonts(driver):
    """Each text style's size and weight as the generated Theme.swift says (system styles at scale 1)."""
    fonts = {}
    for style, font, size, weight in THEME_FONT.findall(driver.execute_script("return sketchd.codePanel.allText()")):
        fonts[style] = (SYSTEM_SIZES[style], None) if font == f"Font.{style}" else (float(size), WEIGHTS[weight or None])
    return fonts


def test_labels_and_buttons_take_the_themes_fonts_colour_and_radius_as_the_code_does(sketchd, browsers):
    d = browsers.open(sketchd.url)
    draw(d, [squiggle(60, 150, 200, 16),                                # a 32 pt tall label: Theme.title
             squiggle(60, 260, 150, 4),                                 # an 8 pt tall label: Theme.body
             rect(40, 420, 310, 52)] + word("Go", writer=32, left=180, top=434, cap=20))  # a button titled "Go"
    wait_for(d, QUEUE_EMPTY, 10, "the strokes were not acknowledged")
    wait_for(d, "const r = sketchd.results.get('main'); return !!r && r.seq >= sketchd.store.lastSeq", 60, "no result of every stroke")
    wait_for(d, "const c = sketchd.codePanel.allText(); return c.includes('.font(Theme.title)') && c.includes('.font(Theme.body)')"
                " && c.includes('.buttonStyle(.borderedProminent)')", 60, "the code has no title, body text and prominent button")
    shown = wait_for_preview(d, "true", "the preview does not show the title, the body text and the button")
    fonts = code_fonts(d)
    assert fonts["title"] == (28, None) and fonts["body"] == (17, None), f"Theme.swift at scale 1: {fonts}"
    assert shown["title"]["fontSize"] == 28 and shown["title"]["fontWeight"] == 400, f"the title is not Font.title: {shown['title']}"
    assert shown["body"]["fontSize"] == 17, f"the body text is not Font.body: {shown['body']}"
    assert shown["button"]["background"] == "rgb(0, 122, 255)", f"the button is not in the accent: {shown['button']}"
    assert shown["button"]["radius"] == "10px", f"the button has not the theme's corners: {shown['button']}"
    browsers.screenshot(d, "theme-standard")

    # The page's settings: a larger type scale, another accent and rounder corners.
    d.find_element(By.ID, "export-open").click()
    wait_for(d, "return document.getElementById('export').open", 5, "the settings do not open")
    d.execute_script("""
      const set = (id, value) => { document.getElementById(id).value = value; };
      set('setting-typescale', '1.5'); set('setting-radius', '20'); set('setting-accent', '#ff2d55');
    """)
    d.find_element(By.CSS_SELECTOR, "#settings-form button[type=submit]").click()
    d.find_element(By.ID, "export-close").click()
    wait_for(d, "return sketchd.codePanel.allText().includes('static let title = Font.system(size: 42')", 60,
             "the code did not take the new type scale")
    fonts = code_fonts(d)
    assert fonts["title"] == (42, 700) and fonts["body"] == (25.5, 400), f"Theme.swift at scale 1.5: {fonts}"
    shown = wait_for_preview(d, "s.title.fontSize !== 28", "the preview keeps the old type scale")
    assert (shown["title"]["fontSize"], shown["title"]["fontWeight"]) == fonts["title"], f"the title is not as the code: {shown['title']}"
    assert (shown["body"]["fontSize"], shown["body"]["fontWeight"]) == fonts["body"], f"the body text is not as the code: {shown['body']}"
    assert shown["title"]["fontSize"] > shown["body"]["fontSize"]
    assert shown["button"]["background"] == "rgb(255, 45, 85)", f"the button is not in the new accent: {shown['button']}"
    assert shown["button"]["radius"] == "20px", f"the button has not the new corners: {shown['button']}"
    browsers.screenshot(d, "theme-changed")
