"""The README shows the canvas in light, in dark and on a phone, below its first two commands.

The pictures come from web/tests/tools/readme_screenshots.py (headless Chromium, a drawn screen).
"""

import re
import struct

from conftest import REPO

PICTURES = {"light": (1440, 900), "dark": (1440, 900), "phone": (390, 844)}


def test_the_readme_shows_light_dark_and_phone_pictures_below_its_two_commands():
    readme = (REPO / "README.md").read_text()
    commands = readme.index("```sh\nscripts/run.sh ")
    assert "\nscripts/test.sh " in readme[commands:readme.index("```\n", commands + 5)], "the first two command lines changed"
    shown = re.findall(r'<img src="(docs/screenshots/[^"]+)"', readme)
    assert shown == [f"docs/screenshots/{name}.png" for name in PICTURES], shown
    assert readme.index(shown[0]) > commands, "the pictures come after the two commands"
    for name, size in PICTURES.items():
        data = (REPO / "docs" / "screenshots" / f"{name}.png").read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{name}.png is not a PNG"
        assert struct.unpack(">II", data[16:24]) == size, f"{name}.png is not {size}"
