"""The sketch itself as SVG and as a PNG on the clipboard."""

from selenium.webdriver.common.by import By

from conftest import wait_for
from drawing import draw, rect, squiggle

QUEUE_EMPTY = "return sketchd.link.state === 'live' && sketchd.store.queue.size === 0"


def test_copy_png_puts_the_sketch_on_the_clipboard_and_svg_downloads(sketchd, browsers):
    d = browsers.open(sketchd.url)
    draw(d, [rect(40, 300, 310, 52), squiggle(60, 200, 200)])
    wait_for(d, QUEUE_EMPTY, 10, "strokes were not acknowledged")
    d.execute_cdp_cmd("Browser.grantPermissions", {"origin": sketchd.url.rstrip("/"),
                                                   "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    d.find_element(By.ID, "export-open").click()
    d.find_element(By.ID, "export-svg").click()
    wait_for(d, "return document.getElementById('export-status').textContent === 'Downloaded sketch.svg'", 5,
             "the SVG was not offered")
    d.find_element(By.ID, "copy-png").click()
    wait_for(d, "return document.getElementById('export-status').textContent.startsWith('Copied')", 10,
             "the PNG was not copied (status: %s)" % d.find_element(By.ID, "export-status").text)
    size = d.execute_async_script("""
      const done = arguments[arguments.length - 1];
      navigator.clipboard.read().then(async (items) => {
        const blob = await items[0].getType('image/png');
        const bitmap = await createImageBitmap(blob);
        done([bitmap.width, bitmap.height]);
      }, (e) => done(String(e)));
    """)
    assert size == [390, 844], size
