"""The preview is the code: each golden screen's preview, rendered in Chromium by the real preview
module, shows exactly the strings its generated SwiftUI shows.

The inputs are Tests/ExporterTests/Golden/<fixture>/preview/<screen>.json (what the `recognition`
message carries for that screen, kept byte for byte by ExporterTests.PreviewGoldenTests) and the
golden SwiftUI beside them, so neither side is written by this test.
"""

import json
import re

import pytest

from conftest import REPO

GOLDEN = REPO / "Tests" / "ExporterTests" / "Golden"
FIXTURES = sorted(p.name for p in GOLDEN.iterdir() if (p / "preview").is_dir())

# The first string argument of the SwiftUI views that put text on screen, navigation titles and
# tab labels, and the titles of list items (the rows a List shows).
VISIBLE = re.compile(
    r'(?:\bText|\bTextField|\bSecureField|\bToggle|\bButton|\bPicker|\bLabel|\.navigationTitle)\(\s*"((?:[^"\\]|\\.)*)"'
    r'|\btitle: "((?:[^"\\]|\\.)*)"')
# Every string literal, and the options of a picker (`["A", "B"]` arrays).
LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"')

RENDER = """
const [input, done] = [arguments[0], arguments[arguments.length - 1]];
import('/js/preview/preview.js').then(({ PreviewPanel }) => {
  const root = document.createElement('div');
  root.id = 'golden-preview';
  Object.assign(root.style, { position: 'fixed', top: '0', left: '0', zIndex: '1000', background: '#fff' });
  document.getElementById('golden-preview')?.remove();
  document.body.append(root);
  new PreviewPanel(root, { onPick: null }).show({ ...input, readOnly: true, scale: 1 });
  const phone = root.querySelector('.pv-phone');
  const lines = (node) => (node?.innerText ?? '').split('\\n').map((s) => s.trim()).filter(Boolean);
  const status = new Set(lines(phone.querySelector('.pv-status')));  // the clock, not the app
  done(lines(phone).filter((s) => !status.has(s)));
}).catch((error) => done({ error: String(error) }));
"""


PICKER = re.compile(r'^(\s*)Picker\(\s*"(?:[^"\\]|\\.)*".*\{\n(.*?)^\1\}\n\s*\.pickerStyle\(\.(\w+)\)', re.M | re.S)
OPTION = re.compile(r'Text\("((?:[^"\\]|\\.)*)"\)\.tag\((\d+)\)')


def visible_strings(code):
    """The strings the SwiftUI shows on screen before anyone touches it. A picker shows its
    selected option (tag 0) as a menu, or every option as segments, and no label either way."""
    shown = set()
    for _, body, style in PICKER.findall(code):
        shown |= {unescape(text) for text, tag in OPTION.findall(body) if style == "segmented" or tag == "0"}
    rest = PICKER.sub("", code)
    return shown | {unescape(a or b) for a, b in VISIBLE.findall(rest)}


def screen_file(fixture, screen):
    """The SwiftUI file of a golden screen: the one whose view is named after the screen."""
    name = re.sub(r"[^A-Za-z0-9]", "", screen["name"].title())
    path = GOLDEN / fixture / "swiftui" / f"{name}Screen.swift"
    assert path.exists(), f"no golden SwiftUI file for screen {screen['name']!r} ({path.name})"
    return path.read_text()


def unescape(literal):
    return json.loads(f'"{literal}"')


@pytest.mark.parametrize("fixture", FIXTURES)
def test_the_preview_shows_the_strings_of_the_code(sketchd, browsers, fixture):
    d = browsers.open(sketchd.url)
    inputs = sorted((GOLDEN / fixture / "preview").glob("*.json"))
    assert inputs, f"no preview inputs for {fixture}"
    for path in inputs:
        payload = json.loads(path.read_text())
        code = screen_file(fixture, payload["screen"])
        literals = {unescape(m) for m in LITERAL.findall(code)}
        visible_in_code = visible_strings(code)
        d.set_script_timeout(20)
        shown = d.execute_async_script(RENDER, payload)
        assert isinstance(shown, list), f"{fixture}/{path.name}: the preview did not render: {shown}"
        browsers.screenshot(d, f"{fixture}-{path.stem}")
        assert shown, f"{fixture}/{path.name}: the preview shows nothing"
        not_in_code = [s for s in shown if s not in literals]
        assert not_in_code == [], f"{fixture}/{path.name}: the preview shows strings the code does not: {not_in_code}"
        missing = sorted(s for s in visible_in_code if s and s not in shown)
        assert missing == [], f"{fixture}/{path.name}: the code shows strings the preview does not: {missing}"
