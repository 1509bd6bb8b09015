"""A throw-away Airflow installation for the tests: AIRFLOW_HOME in a temporary directory, a SQLite metadata database
migrated once, the DAGs of ``dags/``, and Airflow's own CLI (``airflow dags test``, ``airflow tasks test``,
``airflow triggerer``) run as subprocesses of the virtual environment's Python. The test process itself never
imports Airflow: what it checks, it reads from the metadata database (sqlite3), the CLI's output and the gateway.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Dict, List, Mapping, Optional

DAGS = Path(__file__).resolve().parent / "dags"
AIRFLOW = Path(sys.executable).with_name("airflow")


class CliRun:
    """One finished Airflow CLI command: its exit code and its output (stdout and stderr together)."""

    def __init__(self, args: List[str], returncode: int, output: str, seconds: float):
        self.args = args
        self.returncode = returncode
        self.output = output
        self.seconds = seconds

    def task_log(self, task_id: str) -> str:
        """The part of an ``airflow dags test`` output written while one task ran (its task log goes to stdout)."""
        sections = re.split(r"(?=\[DAG TEST\] starting task_id=)", self.output)
        mine = [s for s in sections if s.startswith(f"[DAG TEST] starting task_id={task_id} ")]
        if not mine:
            raise AssertionError(f"task {task_id} did not run in `{' '.join(self.args)}`:\n{self.tail()}")
        return "".join(mine)

    def tail(self, lines: int = 60) -> str:
        return "\n".join(self.output.splitlines()[-lines:])


class AirflowHome:

    def __init__(self, env: Mapping[str, str]):
        self.home = Path(tempfile.mkdtemp(prefix="punctual-airflow-home-"))
        self.db = self.home / "airflow.db"
        self.env = dict(os.environ)
        self.env.update({
            "AIRFLOW_HOME": str(self.home),
            "AIRFLOW__CORE__DAGS_FOLDER": str(DAGS),
            "AIRFLOW__CORE__LOAD_EXAMPLES": "False",
            "AIRFLOW__DATABASE__SQL_ALCHEMY_CONN": f"sqlite:///{self.db}",
            "AIRFLOW__CORE__EXECUTOR": "SequentialExecutor",
            "AIRFLOW__LOGGING__LOGGING_LEVEL": "INFO",
            # The triggerer checks for new triggers every second (default 5) so a deferral is picked up quickly.
            "AIRFLOW__TRIGGERER__JOB_HEARTBEAT_SEC": "1",
            "AIRFLOW__SCHEDULER__TRIGGERER_HEALTH_CHECK_THRESHOLD": "30",
            "PYTHONUNBUFFERED": "1",
        })
        self.env.update(env)
        self._triggerer: Optional[subprocess.Popen] = None
        self.triggerer_log = self.home / "triggerer.out"

    def airflow(self, *args: str, timeout: float = 600, check: bool = False) -> CliRun:
        began = time.monotonic()
        command = [str(AIRFLOW), *args]
        done = subprocess.run(command, env=self.env, cwd=self.home, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, timeout=timeout)
        run = CliRun(list(args), done.returncode, done.stdout, time.monotonic() - began)
        if check and run.returncode != 0:
            raise AssertionError(f"`airflow {' '.join(args)}` exited with {run.returncode}:\n{run.tail()}")
        return run

    def start_airflow(self, *args: str) -> subprocess.Popen:
        """An Airflow command left running (the caller waits for it or signals it); output to a file in the home."""
        out = open(self.home / f"{args[0]}-{time.monotonic_ns()}.out", "w+")
        process = subprocess.Popen([str(AIRFLOW), *args], env=self.env, cwd=self.home, stdin=subprocess.DEVNULL,
                                   stdout=out, stderr=subprocess.STDOUT, text=True)
        process.output_file = out  # read with output(process) once it has ended
        return process

    @staticmethod
    def output(process: subprocess.Popen) -> str:
        with process.output_file as out:
            out.seek(0)
            return out.read()

    def migrate(self) -> CliRun:
        return self.airflow("db", "migrate", check=True)

    def dags_test(self, dag_id: str, logical_date: datetime) -> CliRun:
        return self.airflow("dags", "test", dag_id, logical_date.isoformat())

    # -- the triggerer --------------------------------------------------------------------------------------------
    def start_triggerer(self, timeout: float = 120) -> None:
        out = open(self.triggerer_log, "w")
        self._triggerer = subprocess.Popen([str(AIRFLOW), "triggerer"], env=self.env, cwd=self.home,
                                           stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self._triggerer.poll() is not None:
                raise AssertionError(f"the triggerer exited with {self._triggerer.returncode}:\n"
                                     + self.triggerer_log.read_text(errors="replace")[-4000:])
            rows = self.query("SELECT state FROM job WHERE job_type = 'TriggererJob' AND state = 'running'")
            if rows:
                return
            time.sleep(0.5)
        raise AssertionError(f"the triggerer was not running after {timeout} s")

    def stop_triggerer(self) -> None:
        process, self._triggerer = self._triggerer, None
        if process is None:
            return
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    # -- the metadata database ------------------------------------------------------------------------------------
    def query(self, sql: str, *params) -> List[sqlite3.Row]:
        for attempt in range(20):
            try:
                with sqlite3.connect(f"file:{self.db}?mode=ro", uri=True, timeout=10) as db:
                    db.row_factory = sqlite3.Row
                    return db.execute(sql, params).fetchall()
            except sqlite3.OperationalError as e:  # locked by an Airflow process writing, or not created yet
                if attempt == 19:
                    raise AssertionError(f"the metadata database could not be read: {e}") from e
                time.sleep(0.25)
        return []

    def trigger_logs(self, dag_id: str) -> str:
        """The task log the triggerer wrote while it ran a task's trigger (``attempt=N.log.trigger.<id>.log``)."""
        return "".join(p.read_text(errors="replace")
                       for p in sorted((self.home / "logs" / f"dag_id={dag_id}").glob("**/*.log.trigger.*.log")))

    def task_instance(self, dag_id: str, task_id: str) -> Dict[str, object]:
        rows = self.query("SELECT run_id, state, try_number FROM task_instance WHERE dag_id = ? AND task_id = ?",
                          dag_id, task_id)
        if len(rows) != 1:
            raise AssertionError(f"expected one task instance of {dag_id}.{task_id}, found {len(rows)}")
        return dict(rows[0])

    def close(self) -> None:
        self.stop_triggerer()
        if os.environ.get("PUNCTUAL_AIRFLOW_KEEP_HOME"):
            print(f"Airflow home kept: {self.home}", file=sys.stderr)
        else:
            shutil.rmtree(self.home, ignore_errors=True)


def connection_uri_json(conn_type: str, host: str, port: int, password: Optional[str] = None,
                        extra: Optional[dict] = None) -> str:
    """An ``AIRFLOW_CONN_<ID>`` value in Airflow's JSON form."""
    conn = {"conn_type": conn_type, "host": host, "port": port}
    if password is not None:
        conn["password"] = password
    if extra:
        conn["extra"] = extra
    return json.dumps(conn)


def logical_now() -> datetime:
    """A logical date for one DAG run: now, whole seconds, UTC (each run in a test run gets its own run id)."""
    return datetime.now(timezone.utc).replace(microsecond=0)
