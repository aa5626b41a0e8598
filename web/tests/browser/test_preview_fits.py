"""The preview is the phone (issue 40, item 1): nothing the layout places runs past its edges.

Drawn as a designer drew it when the preview pushed a picture and a slider off the right edge
(a picture drawn at x = 200, 152 wide, was shown at x = 382 on the 390-point phone) and clipped a
switch: a label beside a picture, a label beside a slider, a label and a switch near the
trailing edge, a wide text field and a button. Every control the preview draws must sit inside
the phone's box, as the generated code puts it (the daemon checks the same layout at 320 points:
`ScreenFitTests`).
"""

from conftest import wait_for
from drawing import draw, line, rect, squiggle
from test_preview_titles import circle, pill

QUEUE_EMPTY = "return sketchd.link.state === 'live' && sketchd.store.queue.size === 0"
# The phone's box and every control's box in the preview, in page pixels (both scaled alike).
BOXES = """
const phone = document.querySelector('.preview .pv-phone');
if (!phone) return null;
const box = (n) => { const r = n.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, width: r.width }; };
return {
  phone: box(phone),
  elements: [...phone.querySelectorAll('.pv-element')].map((n) => ({ id: n.dataset.elementId, type: n.dataset.type, ...box(n) })),
};
"""


def picture(x, y, w, h):
    """A picture placeholder: a box with both diagonals."""
    return [rect(x, y, w, h), line(x, y, x + w, y + h), line(x + w, y, x, y + h)]


def test_every_control_of_the_preview_sits_inside_the_phone(sketchd, browsers):
    d = browsers.open(sketchd.url)
    strokes = [squiggle(40, 160, 130, 5)] + picture(200, 120, 152, 100)              # a label beside a picture
    strokes += [squiggle(40, 290, 100, 5), line(200, 290, 352, 290, steps=24), circle(250, 290, 9)]  # a label beside a slider
    strokes += [squiggle(40, 380, 150, 5), pill(300, 364, 64, 32), circle(348, 380, 11)]        # a switch near the edge
    strokes += [rect(40, 460, 310, 48), rect(40, 550, 310, 52), squiggle(150, 576, 90, 5)]      # a text field and a button
    draw(d, strokes)
    wait_for(d, QUEUE_EMPTY, 10, "the strokes were not acknowledged")
    wait_for(d, "const r = sketchd.results.get('main'); return !!r && r.seq >= sketchd.store.lastSeq", 60, "no result of every stroke")
    shown = wait_for(d, f"const b = (() => {{ {BOXES} }})(); return !!b && b.elements.length >= 6 && b", 30,
                     "the preview does not draw the controls")
    types = {e["type"] for e in shown["elements"]}
    assert {"image", "slider", "toggle"} <= types, f"the picture, the slider and the switch are not all shown: {sorted(types)}"
    phone = shown["phone"]
    outside = [e for e in shown["elements"] if e["left"] < phone["left"] - 1 or e["right"] > phone["right"] + 1]
    assert not outside, f"past the phone's edges ({phone['left']:.0f}-{phone['right']:.0f}): {outside}"
    # Nothing was squeezed to a sliver to fit: the picture keeps most of its drawn width.
    scale = phone["width"] / 390
    image = next(e for e in shown["elements"] if e["type"] == "image")
    assert image["width"] / scale >= 120, f"the picture is shown {image['width'] / scale:.0f} pt wide, drawn 152"
    browsers.screenshot(d, "preview-fits")
