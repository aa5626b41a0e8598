"""Small things people meet: the legend names controls that exist, Copy says "Copied", every
person's badge is distinct and none hides another, and a one-screen PNG export is a .png.
"""

import tempfile
import time
from pathlib import Path

from selenium.webdriver.common.by import By

from conftest import wait_for
from drawing import draw, login_screen

QUEUE_EMPTY = "return sketchd.link.state === 'live' && sketchd.store.queue.size === 0"


def test_the_legend_names_only_controls_that_exist(sketchd, browsers):
    d = browsers.open(sketchd.url)
    d.find_element(By.ID, "legend-open").click()
    named = d.execute_script("return [...document.querySelectorAll('#legend .dialog-lead strong')].map((n) => n.textContent.trim())")
    assert named, "the legend says nothing about correcting a guess"
    controls = d.execute_script("""return [...document.querySelectorAll('.toolbar button')]
        .flatMap((b) => [b.textContent, b.getAttribute('aria-label') ?? '']).map((t) => t.replace(/[^\\w ]/g, '').trim())""")
    for name in named:
        assert name in controls, f"the legend names {name!r}, which no toolbar button is called: {controls}"


def test_copy_says_copied_and_the_code_is_on_the_clipboard(sketchd, browsers):
    d = browsers.open(sketchd.url)
    draw(d, login_screen())
    wait_for(d, "return sketchd.codePanel.allText().includes('Button')", 30, "no code")
    d.execute_cdp_cmd("Browser.grantPermissions", {"origin": sketchd.url.rstrip("/"),
                                                   "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    d.find_element(By.ID, "code-copy").click()
    wait_for(d, "return document.getElementById('code-copy').textContent === 'Copied'", 5, "Copy gives no feedback")
    copied = d.execute_async_script("const done = arguments[arguments.length - 1]; navigator.clipboard.readText().then(done, (e) => done(String(e)))")
    assert "struct MainScreen" in copied, copied[:200]
    wait_for(d, "return document.getElementById('code-copy').textContent === 'Copy'", 10, "the button does not go back to Copy")


def test_three_people_have_distinct_badges_side_by_side(sketchd, browsers):
    d = browsers.open(sketchd.url)
    draw(d, login_screen()[:1])
    wait_for(d, QUEUE_EMPTY, 10, "the stroke was not acknowledged")
    for _ in range(2):
        browsers.open(d.current_url)
    wait_for(d, "return document.querySelectorAll('#participants .chip').length === 3", 10, "three people are not shown")
    chips = d.execute_script("""return [...document.querySelectorAll('#participants .chip')].map((c) => {
        const r = c.getBoundingClientRect(); return {text: c.textContent, title: c.title, box: [r.left, r.top, r.right, r.bottom]}; })""")
    assert len({c["text"] for c in chips}) == 3, f"badges look alike: {chips}"
    for a, b in zip(chips, chips[1:]):
        assert a["box"][2] <= b["box"][0], f"badges overlap: {a} {b}"
    browsers.screenshot(d, "badges")


def test_a_one_screen_png_export_downloads_a_png(sketchd, browsers):
    d = browsers.open(sketchd.url)
    folder = Path(tempfile.mkdtemp(prefix="sketchd-download-"))
    d.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(folder)})
    draw(d, login_screen())
    wait_for(d, QUEUE_EMPTY, 10, "strokes were not acknowledged")
    d.find_element(By.ID, "export-open").click()
    d.execute_script("const f = document.getElementById('export-format'); f.value = 'png'; f.dispatchEvent(new Event('change'))")
    d.find_element(By.ID, "export-download").click()
    wait_for(d, "return document.getElementById('export-status').textContent.startsWith('Downloaded')", 30, "no export")
    status = d.find_element(By.ID, "export-status").text
    assert status.endswith(".png"), f"a one-screen picture should be a .png: {status}"
    deadline = time.time() + 15
    while time.time() < deadline and not [p for p in folder.iterdir() if p.suffix == ".png"]:
        time.sleep(0.1)
    files = list(folder.iterdir())
    assert [p.suffix for p in files] == [".png"], files
    assert files[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", "the download is not a PNG"
