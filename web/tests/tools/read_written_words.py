"""What the reader makes of words written by the held-out Chars74k writers, as the browser tests
write them (web/tests/browser/handwriting.py): to pick a writer and word for a test.

    python3 web/tests/tools/read_written_words.py Settings Next:box Dojo:box Jynx
        # needs .build/debug/sketchctl; prints, per word and writer 32-35, the texts read and
        # their textConfidence (from the exact trajectories: the browser's pointer input lands
        # on whole CSS pixels, which can change a read)
"""

import json
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))

from conftest import SKETCHCTL  # noqa: E402
from handwriting import HELD_OUT_WRITERS, box_around, canvas_file, word  # noqa: E402


def read_texts(elements):
    return [(e["type"], e["text"], round(e.get("textConfidence") or 1, 2)) for e in elements if e.get("text")] \
        + [t for e in elements for t in read_texts(e.get("children", []))]


def main(words):
    for spec in words:
        text, _, boxed = spec.partition(":")
        for writer in HELD_OUT_WRITERS:
            try:
                strokes = word(text, writer, left=60, top=300)
            except KeyError as missing:
                print(f"{text} writer {writer}: no {missing}")
                continue
            if boxed == "box":
                strokes.append(box_around(strokes, 24, 14))
            with tempfile.NamedTemporaryFile("w", suffix=".json") as canvas:
                json.dump(canvas_file(strokes), canvas)
                canvas.flush()
                out = subprocess.run([str(SKETCHCTL), "recognize", canvas.name], capture_output=True, text=True, check=True)
            print(f"{spec} writer {writer}: {read_texts(json.loads(out.stdout)['elements'])}")


if __name__ == "__main__":
    main(sys.argv[1:] or ["Settings", "Next:box"])
