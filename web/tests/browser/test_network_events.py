"""The browser's own `offline` and `online` events: the page says Offline as soon as the network
goes, even while its socket would still look open, queues what is drawn, and sends it when the
network is back.

DevTools' offline emulation fires both events and blocks new connections, but leaves an open
WebSocket open: the page has only the event to go by.
"""

from conftest import wait_for
from drawing import draw, squiggle

QUEUE_EMPTY = "return sketchd.link.state === 'live' && sketchd.store.queue.size === 0"
STATUS = "return document.getElementById('status').textContent"


def emulate_network(driver, offline):
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                           {"offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


def test_the_offline_event_says_offline_queues_and_online_sends(sketchd, browsers):
    browsers.allowed_errors.append("WebSocket connection to")  # retries while the network is off fail
    d = browsers.open(sketchd.url)
    draw(d, [squiggle(40, 100, 120)])
    wait_for(d, QUEUE_EMPTY, 10, "the first stroke was not acknowledged")

    emulate_network(d, offline=True)
    wait_for(d, "return document.getElementById('status').textContent.startsWith('Offline')", 10,
             "the status does not say Offline when the browser does")
    assert d.execute_script("return sketchd.link.state") == "offline"

    draw(d, [squiggle(40, 160, 120), squiggle(40, 220, 120)])
    wait_for(d, "return document.getElementById('status').textContent.startsWith('Offline · 2 saved here')", 5,
             "the strokes drawn offline are not said to be kept here")
    assert d.execute_script("return sketchd.state().liveStrokes().length") == 3, "offline strokes must show at once"

    emulate_network(d, offline=False)
    wait_for(d, QUEUE_EMPTY, 20, "the queue was not sent when the network came back")
    wait_for(d, "return document.getElementById('status').textContent === 'Live'", 5, "the status does not say Live again")
    added = d.execute_script("return sketchd.store.records.filter(r => r.event.kind === 'strokeAdded').length")
    assert added == 3, f"each stroke is stored exactly once, not {added} times"
