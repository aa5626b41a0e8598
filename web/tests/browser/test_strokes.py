"""A stroke in progress is never cut: not by a peer's stroke, a result, going offline or a reconnect.

The slow stroke is real mouse input through the DevTools protocol (Input.dispatchMouseEvent), so
the browser gives the frame real pointer capture: detaching the card that holds it would fire
lostpointercapture, which is exactly the bug this guards against. The stroke advances in steps,
and between steps the test waits for the disturbing thing to have happened (a condition with a
deadline), so the interleaving is certain on any machine.
"""

from conftest import wait_for
from drawing import draw, rect, squiggle

QUEUE_EMPTY = "return sketchd.link.state === 'live' && sketchd.store.queue.size === 0"
ADDED = "return sketchd.store.records.filter(r => r.event.kind === 'strokeAdded').map(r => r.event.stroke)"
FRAME_ORIGIN = """
const frame = document.querySelector('.screen-card[data-screen="main"] .phone-frame');
const r = frame.getBoundingClientRect();
return [r.left, r.top, parseFloat(frame.style.getPropertyValue('--scale')) || 1];
"""


class SlowMouseStroke:
    """A mouse drag on the main screen, one real input event at a time."""

    def __init__(self, driver):
        self.driver = driver
        self.left, self.top, self.scale = driver.execute_script(FRAME_ORIGIN)
        self.points = []

    def _mouse(self, kind, x, y, buttons):
        self.driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
            "type": kind, "x": self.left + x * self.scale, "y": self.top + y * self.scale,
            "button": "left", "buttons": buttons, "clickCount": 1 if kind != "mouseMoved" else 0,
        })

    def down(self, x, y):
        self._mouse("mousePressed", x, y, 1)
        self.points.append((x, y))

    def move(self, count):
        """Moves the pressed mouse `count` steps further right and down, 3 points per step."""
        for _ in range(count):
            x, y = self.points[-1]
            self._mouse("mouseMoved", x + 3, y + 1, 1)
            self.points.append((x + 3, y + 1))

    def up(self):
        x, y = self.points[-1]
        self._mouse("mouseReleased", x, y, 0)


def test_a_slow_stroke_survives_a_peers_stroke_results_going_offline_and_reconnecting(sketchd, browsers):
    browsers.allowed_errors.append("WebSocket connection to")  # the daemon is stopped on purpose
    a = browsers.open(sketchd.url)
    b = browsers.open(a.execute_script("return location.href"))
    a.execute_script("document.querySelector('[data-tool=pen]').click()")
    slow = SlowMouseStroke(a)
    slow.down(30, 120)
    slow.move(10)

    # The other browser draws a whole element; A receives the stroke and its recognition.
    draw(b, [rect(40, 420, 300, 52), squiggle(150, 446, 90, 5)])
    wait_for(a, "return sketchd.state().liveStrokes().length === 2", 20, "A did not receive the peer's strokes")
    slow.move(10)
    wait_for(a, "return (sketchd.results.get('main')?.seq ?? 0) >= 2", 30, "A received no result for the peer's strokes")
    slow.move(10)
    assert a.execute_script("return sketchd.state().liveStrokes().length") == 2, "the slow stroke ended early"

    # The daemon goes away and comes back while the stroke goes on.
    sketchd.stop()
    wait_for(a, "return sketchd.link.state === 'offline'", 15, "A did not notice it is offline")
    slow.move(10)
    sketchd.start()
    wait_for(a, "return sketchd.link.state === 'live'", 30, "A did not reconnect")
    slow.move(10)
    draw(b, [squiggle(60, 650, 200)])
    wait_for(a, "return sketchd.state().liveStrokes().length === 3", 20, "A did not receive the peer's later stroke")
    slow.move(5)
    slow.up()

    wait_for(a, QUEUE_EMPTY, 20, "the slow stroke was not acknowledged")
    wait_for(b, "return sketchd.state().liveStrokes().length === 4", 20, "B does not have the slow stroke")
    mine = a.execute_script("return sketchd.identity.clientId")
    slow_strokes = [s for s in a.execute_script(ADDED) if s["id"].startswith(mine)]
    assert len(slow_strokes) == 1, f"the slow stroke was cut into {len(slow_strokes)} strokes"
    landed = [(p[0], p[1]) for p in slow_strokes[0]["points"]]
    expected = [(round(x * 8) / 8, round(y * 8) / 8) for x, y in slow.points]
    assert len(landed) == len(expected) == 56
    for got, want in zip(landed, expected):
        assert abs(got[0] - want[0]) <= 1 and abs(got[1] - want[1]) <= 1, (got, want)
    browsers.screenshot(a, "slow-stroke")
