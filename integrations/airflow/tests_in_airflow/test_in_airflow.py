"""The operator inside a real Apache Airflow (the pinned release of airflow-venv.sh) against a real embedded gateway.

One gateway and one Airflow home (SQLite, migrated once) for the module. Each DAG of dags/punctual_it_dags.py runs
once with ``airflow dags test``; what the tests check comes from the gateway, Airflow's metadata database and the
task log (``airflow dags test`` writes it to its output). No part of Airflow is replaced.
"""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import time
import unittest
from datetime import datetime, timedelta
from typing import Dict, List

from punctual_airflow.client import FINAL_STATES, PunctualClient

from tests.gateway import ANALYTICS_TOKEN, WORKLOADS_JAR, RunningGateway, exit_on_sigterm, wait_for

from .harness import AirflowHome, CliRun, connection_uri_json, logical_now

GATEWAY: RunningGateway
ANALYTICS: PunctualClient
AIRFLOW: AirflowHome
SILENT: socket.socket


def setUpModule():
    global GATEWAY, ANALYTICS, AIRFLOW, SILENT
    exit_on_sigterm()
    GATEWAY = RunningGateway()
    unittest.addModuleCleanup(GATEWAY.stop)
    GATEWAY.start()
    ANALYTICS = PunctualClient(GATEWAY.url, ANALYTICS_TOKEN)
    # A gateway that accepts connections and never answers.
    SILENT = socket.socket()
    SILENT.bind(("127.0.0.1", 0))
    SILENT.listen(8)
    unittest.addModuleCleanup(SILENT.close)
    fast = {"retries": 1, "retry_wait": 0.2, "timeout": 3}
    AIRFLOW = AirflowHome({
        "PUNCTUAL_IT_JAR": str(WORKLOADS_JAR),
        "AIRFLOW_CONN_PUNCTUAL_DEFAULT": connection_uri_json("punctual", "127.0.0.1", GATEWAY.port, ANALYTICS_TOKEN),
        "AIRFLOW_CONN_PUNCTUAL_NO_TOKEN": connection_uri_json("punctual", "127.0.0.1", GATEWAY.port, extra=fast),
        "AIRFLOW_CONN_PUNCTUAL_SILENT": connection_uri_json("punctual", "127.0.0.1", SILENT.getsockname()[1],
                                                            ANALYTICS_TOKEN, extra=fast),
    })
    unittest.addModuleCleanup(AIRFLOW.close)
    began = time.monotonic()
    AIRFLOW.migrate()
    # The Livy connection lives in the metadata database; its extra becomes HTTP headers in Airflow's HttpHook.
    AIRFLOW.airflow("connections", "add", "livy_punctual", "--conn-type", "livy", "--conn-host", "127.0.0.1",
                    "--conn-port", str(GATEWAY.port),
                    "--conn-extra", json.dumps({"Authorization": f"Bearer {ANALYTICS_TOKEN}"}), check=True)
    print(f"\ngateway ready in {GATEWAY.started_in:.1f} s; Airflow home {AIRFLOW.home} migrated in "
          f"{time.monotonic() - began:.1f} s", flush=True)


def batches(job_key: str) -> List[Dict]:
    """The analytics team's batches of one job, oldest first."""
    return sorted((b for b in ANALYTICS.batches() if b.get("jobKey") == f"analytics/{job_key}"),
                  key=lambda b: b["id"])


def dags_test(dag_id: str) -> CliRun:
    run = AIRFLOW.dags_test(dag_id, logical_now())
    print(f"\n`airflow dags test {dag_id}` exited {run.returncode} in {run.seconds:.1f} s", flush=True)
    return run


class ProviderDiscovery(unittest.TestCase):

    def test_the_provider_manager_finds_punctual_through_its_entry_point(self):
        script = ("import json; from airflow.providers_manager import ProvidersManager as P; pm = P(); "
                  "p = pm.providers.get('punctual-airflow'); h = pm.hooks.get('punctual'); "
                  "print(json.dumps({'version': p and p.version, 'hook': h and h.hook_class_name, "
                  "'name': h and h.hook_name, 'connection_type': h and h.connection_type}))")
        done = subprocess.run([sys.executable, "-c", script], env=AIRFLOW.env, capture_output=True, text=True,
                              timeout=300)
        self.assertEqual(done.returncode, 0, done.stderr[-3000:])
        found = json.loads(done.stdout.strip().splitlines()[-1])
        self.assertEqual(found, {"version": "0.1.0", "hook": "punctual_airflow.provider.PunctualHook",
                                 "name": "Punctual", "connection_type": "punctual"}, done.stderr[-3000:])


class TemplatedDag(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.logical_date = logical_now()
        cls.dag_run = AIRFLOW.dags_test("punctual_templated", cls.logical_date)
        cls.job_key = f"templated-nightly-{cls.logical_date:%Y%m%d}"

    def test_it_runs_to_success(self):
        self.assertEqual(self.dag_run.returncode, 0, self.dag_run.tail())
        self.assertEqual(AIRFLOW.task_instance("punctual_templated", "aggregate")["state"], "success")

    def test_the_gateway_received_the_rendered_values(self):
        [batch] = batches(self.job_key)  # conf's spark.deadline.jobKey, rendered from params and ds_nodash
        self.assertEqual(batch["state"], "success")
        self.assertEqual(batch["name"], f"templated-{self.logical_date:%Y-%m-%d}")
        deadline = datetime.fromisoformat(batch["deadline"].replace("Z", "+00:00"))
        self.assertEqual(deadline, self.logical_date + timedelta(minutes=25))  # logical_date.add(minutes=25)

    def test_the_task_log_shows_the_batch(self):
        [batch] = batches(self.job_key)
        log = self.dag_run.task_log("aggregate")
        self.assertIn(str(batch["appId"]), log)


class DeferredTask(unittest.TestCase):
    """With a triggerer running, ``airflow dags test`` defers the task for real: the trigger is serialized into the
    metadata database, run by the triggerer process, and its event resumes the task in execute_complete."""

    @classmethod
    def setUpClass(cls):
        AIRFLOW.start_triggerer()
        cls.states = []
        cls.triggers = []
        try:
            process = AIRFLOW.start_airflow("dags", "test", "punctual_deferred", logical_now().isoformat())
            while process.poll() is None:
                for row in AIRFLOW.query("SELECT state, trigger_id FROM task_instance WHERE dag_id = ?",
                                         "punctual_deferred"):
                    if not cls.states or cls.states[-1] != row["state"]:
                        cls.states.append(row["state"])
                cls.triggers += [r["classpath"] for r in AIRFLOW.query("SELECT classpath FROM trigger")
                                 if r["classpath"] not in cls.triggers]
                time.sleep(0.3)
            cls.output = AIRFLOW.output(process)
            cls.returncode = process.returncode
        finally:
            AIRFLOW.stop_triggerer()
        cls.triggerer_log = AIRFLOW.triggerer_log.read_text(errors="replace")
        cls.trigger_log = AIRFLOW.trigger_logs("punctual_deferred")

    def test_the_task_was_deferred_to_the_punctual_trigger(self):
        self.assertIn("deferred", self.states, f"task states seen: {self.states}")
        self.assertEqual(self.triggers, ["punctual_airflow.provider.PunctualTrigger"])

    def test_the_triggerer_ran_the_trigger_and_the_task_resumed_to_success(self):
        self.assertEqual(self.returncode, 0, self.output[-4000:])
        self.assertRegex(self.triggerer_log, r"trigger punctual_deferred/\S+ \(ID \d+\) completed",
                         self.triggerer_log[-4000:])
        [batch] = batches("airflow:punctual_deferred.deferred")
        # The trigger's part of the task log: it read the connection from Airflow and fired the batch's end.
        self.assertIn("Retrieving connection 'punctual_default'", self.trigger_log)
        self.assertIn(f"fired: TriggerEvent<{{'status': 'final', 'batch_id': {batch['id']}, ", self.trigger_log)
        self.assertEqual(self.states[-1], "success", self.states)
        self.assertEqual(batch["state"], "success")
        [xcom] = AIRFLOW.query("SELECT value FROM xcom WHERE dag_id = 'punctual_deferred' AND key = 'state'")
        self.assertEqual(json.loads(xcom["value"]), "success")  # pushed by execute_complete


class Refusal(unittest.TestCase):

    def test_an_infeasible_deadline_fails_the_task_with_punctuals_reason(self):
        run = dags_test("punctual_refused")
        self.assertNotEqual(run.returncode, 0, run.tail())
        self.assertEqual(AIRFLOW.task_instance("punctual_refused", "too_close")["state"], "failed")
        [batch] = batches("airflow:punctual_refused.too_close")
        self.assertEqual((batch["state"], batch["admission"]["verdict"]), ("dead", "rejected"))
        self.assertIsNone(batch["appId"])
        log = run.task_log("too_close")
        self.assertIn("PunctualRejected", log)
        self.assertIn(batch["admission"]["reason"], log)


class Retries(unittest.TestCase):
    """Airflow's own try numbers: try 2 submits a new batch; running try 2 again gets try 2's batch back."""

    @classmethod
    def setUpClass(cls):
        cls.dag_run = dags_test("punctual_retried")
        cls.ti = AIRFLOW.task_instance("punctual_retried", "too_big")
        cls.after_tries = batches("airflow:punctual_retried.too_big")
        # `airflow tasks test` runs the task instance again in the same try (its try_number is not incremented).
        cls.again = AIRFLOW.airflow("tasks", "test", "punctual_retried", "too_big", str(cls.ti["run_id"]))
        cls.after_again = batches("airflow:punctual_retried.too_big")

    def test_each_try_submits_its_own_batch(self):
        self.assertEqual((self.ti["state"], self.ti["try_number"]), ("failed", 2), self.dag_run.tail())
        self.assertEqual(len(self.after_tries), 2, self.after_tries)
        self.assertNotEqual(self.after_tries[0]["id"], self.after_tries[1]["id"])

    def test_the_same_try_gets_its_batch_back(self):
        self.assertEqual([b["id"] for b in self.after_again], [b["id"] for b in self.after_tries], self.again.tail())
        self.assertIn(f"Punctual rejected batch {self.after_tries[1]['id']} ", self.again.output, self.again.tail())


class OnKill(unittest.TestCase):

    def test_sigterm_to_the_task_deletes_its_batch(self):
        process = AIRFLOW.start_airflow("dags", "test", "punctual_killed", logical_now().isoformat())
        try:
            running = wait_for(lambda: [b for b in batches("airflow:punctual_killed.long") if b["state"] == "running"],
                               300, "the long batch running")
        finally:
            process.send_signal(signal.SIGTERM)  # what Airflow's task runner does to a task it stops
        process.wait(timeout=180)
        output = AIRFLOW.output(process)
        batch_id = running[0]["id"]
        final = wait_for(lambda: ANALYTICS.state(batch_id) in FINAL_STATES and ANALYTICS.batch(batch_id), 120,
                         "the end of the killed batch")
        self.assertEqual(final["state"], "killed", output[-4000:])
        self.assertIn(f"Deleted batch {batch_id}", output)
        self.assertEqual(AIRFLOW.task_instance("punctual_killed", "long")["state"], "failed")


class BadInput(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.dag_run = dags_test("punctual_bad_input")

    def test_a_connection_without_a_token_fails_naming_the_cause(self):
        self.assertEqual(AIRFLOW.task_instance("punctual_bad_input", "no_token")["state"], "failed")
        self.assertIn("punctual_no_token has no team token", self.dag_run.task_log("no_token"))
        self.assertEqual(batches("airflow:punctual_bad_input.no_token"), [])

    def test_a_gateway_that_does_not_answer_fails_naming_the_cause(self):
        self.assertEqual(AIRFLOW.task_instance("punctual_bad_input", "silent_gateway")["state"], "failed")
        self.assertIn("the gateway could not be reached", self.dag_run.task_log("silent_gateway"))
        self.assertEqual(batches("airflow:punctual_bad_input.silent_gateway"), [])


class StockLivyOperator(unittest.TestCase):

    def test_livy_operator_runs_a_batch_with_only_the_auth_header_added(self):
        run = dags_test("livy_stock")
        self.assertEqual(run.returncode, 0, run.tail())
        self.assertEqual(AIRFLOW.task_instance("livy_stock", "livy")["state"], "success")
        [batch] = [b for b in ANALYTICS.batches() if b.get("name") == "livy-stock"]
        self.assertEqual(batch["state"], "success")
        self.assertRegex(batch["appId"], r"^application_\d+_\d+$")
        self.assertIsNotNone(batch["deadline"])
        self.assertIn(f"Generated batch-id is {batch['id']}", run.task_log("livy"))


class ZNothingLeftBehind(unittest.TestCase):
    """Runs last (unittest orders classes by name): after every test above, nothing is running or reserved."""

    def test_every_batch_has_ended(self):
        live = [(b["id"], b["jobKey"], b["state"]) for b in ANALYTICS.batches() if b["state"] not in FINAL_STATES]
        self.assertEqual(live, [])
        self.assertTrue(ANALYTICS.batches(), "no batch at all: the tests above did not reach the gateway")
