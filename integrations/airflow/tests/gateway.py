"""Runs a real Punctual gateway (``bin/punctual serve --embedded``) for the tests, in a temporary PUNCTUAL_HOME.

It is stopped at the end whatever happens: module cleanup, atexit, SIGTERM turned into an interrupt, and, if this
process is killed outright, the kernel's parent-death signal and a watchdog process (gateway_watchdog.py). Stopping
asks the gateway to shut down (it stops the embedded YARN and its containers), then kills its process group, then
anything still running from its home (a spark-submit the gateway launched can outlive it).
"""

from __future__ import annotations

import atexit
import ctypes
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import List, Optional

ROOT = Path(__file__).resolve().parents[3]
WORKLOADS_JAR = ROOT / "workloads" / "target" / "punctual-workloads.jar"
ANALYTICS_TOKEN = "analytics-local-token-0001"
GROWTH_TOKEN = "growth-local-token-0002"

_PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    except OSError:
        pass  # not Linux: the other safeguards remain


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RunningGateway:
    def __init__(self):
        self.home = Path(tempfile.mkdtemp(prefix="punctual-airflow-"))
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = self.home / "gateway.out"
        self.started_in: Optional[float] = None
        self.stopped_in: Optional[float] = None
        self.leftovers: List[int] = []
        self._process: Optional[subprocess.Popen] = None
        self._watchdog: Optional[subprocess.Popen] = None

    def start(self, timeout: Optional[float] = None) -> "RunningGateway":
        built = WORKLOADS_JAR.is_file() and (ROOT / "submitter" / "target" / "punctual-submitter.jar").is_file()
        timeout = timeout or (180 if built else 900)  # the first use builds the project
        env = dict(os.environ, PUNCTUAL_HOME=str(self.home))
        began = time.monotonic()
        with open(self.log_path, "wb") as out:
            self._process = subprocess.Popen(
                [str(ROOT / "bin" / "punctual"), "serve", "--embedded", "--port", str(self.port)], cwd=ROOT,
                env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
                preexec_fn=_die_with_parent)
        atexit.register(self.stop)
        # If this process is killed outright, the watchdog stops the gateway and whatever it left behind.
        self._watchdog = subprocess.Popen(
            [sys.executable, str(Path(__file__).with_name("gateway_watchdog.py")), str(os.getpid()),
             str(self._process.pid), str(self.home)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, start_new_session=True)
        while time.monotonic() - began < timeout:
            if self._process.poll() is not None:
                raise RuntimeError(f"the gateway exited with {self._process.returncode} before it was ready:\n"
                                   + self.log_tail())
            if self._healthy():
                self.started_in = time.monotonic() - began
                return self
            time.sleep(0.5)
        raise RuntimeError(f"the gateway was not healthy after {timeout:.0f} s:\n{self.log_tail()}")

    def _healthy(self) -> bool:
        try:
            with urllib.request.urlopen(self.url + "/healthz", timeout=2) as response:
                return json.load(response).get("status") == "ok"
        except (OSError, ValueError):
            return False

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no gateway output)"

    def stop(self) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        if self._watchdog is not None:
            self._watchdog.kill()
            self._watchdog.wait()
        began = time.monotonic()
        if process.poll() is None:
            _signal_group(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                pass
        _signal_group(process.pid, signal.SIGKILL)
        process.wait()
        self.leftovers = kill_processes_under(self.home)
        self.stopped_in = time.monotonic() - began
        print(f"gateway stopped in {self.stopped_in:.1f} s; leftover processes killed: {self.leftovers or 'none'}",
              file=sys.stderr, flush=True)
        if os.environ.get("PUNCTUAL_AIRFLOW_KEEP_HOME"):
            print(f"gateway home kept: {self.home}", file=sys.stderr)
        else:
            shutil.rmtree(self.home, ignore_errors=True)



def kill_processes_under(home_dir: Path) -> List[int]:
    """Kills processes started from a gateway's home (YARN containers and spark-submit run in other sessions)."""
    killed = []
    home = str(home_dir)
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            if entry.stat().st_uid != os.getuid():
                continue
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            cwd = os.readlink(entry / "cwd")
        except OSError:
            continue
        if home in cmdline or cwd.startswith(home):
            try:
                os.kill(int(entry.name), signal.SIGKILL)
                killed.append(int(entry.name))
            except OSError:
                pass
    return killed


def stop_group(pgid: int, grace: float) -> None:
    """SIGTERM to a process group, then SIGKILL to whatever is left of it after `grace` seconds."""
    _signal_group(pgid, signal.SIGTERM)
    end = time.monotonic() + grace
    while time.monotonic() < end:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.5)
    _signal_group(pgid, signal.SIGKILL)


def _signal_group(pid: int, sig: int) -> None:
    try:
        os.killpg(pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def exit_on_sigterm() -> None:
    """A SIGTERM to the test run interrupts it like Ctrl-C (unittest would catch SystemExit and go on), so the
    run stops and atexit stops the gateway."""
    def interrupt(signum, frame):
        raise KeyboardInterrupt(f"signal {signum}")

    if signal.getsignal(signal.SIGTERM) in (signal.SIG_DFL, None):
        signal.signal(signal.SIGTERM, interrupt)


def wait_for(condition, timeout: float, what: str):
    """Polls condition() every half second until it returns something true, and returns that; fails after timeout."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.5)
    raise AssertionError(f"{what} did not happen within {timeout} s")
