"""Takes the README's pictures: a drawn login screen in light, in dark and on a phone.

    python3 web/tests/tools/readme_screenshots.py    # needs .build/debug/sketchd; writes docs/screenshots/

A real sketchd and headless Chromium, as the browser tests use them (web/tests/browser/conftest.py).
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))

from conftest import REPO, Browsers, Sketchd, wait_for  # noqa: E402
from drawing import draw, login_screen  # noqa: E402

OUT = REPO / "docs" / "screenshots"
RECOGNISED = "return sketchd.results.get('main')?.seq >= sketchd.store.lastSeq && sketchd.codePanel.allText().includes('Button')"


def scheme(driver, name):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": name}]})
    wait_for(driver, f"return getComputedStyle(document.documentElement).colorScheme.includes('{name}') || "
                     f"matchMedia('(prefers-color-scheme: {name})').matches", 5, f"not {name}")


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    server, browsers = Sketchd(), Browsers("readme")
    try:
        d = browsers.open(server.url, width=1440, height=900)
        draw(d, login_screen())
        wait_for(d, RECOGNISED, 30, "the login screen was not recognised")
        scheme(d, "light")
        d.save_screenshot(str(OUT / "light.png"))
        scheme(d, "dark")
        d.save_screenshot(str(OUT / "dark.png"))
        phone = browsers.open(d.current_url, width=390, height=844)
        phone.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        scheme(phone, "light")
        wait_for(phone, RECOGNISED, 30, "the phone did not get the result")
        phone.save_screenshot(str(OUT / "phone.png"))
    finally:
        browsers.quit()
        server.close()
    for name in ("light", "dark", "phone"):
        print(OUT / f"{name}.png")


if __name__ == "__main__":
    main()
