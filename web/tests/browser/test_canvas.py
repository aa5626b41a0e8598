"""The web client in headless Chromium against a real sketchd (see conftest.py)."""

import json

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.common.action_chains import ActionChains

from conftest import OUTPUT, wait_for
from drawing import draw, login_screen, rect, squiggle

LIVE_EXPR = "sketchd.state().liveStrokes().map(s => s.id)"
LIVE_IDS = f"return {LIVE_EXPR}"
QUEUE_EMPTY = "return sketchd.link.state === 'live' && sketchd.store.queue.size === 0"
ACTIVE_FILE = "return document.querySelector('#code-tabs [aria-selected=true]')?.textContent"


def session_url(driver):
    return driver.execute_script("return location.href")


def session_id(driver):
    return driver.execute_script("return sketchd.link.session")


def code_text(driver):
    return driver.execute_script("return sketchd.codePanel.allText()")


def test_drawing_a_login_screen_shows_a_text_field_and_a_button(sketchd, browsers):
    d = browsers.open(sketchd.url)
    draw(d, login_screen())
    wait_for(d, QUEUE_EMPTY, 10, "strokes were not acknowledged")
    wait_for(d, "return !!document.querySelector('.preview [data-type=textField]') && "
                "!!document.querySelector('.preview [data-type=button]')", 20,
             "the preview shows no text field and button")
    wait_for(d, "const c = sketchd.codePanel.allText(); return c.includes('TextField') && c.includes('Button')", 20,
             "the code shows no TextField and Button")
    browsers.screenshot(d, "login")


def test_two_windows_see_each_others_strokes_and_undo_only_removes_ones_own(sketchd, browsers):
    a = browsers.open(sketchd.url)
    b = browsers.open(session_url(a))
    assert session_id(b) == session_id(a)
    draw(a, [squiggle(60, 200, 200)])
    draw(b, [rect(60, 400, 260, 60)])
    for d in (a, b):
        wait_for(d, f"return ({LIVE_EXPR}).length === 2", 10, "a window does not show both strokes")
    a_ids = a.execute_script(LIVE_IDS)
    assert a_ids == b.execute_script(LIVE_IDS)
    mine = [i for i in a_ids if i.startswith(a.execute_script("return sketchd.identity.clientId"))]
    theirs = [i for i in a_ids if i not in mine]
    assert len(mine) == 1 and len(theirs) == 1
    browsers.screenshot(a, "both-strokes-a")
    browsers.screenshot(b, "both-strokes-b")

    a.find_element(By.TAG_NAME, "body").send_keys(Keys.CONTROL, "z")
    for d in (a, b):
        wait_for(d, f"const ids = {LIVE_EXPR}; return ids.length === 1 && ids[0] === arguments[0]", 10,
                 "undo removed the wrong strokes", theirs[0])
    browsers.screenshot(b, "after-undo-b")
    # Redo brings it back, for both.
    a.find_element(By.ID, "redo").click()
    for d in (a, b):
        wait_for(d, f"return ({LIVE_EXPR}).length === 2", 10, "redo did not bring the stroke back")


def test_others_ink_and_cursor_appear_while_they_draw(sketchd, browsers):
    a = browsers.open(sketchd.url)
    b = browsers.open(session_url(a))
    # Half a stroke: down and moves, no up yet; ink is relayed while drawing.
    a.execute_script("""
      const frame = document.querySelector('.phone-frame');
      const r = frame.getBoundingClientRect(), s = parseFloat(frame.style.getPropertyValue('--scale'));
      const ev = (t, x, y) => frame.dispatchEvent(new PointerEvent(t, {bubbles: true, pointerId: 3, pointerType: 'mouse',
        clientX: r.left + x * s, clientY: r.top + y * s, buttons: 1, button: 0}));
      ev('pointerdown', 50, 600);
      for (let i = 1; i <= 30; i++) setTimeout(() => ev('pointermove', 50 + i * 8, 600 + (i % 5)), i * 12);
    """)
    wait_for(b, "return sketchd.presence.inks.size > 0", 10, "the other person's stroke does not show while drawn")
    wait_for(b, "return document.querySelectorAll('.cursor').length > 0", 10, "no cursor of the other person")
    browsers.screenshot(b, "peer-cursor")


def test_a_relabel_correction_changes_the_code(sketchd, browsers):
    d = browsers.open(sketchd.url)
    draw(d, [rect(40, 300, 310, 52), squiggle(150, 326, 90, 5)])
    wait_for(d, QUEUE_EMPTY, 10, "strokes were not acknowledged")
    wait_for(d, "return document.querySelectorAll('.preview .pv-element').length > 0", 20, "nothing recognised")
    before = code_text(d)
    element_type = d.execute_script("return document.querySelector('.preview .pv-element[role=button]').dataset.type")
    new_type = "image" if element_type != "image" else "toggle"
    d.execute_script("document.querySelector('.preview .pv-element[role=button]').click()")
    wait_for(d, "return !document.getElementById('correction-menu').hidden", 5, "the correction menu did not open")
    browsers.screenshot(d, "correction-menu")
    d.execute_script("[...document.querySelectorAll('.type-option')].find(b => b.textContent === arguments[0]).click()", new_type)
    # Shown before the server answers ...
    wait_for(d, "return !!document.querySelector(`.preview [data-type=${arguments[0]}]`)", 5,
             "the new type does not show", new_type)
    # ... and the code changes once the server has recognised it again.
    wait_for(d, "return sketchd.codePanel.allText() !== arguments[0]", 20, "the code did not change", before)
    after = code_text(d)
    expected = {"image": "Image(", "toggle": "Toggle("}[new_type]
    wait_for(d, "return sketchd.codePanel.allText().includes(arguments[0])", 20, f"the code has no {expected}", expected)
    assert after != before
    browsers.screenshot(d, "after-relabel")


def test_offline_drawing_is_stored_exactly_once_after_reconnecting(sketchd, browsers):
    browsers.allowed_errors.append("WebSocket connection to")  # the daemon is down on purpose
    d = browsers.open(sketchd.url)
    session = session_id(d)
    draw(d, [squiggle(40, 100, 120), squiggle(40, 140, 120)])
    wait_for(d, QUEUE_EMPTY, 10, "online strokes were not acknowledged")

    sketchd.stop()
    wait_for(d, "return sketchd.link.state === 'offline'", 10, "the page did not notice it is offline")
    draw(d, [rect(40, 200, 300, 50), rect(40, 280, 300, 50), squiggle(40, 380, 200)])
    assert d.execute_script("return sketchd.store.queue.size") == 3
    assert len(d.execute_script(LIVE_IDS)) == 5, "offline strokes must show at once"
    wait_for(d, "return document.getElementById('status').textContent.includes('Offline')", 5, "the status does not say offline")
    wait_for(d, "return document.getElementById('replay-label').textContent.startsWith('Offline')", 5,
             "the footer still says Live while offline")
    browsers.screenshot(d, "offline")

    # The queue is durable: it is in IndexedDB, not only in memory.
    stored = d.execute_async_script("""
      const done = arguments[arguments.length - 1];
      const open = indexedDB.open('sketchd');
      open.onsuccess = () => {
        const req = open.result.transaction('ops').objectStore('ops').index('session').getAll(arguments[0]);
        req.onsuccess = () => done(req.result.length);
      };
    """, session)
    assert stored == 3

    sketchd.start()
    wait_for(d, QUEUE_EMPTY, 20, "the queue was not replayed after reconnecting")
    # Reconnect once more: resuming from the last seq must not duplicate anything either.
    d.execute_script("sketchd.link.reconnect()")
    wait_for(d, QUEUE_EMPTY, 20, "did not come back after a second reconnect")

    fresh = browsers.open(session_url(d))
    records = fresh.execute_script("return sketchd.store.records")
    added = [r["event"]["stroke"]["id"] for r in records if r["event"]["kind"] == "strokeAdded"]
    assert len(added) == 5 and len(set(added)) == 5, added
    assert sorted(added) == sorted(d.execute_script(LIVE_IDS))
    replayed = sketchd.replay_json(session)
    if replayed is not None:
        text = json.dumps(replayed)
        for stroke_id in added:
            assert text.count(json.dumps(stroke_id)) >= 1, f"{stroke_id} missing from sketchctl replay"
    browsers.screenshot(d, "back-online")


def test_the_replay_slider_shows_an_earlier_state(sketchd, browsers):
    d = browsers.open(sketchd.url)
    draw(d, [squiggle(40, 100, 200), rect(40, 200, 300, 50), rect(40, 300, 300, 50)])
    wait_for(d, QUEUE_EMPTY, 10, "strokes were not acknowledged")
    head = d.execute_script("return sketchd.store.lastSeq")
    assert head >= 3
    slider = d.find_element(By.ID, "replay-slider")
    d.execute_script("arguments[0].value = 1; arguments[0].dispatchEvent(new Event('input'))", slider)
    wait_for(d, f"return ({LIVE_EXPR}).length === 1", 5, "the replay does not show the first state")
    assert "replaying" in d.find_element(By.TAG_NAME, "body").get_attribute("class")
    assert "Replaying 1" in d.find_element(By.ID, "replay-label").text
    # Drawing while replaying is refused with a hint, and changes nothing.
    draw(d, [rect(40, 500, 300, 50)])
    wait_for(d, "return /Back to live/.test(document.getElementById('toasts').textContent)", 5, "no hint while replaying")
    assert d.execute_script("return sketchd.store.queue.size") == 0
    browsers.screenshot(d, "replay-seq-1")
    d.find_element(By.ID, "replay-live").click()
    wait_for(d, f"return ({LIVE_EXPR}).length === 3", 5, "back to live does not show everything")


def test_the_legend_opens_on_the_first_visit_and_again_from_the_toolbar(sketchd, browsers):
    d = browsers.open(sketchd.url, legend_seen=False)
    assert d.execute_script("return document.getElementById('legend').open")
    cards = d.find_elements(By.CSS_SELECTOR, "#legend-grid .legend-card")
    assert len(cards) == 17, "one card per NOTATION type"
    browsers.screenshot(d, "legend")
    d.find_element(By.CSS_SELECTOR, "#legend button[type=submit]").click()
    assert not d.execute_script("return document.getElementById('legend').open")
    d.find_element(By.ID, "legend-open").click()
    assert d.execute_script("return document.getElementById('legend').open")


def test_pointer_up_to_preview_latency(sketchd, browsers):
    """Measures (does not assert) pointer-up to preview update while a second browser draws too;
    writes test-output/latency.json."""
    d = browsers.open(sketchd.url)
    other = browsers.open(session_url(d))
    # The other person draws a short stroke every 250 ms (page timers) on the lower part of the screen.
    other.execute_script("""
      const frame = document.querySelector('.phone-frame');
      let n = 0;
      window.otherDrawing = setInterval(() => {
        const r = frame.getBoundingClientRect(), s = parseFloat(frame.style.getPropertyValue('--scale'));
        const y = 780 - (n % 6) * 8, x0 = 20 + (n++ % 8) * 40;
        const fire = (t, x, b) => frame.dispatchEvent(new PointerEvent(t, {bubbles: true, cancelable: true,
          pointerId: 9, pointerType: 'pen', clientX: r.left + x * s, clientY: r.top + y * s, buttons: b, button: 0, pressure: b ? 0.5 : 0}));
        fire('pointerdown', x0, 1);
        for (let i = 1; i <= 6; i++) fire('pointermove', x0 + i * 5, 1);
        fire('pointerup', x0 + 30, 0);
      }, 250);
    """)
    strokes = []
    for row in range(8):
        for col in range(5):
            x, y = 20 + col * 72, 60 + row * 90
            strokes.append(rect(x, y, 56, 40) if (row + col) % 2 else squiggle(x, y + 20, 56))
    for stroke in strokes:
        draw(d, [stroke])
        wait_for(d, "return sketchd.meter.pending.size === 0", 10, "the preview did not update")
    other.execute_script("clearInterval(window.otherDrawing)")
    others = other.execute_script("return sketchd.store.records.length + sketchd.store.queue.size")
    summary = d.execute_script("return sketchd.meter.summary()")
    durations = d.execute_script("return sketchd.meter.durations")
    assert summary["count"] == len(strokes)
    OUTPUT.mkdir(exist_ok=True)
    (OUTPUT / "latency.json").write_text(json.dumps({"strokes": len(strokes), **summary, "durations_ms": durations}, indent=1))
    print(f"(the other browser made {others} changes meanwhile) pointer-up to preview: n={summary['count']} p50={summary['p50']:.1f} ms p95={summary['p95']:.1f} ms; "
          f"client render p50={summary['renderP50']:.1f} ms p95={summary['renderP95']:.1f} ms")
    browsers.screenshot(d, "latency-grid")


def test_a_view_only_link_shows_the_drawing_but_cannot_change_it(sketchd, browsers):
    a = browsers.open(sketchd.url)
    draw(a, [squiggle(60, 200, 200)])
    wait_for(a, QUEUE_EMPTY, 10, "stroke was not acknowledged")
    a.find_element(By.ID, "share-open").click()
    view_link = a.find_element(By.ID, "share-view").get_attribute("value")
    edit_link = a.find_element(By.ID, "share-edit").get_attribute("value")
    assert "#session=" in view_link and view_link != edit_link
    browsers.screenshot(a, "share-dialog")

    b = browsers.open(view_link)
    assert b.execute_script("return document.body.classList.contains('read-only')")
    assert "view only" in b.find_element(By.ID, "status").text
    assert len(b.execute_script(LIVE_IDS)) == 1
    draw(b, [rect(40, 400, 300, 50)])
    wait_for(b, "return /view-only/.test(document.getElementById('toasts').textContent)", 5,
             "a view-only user who draws gets no hint")
    assert b.execute_script("return sketchd.store.queue.size") == 0, "a view-only page queues nothing"
    # A later stroke of the editor reaches the viewer; the viewer's attempt never reached anyone.
    draw(a, [rect(40, 600, 300, 50)])
    wait_for(b, f"return ({LIVE_EXPR}).length === 2", 10, "the editor's next stroke did not reach the viewer")
    wait_for(a, f"return ({LIVE_EXPR}).length === 2", 10, "the editor does not show its two strokes")
    assert b.execute_script("return sketchd.store.queue.size") == 0
    assert not b.find_element(By.ID, "undo").is_displayed()
    browsers.screenshot(b, "view-only")


def test_settings_and_export(sketchd, browsers):
    d = browsers.open(sketchd.url)
    draw(d, login_screen())
    wait_for(d, QUEUE_EMPTY, 10, "strokes were not acknowledged")
    d.find_element(By.ID, "export-open").click()
    title = d.find_element(By.ID, "setting-title")
    title.clear()
    title.send_keys("Login flow")
    d.find_element(By.CSS_SELECTOR, "#settings-form button[type=submit]").click()
    wait_for(d, QUEUE_EMPTY, 10, "settings were not acknowledged")
    assert d.execute_script("return sketchd.store.confirmed.sessionTitle") == "Login flow"
    assert "Login flow" in d.find_element(By.ID, "session-title").text
    # The title lands in MyApp.swift; the panel stays on the screen's file ...
    wait_for(d, "return sketchd.codePanel.text('MyApp.swift')?.includes('LoginFlowApp')", 20, "the title is not in the code")
    assert d.execute_script(ACTIVE_FILE) == "MainScreen.swift"
    # ... and a late joiner opens on it too.
    late = browsers.open(session_url(d))
    wait_for(late, f"{ACTIVE_FILE} === 'MainScreen.swift'", 20, "a late joiner does not see the screen's file")

    # Without consent a dataset export is refused, with the server's reason.
    d.execute_script("document.getElementById('export-format').value = 'dataset'")
    d.find_element(By.ID, "export-download").click()
    wait_for(d, "return /consent/i.test(document.getElementById('export-status').textContent)", 20,
             "the refused dataset export was not explained")
    # The SwiftUI files download.
    d.execute_script("document.getElementById('export-format').value = 'swift'")
    d.find_element(By.ID, "export-download").click()
    wait_for(d, "return document.getElementById('export-status').textContent.startsWith('Downloaded')", 30,
             "the export did not arrive")
    # A single file arrives as that file, not zipped.
    d.execute_script("document.getElementById('export-format').value = 'json'")
    d.find_element(By.ID, "export-download").click()
    wait_for(d, "return /^Downloaded .*\\.json$/.test(document.getElementById('export-status').textContent)", 30,
             "the JSON export did not arrive as a .json file")
    browsers.screenshot(d, "export")


def test_offline_drawing_survives_closing_the_page(sketchd, browsers):
    browsers.allowed_errors.append("WebSocket connection to")  # the daemon is down on purpose
    d = browsers.open(sketchd.url)
    url = session_url(d)
    draw(d, [squiggle(40, 100, 120)])
    wait_for(d, QUEUE_EMPTY, 10, "online stroke was not acknowledged")
    sketchd.stop()
    wait_for(d, "return sketchd.link.state === 'offline'", 10, "the page did not notice it is offline")
    draw(d, [rect(40, 200, 300, 50), rect(40, 280, 300, 50)])
    d.execute_script("return sketchd.store.queue.flushed()")
    d.get("about:blank")  # the page is gone; only IndexedDB holds the two strokes
    sketchd.start()
    d.get(url)
    wait_for(d, "return !!(window.sketchd && sketchd.link.state === 'live')", 20, "the page did not come back")
    wait_for(d, QUEUE_EMPTY, 20, "the stored queue was not sent after reopening the page")
    records = d.execute_script("return sketchd.store.records")
    added = [r["event"]["stroke"]["id"] for r in records if r["event"]["kind"] == "strokeAdded"]
    assert len(added) == 3 and len(set(added)) == 3, added


def test_a_long_offline_queue_drains_without_loss_or_duplicates(sketchd, browsers):
    """More ops than the server's burst (200): they are paced, and each is stored once."""
    browsers.allowed_errors.append("WebSocket connection to")
    d = browsers.open(sketchd.url)
    sketchd.stop()
    wait_for(d, "return sketchd.link.state === 'offline'", 10, "the page did not notice it is offline")
    strokes = [[(10 + (i % 20) * 18, 20 + (i // 20) * 50), (20 + (i % 20) * 18, 40 + (i // 20) * 50)] for i in range(260)]
    draw(d, strokes)
    assert d.execute_script("return sketchd.store.queue.size") == 260
    sketchd.start()
    wait_for(d, QUEUE_EMPTY, 60, "the long queue did not drain")
    records = d.execute_script("return sketchd.store.records")
    added = [r["event"]["stroke"]["id"] for r in records if r["event"]["kind"] == "strokeAdded"]
    assert len(added) == 260 and len(set(added)) == 260
    ordered = [r["clientOpId"] for r in records]
    assert ordered == sorted(ordered, key=lambda op: int(op.rsplit(":", 1)[1])), "ops were stored out of order"
