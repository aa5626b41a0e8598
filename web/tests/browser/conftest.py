"""Fixtures for the browser tests: a real sketchd on loopback and headless Chromium windows.

The tests drive Debian's chromium through chromium-driver (selenium). sketchd is started from
.build/debug/sketchd (scripts/test.sh builds it) with a fresh data directory per server.
Screenshots go to test-output/ at the repository root.
"""

import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
WEB_ROOT = REPO / "web"
OUTPUT = REPO / "test-output"
SKETCHD = Path(os.environ.get("SKETCHD_BIN", REPO / ".build" / "debug" / "sketchd"))
SKETCHCTL = Path(os.environ.get("SKETCHCTL_BIN", REPO / ".build" / "debug" / "sketchctl"))
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Sketchd:
    """One sketchd process; stop() and start() keep the port and the data directory."""

    def __init__(self):
        if not SKETCHD.exists():
            pytest.skip(f"no sketchd binary at {SKETCHD}: build it with `swift build --product sketchd`")
        self.port = free_port()
        self.data_dir = Path(tempfile.mkdtemp(prefix="sketchd-web-"))
        self.log = open(self.data_dir / "sketchd.log", "ab")
        self.process = None
        self.start()

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}/"

    def start(self):
        self.process = subprocess.Popen(
            [str(SKETCHD), "--host", "127.0.0.1", "--port", str(self.port), "--data-dir", str(self.data_dir),
             "--web-root", str(WEB_ROOT)],
            stdout=self.log, stderr=self.log)
        deadline = time.time() + 30
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"sketchd exited with {self.process.returncode}; log in {self.data_dir}/sketchd.log")
            try:
                with urllib.request.urlopen(self.url, timeout=1) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("sketchd did not serve the page within 30 s")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def replay_json(self, session):
        """The session's events as `sketchctl replay --json` prints them, or None without sketchctl."""
        if not SKETCHCTL.exists():
            return None
        out = subprocess.run([str(SKETCHCTL), "replay", "--data-dir", str(self.data_dir), "--session", session, "--json"],
                             capture_output=True, text=True, timeout=60)
        if out.returncode != 0:
            raise AssertionError(f"sketchctl replay failed: {out.stderr.strip()}")
        return json.loads(out.stdout)

    def close(self, keep_log_as=None):
        """Stops the daemon and removes its data; `keep_log_as` saves its log in test-output/ first."""
        self.stop()
        self.log.close()
        if keep_log_as:
            OUTPUT.mkdir(exist_ok=True)
            shutil.copyfile(self.data_dir / "sketchd.log", OUTPUT / f"{keep_log_as}-sketchd.log")
        shutil.rmtree(self.data_dir, ignore_errors=True)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Records each phase's outcome on the test item, so fixtures can tell that a test failed."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"report_{report.when}", report)


@pytest.fixture
def sketchd(request):
    server = Sketchd()
    yield server
    report = getattr(request.node, "report_call", None)
    server.close(keep_log_as=request.node.name if report is not None and report.failed else None)


class Browsers:
    """Opens headless Chromium windows; every window is checked for console errors at the end."""

    def __init__(self, name):
        self.name = name
        self.drivers = []
        self.allowed_errors = []

    def open(self, url, *, legend_seen=True, width=1440, height=900):
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service

        options = Options()
        for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={width},{height}",
                    "--disable-gpu", "--force-device-scale-factor=1"):
            options.add_argument(arg)
        options.binary_location = CHROMIUM
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        self.drivers.append(driver)
        # --window-size is the outer size (and has a minimum): give the page exactly width x height.
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        driver.get(url)
        wait_for(driver, "return !!(window.sketchd && sketchd.link.state === 'live')", 20, "the page did not go live")
        if legend_seen:
            driver.execute_script("document.getElementById('legend').close()")
        return driver

    def screenshot(self, driver, label):
        OUTPUT.mkdir(exist_ok=True)
        path = OUTPUT / f"{self.name}-{label}.png"
        driver.save_screenshot(str(path))
        return path

    def console_errors(self):
        errors = []
        for driver in self.drivers:
            for entry in driver.get_log("browser"):
                if entry["level"] != "SEVERE":
                    continue
                message = entry["message"]
                if any(allowed in message for allowed in self.allowed_errors):
                    continue
                errors.append(message)
        return errors

    def quit(self):
        for driver in self.drivers:
            driver.quit()


@pytest.fixture
def browsers(request):
    b = Browsers(request.node.name)
    yield b
    try:
        errors = b.console_errors()
    finally:
        b.quit()
    assert errors == [], f"console errors: {errors}"


def wait_for(driver, script, timeout=15, message="condition not met", *args):
    """Polls a JS expression (a `return ...` statement) until it is truthy; returns its value."""
    deadline = time.time() + timeout
    last = None
    while time.time() < deadline:
        last = driver.execute_script(script, *args)
        if last:
            return last
        time.sleep(0.05)
    raise AssertionError(f"{message} (last value: {last!r})")
