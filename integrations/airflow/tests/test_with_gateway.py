"""The operator against a real gateway: ``bin/punctual serve --embedded`` (YARN and Spark in process), one for the
whole module. Spark runs are few and short: one job that succeeds, one long job that is killed."""

from __future__ import annotations

import asyncio
import threading
import time
import unittest
import uuid

from punctual_airflow.client import PunctualClient
from punctual_airflow.errors import (PunctualAuthError, PunctualBatchFailed, PunctualNotFound, PunctualRejected,
                                     PunctualRequestError, PunctualUnavailable)
from punctual_airflow.run import XCOM_FIELDS, watch

from .fakes import Deferred, FakeOperator, FakeTaskInstance, Skipped, connection
from .gateway import ANALYTICS_TOKEN, GROWTH_TOKEN, WORKLOADS_JAR, RunningGateway, exit_on_sigterm, wait_for

SYNTHETIC = "io.punctual.workloads.SyntheticStages"
GATEWAY: RunningGateway
ANALYTICS: PunctualClient
GROWTH: PunctualClient


def setUpModule():
    global GATEWAY, ANALYTICS, GROWTH
    exit_on_sigterm()
    GATEWAY = RunningGateway()
    unittest.addModuleCleanup(GATEWAY.stop)
    GATEWAY.start()
    print(f"\ngateway on {GATEWAY.url} ready in {GATEWAY.started_in:.1f} s", flush=True)
    FakeOperator.connections = {
        "punctual_default": connection("punctual_default", "127.0.0.1", GATEWAY.port, ANALYTICS_TOKEN),
        "wrong_token": connection("wrong_token", "127.0.0.1", GATEWAY.port, "not-a-team-token"),
    }
    ANALYTICS = PunctualClient(GATEWAY.url, ANALYTICS_TOKEN)
    GROWTH = PunctualClient(GATEWAY.url, GROWTH_TOKEN)


def task_instance(task_id: str, try_number: int = 1) -> FakeTaskInstance:
    return FakeTaskInstance("punctual_it", task_id, f"manual__{uuid.uuid4()}", try_number=try_number)


def synthetic(task_id: str, stage_ms: str, **params) -> FakeOperator:
    """SyntheticStages: 1 stage of 1 task lasting stage_ms."""
    params.setdefault("deadline", "10m")
    params.setdefault("polling_interval", 1)
    return FakeOperator(task_id=task_id, file=str(WORKLOADS_JAR), java_class=SYNTHETIC,
                        application_args=["1", "1", stage_ms], **params)


def too_big(task_id: str, **params) -> FakeOperator:
    """Asks for 40 executors where the analytics team may have 4: admission rejects it without launching."""
    return synthetic(task_id, "200", num_executors=40, **params)


class SucceedingJob(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.ti = task_instance("synthetic")
        began = time.monotonic()
        cls.result = synthetic("synthetic", "200", confidence=0.9).execute({"ti": cls.ti})
        cls.seconds = time.monotonic() - began
        print(f"\nsucceeding job: batch {cls.result} in {cls.seconds:.1f} s", flush=True)
        cls.batch = ANALYTICS.batch(cls.result)

    def test_it_succeeds_and_pushes_the_batch_to_xcom(self):
        self.assertEqual(self.batch["state"], "success")
        xcom = self.ti.xcom
        self.assertEqual(set(xcom), set(XCOM_FIELDS))
        self.assertEqual(xcom["batch_id"], self.result)
        self.assertRegex(xcom["app_id"], r"^application_\d+_\d+$")
        self.assertRegex(xcom["reservation_id"], r"^reservation_\d+_\d+$")
        self.assertIsInstance(xcom["executors"], int)
        self.assertGreaterEqual(xcom["executors"], 1)
        self.assertIs(xcom["met_deadline"], True)
        # The values are the gateway's own, as it reports the batch afterwards.
        self.assertEqual((xcom["app_id"], xcom["reservation_id"], xcom["executors"], xcom["predicted_finish"],
                          xcom["deadline"]),
                         (self.batch["appId"], self.batch["reservationId"], self.batch["executors"],
                          self.batch["predictedFinish"], self.batch["deadline"]))

    def test_the_same_task_instance_gets_the_same_batch(self):
        before = len(ANALYTICS.batches())
        again = FakeTaskInstance(self.ti.dag_id, self.ti.task_id, self.ti.run_id, self.ti.try_number)
        self.assertEqual(synthetic("synthetic", "200", confidence=0.9).execute({"ti": again}), self.result)
        self.assertEqual(again.xcom["app_id"], self.ti.xcom["app_id"])
        self.assertEqual(len(ANALYTICS.batches()), before)

    def test_a_deferrable_operator_resumes_with_the_same_end(self):
        again = FakeTaskInstance(self.ti.dag_id, self.ti.task_id, self.ti.run_id, self.ti.try_number)
        op = synthetic("synthetic", "200", confidence=0.9, deferrable=True)
        self.assertEqual(op.execute({"ti": again}), self.result)  # already ended: nothing to defer
        event = asyncio.run(watch(ANALYTICS, self.result, polling_interval=1))
        self.assertEqual((event["status"], event["batch"]["state"]), ("final", "success"))
        self.assertEqual(op.execute_complete({"ti": again}, event), self.result)

    def test_punctual_keys_the_job_by_the_airflow_task(self):
        self.assertEqual(self.batch["jobKey"], "analytics/airflow:punctual_it.synthetic")


class Rejection(unittest.TestCase):

    def test_a_rejected_batch_raises_punctual_rejected_with_the_reason(self):
        ti = task_instance("too_big")
        with self.assertLogs("task.too_big", "INFO") as logs, self.assertRaises(PunctualRejected) as caught:
            too_big("too_big").execute({"ti": ti})
        batch = ANALYTICS.batch(caught.exception.batch_id)
        self.assertEqual((batch["state"], batch["admission"]["verdict"]), ("dead", "rejected"))
        self.assertTrue(caught.exception.reason)
        self.assertEqual(caught.exception.reason, batch["admission"]["reason"])
        self.assertIn(batch["admission"]["reason"], str(caught.exception))
        self.assertIsNone(batch["appId"])
        self.assertEqual(ti.xcom["batch_id"], batch["id"])
        # The gateway's log of the batch, copied into the task log, says why too (a stock LivyOperator reads only it).
        copied = [line for line in logs.output if "punctual: " in line and "rejected at admission" in line]
        self.assertTrue(any(batch["admission"]["reason"] in line for line in copied), logs.output)

    def test_a_deadline_too_close_to_meet_is_rejected(self):
        with self.assertRaises(PunctualRejected) as caught:
            synthetic("two_seconds", "200", deadline="2s").execute({"ti": task_instance("two_seconds")})
        self.assertTrue(caught.exception.reason)

    def test_admission_warn_skips_the_task(self):
        ti = task_instance("too_big_warn")
        with self.assertLogs("task.too_big_warn", "WARNING") as logs, self.assertRaises(Skipped) as caught:
            too_big("too_big_warn", admission="warn").execute({"ti": ti})
        self.assertTrue(any("admission='warn'" in line for line in logs.output), logs.output)
        reason = ANALYTICS.batch(ti.xcom["batch_id"])["admission"]["reason"]
        self.assertIn(reason, str(caught.exception))

    def test_a_retry_after_a_rejection_submits_a_new_batch(self):
        first = task_instance("retried")
        with self.assertRaises(PunctualRejected) as try1:
            too_big("retried").execute({"ti": first})
        second = first.retry()
        with self.assertRaises(PunctualRejected) as try2:
            too_big("retried").execute({"ti": second})
        self.assertNotEqual(try2.exception.batch_id, try1.exception.batch_id)
        with self.assertRaises(PunctualRejected) as try2_again:
            too_big("retried").execute({"ti": FakeTaskInstance(second.dag_id, second.task_id, second.run_id, 2)})
        self.assertEqual(try2_again.exception.batch_id, try2.exception.batch_id)

    def test_concurrent_submissions_of_one_task_instance_make_one_batch(self):
        ti = task_instance("raced")
        ids, errors = [], []

        def submit():
            try:
                too_big("raced").execute({"ti": FakeTaskInstance(ti.dag_id, ti.task_id, ti.run_id)})
            except PunctualRejected as e:
                ids.append(e.batch_id)
            except Exception as e:  # noqa: BLE001 - reported below
                errors.append(e)

        threads = [threading.Thread(target=submit) for _ in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        self.assertEqual(errors, [])
        self.assertEqual(len(ids), 6)
        self.assertEqual(len(set(ids)), 1, ids)


class KillAndRetry(unittest.TestCase):
    """A long batch: try 1 runs it; try 2 (its worker presumed dead) adopts it and defers; try 1 is killed."""

    @classmethod
    def setUpClass(cls):
        cls.ti = task_instance("long")
        cls.outcome = {}
        first = synthetic("long", "600000", deadline="30m")

        def execute():
            try:
                cls.outcome["result"] = first.execute({"ti": cls.ti})
            except Exception as e:  # noqa: BLE001 - asserted by the tests
                cls.outcome["error"] = e

        worker = threading.Thread(target=execute, daemon=True)
        worker.start()
        cls.batch_id = wait_for(lambda: cls.ti.xcom.get("batch_id"), 60, "the submission")
        began = time.monotonic()
        wait_for(lambda: ANALYTICS.state(cls.batch_id) == "running", 180, "the launch")
        cls.launch_seconds = time.monotonic() - began

        cls.batches_before_retry = len(ANALYTICS.batches())
        cls.retry_ti = cls.ti.retry()
        try:
            synthetic("long", "600000", deadline="30m", deferrable=True).execute({"ti": cls.retry_ti})
            cls.deferred = None
        except Deferred as d:
            cls.deferred = d
        # LivyOperator's polling_interval=0: return once the batch is launched, without waiting for its end.
        cls.not_waiting = synthetic("long", "600000", deadline="30m", polling_interval=0).execute(
            {"ti": FakeTaskInstance(cls.ti.dag_id, cls.ti.task_id, cls.ti.run_id, try_number=2)})
        cls.batches_after_retry = len(ANALYTICS.batches())
        events = []
        watcher = threading.Thread(daemon=True, target=lambda: events.append(asyncio.run(
            watch(ANALYTICS, cls.batch_id, polling_interval=0.5, end_by=time.time() + 120))))
        watcher.start()

        began = time.monotonic()
        first.on_kill()
        worker.join(90)
        cls.kill_seconds = time.monotonic() - began
        watcher.join(130)
        cls.event = events[0] if events else None
        cls.final = ANALYTICS.batch(cls.batch_id)
        print(f"\nlong job: running after {cls.launch_seconds:.1f} s, on_kill to end {cls.kill_seconds:.1f} s",
              flush=True)

    def test_on_kill_deletes_the_running_batch(self):
        self.assertEqual(self.final["state"], "killed")
        self.assertIsInstance(self.outcome.get("error"), PunctualBatchFailed, self.outcome)
        self.assertEqual(self.outcome["error"].state, "killed")
        self.assertIsNotNone(self.final["appId"])
        self.assertIsNotNone(self.final["reservationId"])

    def test_a_retry_adopts_the_batch_still_running(self):
        self.assertIsNotNone(self.deferred, "the retry should have deferred on the running batch")
        self.assertEqual(self.deferred.trigger["batch_id"], self.batch_id)
        self.assertEqual(self.deferred.method_name, "execute_complete")
        self.assertEqual(self.batches_after_retry, self.batches_before_retry)
        self.assertEqual(self.retry_ti.xcom["batch_id"], self.batch_id)

    def test_polling_interval_zero_returns_once_the_batch_runs(self):
        self.assertEqual(self.not_waiting, self.batch_id)

    def test_the_deferred_retry_ends_with_the_kill(self):
        self.assertEqual((self.event["status"], self.event["batch"]["state"]), ("final", "killed"))
        op = synthetic("long", "600000", deadline="30m", deferrable=True)
        with self.assertRaises(PunctualBatchFailed):
            op.execute_complete({"ti": self.retry_ti}, self.event)
        self.assertEqual(self.retry_ti.xcom["state"], "killed")


class AccessAndBadInput(unittest.TestCase):

    def test_a_wrong_token_is_a_clear_error(self):
        with self.assertRaises(PunctualAuthError) as caught:
            synthetic("denied", "200", punctual_conn_id="wrong_token").execute({"ti": task_instance("denied")})
        message = str(caught.exception)
        self.assertIn("401", message)
        self.assertIn("team token", message)

    def test_another_teams_batch_is_not_found(self):
        ti = task_instance("private")
        with self.assertRaises(PunctualRejected):
            too_big("private").execute({"ti": ti})
        with self.assertRaises(PunctualNotFound):
            GROWTH.batch(ti.xcom["batch_id"])
        with self.assertRaises(PunctualNotFound):
            GROWTH.delete(ti.xcom["batch_id"])

    def test_a_request_the_gateway_refuses_names_the_field(self):
        op = FakeOperator(task_id="relative", file="workloads.jar", class_name=SYNTHETIC, deadline="10m")
        with self.assertRaisesRegex(PunctualRequestError, r"400.*'file'"):
            op.execute({"ti": task_instance("relative")})

    def test_a_dry_run_sizes_without_launching(self):
        before = len(ANALYTICS.batches())
        op = synthetic("dry", "200")
        answer = ANALYTICS.dry_run(op.request_body())
        self.assertTrue(answer["dryRun"])
        self.assertEqual(answer["admission"]["verdict"], "admitted")
        self.assertGreaterEqual(answer["executors"], 1)
        self.assertEqual(len(ANALYTICS.batches()), before)

    def test_an_unreachable_gateway_is_unavailable_after_retries(self):
        closed = PunctualClient(f"http://127.0.0.1:{_closed_port()}", ANALYTICS_TOKEN, retries=2, retry_wait=0.01)
        with self.assertRaisesRegex(PunctualUnavailable, "could not be reached"):
            closed.batch(0)


def _closed_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


if __name__ == "__main__":
    unittest.main()
