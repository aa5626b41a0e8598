"""Synthetic pen input and shapes for the browser tests, in canvas points of a screen."""

import math

DRAW_JS = """
const [screenId, strokes] = arguments;
const frame = document.querySelector(`.screen-card[data-screen="${screenId}"] .phone-frame`);
if (!frame) throw new Error('no screen ' + screenId);
const scale = parseFloat(frame.style.getPropertyValue('--scale')) || 1;
const rect = frame.getBoundingClientRect();
const fire = (type, [x, y], buttons) => frame.dispatchEvent(new PointerEvent(type, {
  bubbles: true, cancelable: true, composed: true, pointerId: 7, pointerType: 'pen', isPrimary: true,
  clientX: rect.left + x * scale, clientY: rect.top + y * scale, pressure: buttons ? 0.6 : 0, buttons, button: 0,
}));
for (const points of strokes) {
  fire('pointerdown', points[0], 1);
  for (const p of points.slice(1)) fire('pointermove', p, 1);
  fire('pointerup', points[points.length - 1], 0);
}
return strokes.length;
"""


def line(x1, y1, x2, y2, steps=12):
    return [(x1 + (x2 - x1) * i / steps, y1 + (y2 - y1) * i / steps) for i in range(steps + 1)]


def rect(x, y, w, h):
    """A rectangle as one closed stroke."""
    return line(x, y, x + w, y) + line(x + w, y, x + w, y + h)[1:] + line(x + w, y + h, x, y + h)[1:] + line(x, y + h, x, y)[1:]


def squiggle(x, y, w, amplitude=4):
    steps = max(8, int(w / 4))
    return [(x + w * i / steps, y + math.sin(i * 1.3) * amplitude) for i in range(steps + 1)]


def draw(driver, strokes, screen="main"):
    """Draws strokes (lists of (x, y)) on a screen with synthetic pen events."""
    return driver.execute_script(DRAW_JS, screen, [[list(p) for p in s] for s in strokes])


def login_screen():
    """A login screen: a title, two text fields and a button with a label inside."""
    return [
        squiggle(120, 150, 150, 6),            # title
        rect(40, 260, 310, 48),                # email field
        rect(40, 330, 310, 48),                # password field
        rect(40, 420, 310, 52),                # button outline
        squiggle(150, 446, 90, 5),             # button label
    ]


FRAME_OF = """
const frame = document.querySelector(`.screen-card[data-screen="${arguments[0]}"] .phone-frame`);
const r = frame.getBoundingClientRect();
return [r.left, r.top, parseFloat(frame.style.getPropertyValue('--scale')) || 1];
"""


def draw_with_pointer(driver, strokes, screen="main"):
    """Draws strokes (lists of (x, y) canvas points) with real pointer input: WebDriver actions,
    which the browser turns into its own mouse events (with pointer capture), one action list a
    stroke. The screen must be in view."""
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput

    left, top, scale = driver.execute_script(FRAME_OF, screen)
    for stroke in strokes:
        actions = ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_MOUSE, "mouse"), duration=0)
        pointer = actions.pointer_action
        client = [(left + x * scale, top + y * scale) for x, y in stroke]
        pointer.source.create_pointer_move(duration=0, x=client[0][0], y=client[0][1], origin="viewport")
        pointer.pointer_down()
        for x, y in client[1:]:
            pointer.source.create_pointer_move(duration=0, x=x, y=y, origin="viewport")
        pointer.pointer_up()
        actions.perform()
