"""Stops a test gateway if the test run that started it dies without stopping it (e.g. kill -9).

Usage: gateway_watchdog.py <test run pid> <gateway process group> <gateway home>. The test run kills this watchdog
before stopping the gateway itself.
"""

import os
import shutil
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gateway import kill_processes_under, stop_group  # noqa: E402


def main(parent: int, group: int, home: str) -> None:
    while os.getppid() == parent:
        time.sleep(1)
    stop_group(group, grace=60)
    kill_processes_under(Path(home))
    shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3])
