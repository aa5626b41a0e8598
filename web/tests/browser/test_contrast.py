"""Every dialog, panel, badge and label is legible in light and in dark: text contrast >= 4.5:1.

The contrast is computed in the page from computed styles (contrast.py): each visible text
against the background it is drawn on. Screenshots of each dialog land in test-output/.
"""

import pytest
from selenium.webdriver.common.by import By

from conftest import wait_for
from contrast import low_contrast
from drawing import draw, login_screen
from test_layout import set_color_scheme, IS_DARK

QUEUE_EMPTY = "return sketchd.link.state === 'live' && sketchd.store.queue.size === 0"
SHOW_TOASTS = """
const done = arguments[arguments.length - 1];
import('./js/ui/toast.js').then(({ toast }) => {
  toast('Something to say.', { ms: 60000 });
  toast('Not saved: something went wrong.', { kind: 'error', ms: 60000 });
  toast('A hint.', { kind: 'hint', ms: 60000 });
  done(true);
}, (e) => done(String(e)));
"""


def assert_legible(driver, selector, what):
    result = low_contrast(driver, selector)
    assert result["checked"] > 0, f"no text measured in {what}"
    assert result["failures"] == [], f"{what}: text under 4.5:1: {result['failures']}"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_dialog_panel_badge_and_label_is_legible(sketchd, browsers, scheme):
    d = browsers.open(sketchd.url)
    set_color_scheme(d, scheme)
    wait_for(d, f"return {'' if scheme == 'dark' else '!'}{IS_DARK}", 5, f"the page is not {scheme}")
    draw(d, login_screen())
    wait_for(d, QUEUE_EMPTY, 10, "strokes were not acknowledged")
    wait_for(d, "return sketchd.codePanel.allText().includes('Button')", 30, "no code")
    guest = browsers.open(d.current_url)  # a second person: a presence badge and a cursor
    guest.execute_script("""const f = document.querySelector('.phone-frame').getBoundingClientRect();
        f && document.querySelector('.phone-frame').dispatchEvent(new PointerEvent('pointermove',
          {bubbles: true, pointerType: 'mouse', clientX: f.left + 50, clientY: f.top + 60}))""")
    wait_for(d, "return document.querySelectorAll('#participants .chip').length === 2", 10, "the guest's badge is missing")
    wait_for(d, "return !!document.querySelector('.cursor-name')", 10, "the guest's cursor is missing")

    d.find_element(By.CSS_SELECTOR, ".add-screen").click()  # an empty screen and its hint
    wait_for(d, "return document.querySelectorAll('.screen-card .empty-hint:not([hidden])').length === 1", 10, "no empty screen")
    d.find_element(By.ID, "debug-toggle").click()  # the element and detection tags
    assert d.execute_script("return document.querySelectorAll('.box-tag').length") > 0
    assert d.execute_async_script(SHOW_TOASTS) is True
    assert_legible(d, "body", f"the page ({scheme})")
    browsers.screenshot(d, f"{scheme}-page")

    for opener, dialog in (("legend-open", "legend"), ("share-open", "share"), ("export-open", "export")):
        d.find_element(By.ID, opener).click()
        wait_for(d, f"return document.getElementById('{dialog}').open", 5, f"{dialog} does not open")
        assert_legible(d, f"dialog#{dialog}", f"the {dialog} dialog ({scheme})")
        browsers.screenshot(d, f"{scheme}-{dialog}")
        d.execute_script(f"document.getElementById('{dialog}').close()")

    d.find_element(By.CSS_SELECTOR, "[data-tool=select]").click()
    d.execute_script("""const r = sketchd.results.get('main');
        const e = r.elements.find((e) => e.type === 'button') ?? r.elements[0];
        const f = document.querySelector('.phone-frame'), b = f.getBoundingClientRect(), s = parseFloat(f.style.getPropertyValue('--scale'));
        const at = { bubbles: true, pointerId: 3, pointerType: 'mouse', button: 0, buttons: 1,
          clientX: b.left + (e.frame.x + 6) * s, clientY: b.top + (e.frame.y + 6) * s };
        f.dispatchEvent(new PointerEvent('pointerdown', at));
        f.dispatchEvent(new PointerEvent('pointerup', { ...at, buttons: 0 }));""")
    wait_for(d, "return !document.getElementById('correction-menu').hidden", 5, "the correction menu does not open")
    assert_legible(d, "#correction-menu", f"the correction menu ({scheme})")
    browsers.screenshot(d, f"{scheme}-correction-menu")
