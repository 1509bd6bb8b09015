"""Retry policy, outcomes and polling, against an in-memory gateway (the real one is in test_with_gateway)."""

from __future__ import annotations

import asyncio
import itertools
import logging
import threading
import time
import unittest

from punctual_airflow.attempt import TaskAttempt
from punctual_airflow.client import Submitted
from punctual_airflow.errors import PunctualBatchFailed, PunctualRejected, PunctualUnavailable
from punctual_airflow.run import BatchRun, outcome, watch


class KeyedGateway:
    """Remembers one batch per idempotency key, as the gateway does; states are set by the test."""

    def __init__(self):
        self.url = "memory:"
        self.by_key = {}
        self.by_id = {}
        self._ids = itertools.count()

    def submit(self, body, key):
        if key in self.by_key:
            return Submitted(self.by_key[key], True)
        batch = {"id": next(self._ids), "state": "not_started", "admission": {}}
        self.by_key[key] = self.by_id[batch["id"]] = batch
        return Submitted(batch, False)

    def batch(self, batch_id):
        return self.by_id[batch_id]


def attempt(try_number):
    return TaskAttempt("d", "t", "r", try_number=try_number)


def run(gateway):
    return BatchRun(gateway, polling_interval=0.01, log=logging.getLogger("test"))


class RetryPolicy(unittest.TestCase):

    def test_a_retry_adopts_an_earlier_batch_still_in_flight(self):
        gateway = KeyedGateway()
        first = run(gateway).submit({}, attempt(1))
        first["state"] = "running"  # try 1's worker died; its batch goes on
        adopted = run(gateway).submit({}, attempt(2))
        self.assertEqual(adopted["id"], first["id"])
        self.assertEqual(len(gateway.by_id), 1)

    def test_a_retry_after_a_batch_ended_submits_its_own(self):
        for ended in ("dead", "killed", "success"):
            with self.subTest(ended=ended):
                gateway = KeyedGateway()
                run(gateway).submit({}, attempt(1))["state"] = ended
                second = run(gateway).submit({}, attempt(2))
                self.assertEqual((second["id"], len(gateway.by_id)), (1, 2))

    def test_the_walk_stops_at_the_first_batch_in_flight(self):
        gateway = KeyedGateway()
        run(gateway).submit({}, attempt(1))["state"] = "dead"
        run(gateway).submit({}, attempt(2))["state"] = "running"
        third = run(gateway).submit({}, attempt(3))
        self.assertEqual(third["id"], 1)
        self.assertEqual(len(gateway.by_id), 2)  # try 3's own key was never used

    def test_the_same_try_gets_its_own_batch_back_even_after_it_ended(self):
        gateway = KeyedGateway()
        first = run(gateway).submit({}, attempt(1))
        first["state"] = "success"
        self.assertEqual(run(gateway).submit({}, attempt(1))["id"], first["id"])


class Outcomes(unittest.TestCase):

    def test_success_and_unfinished_batches_pass(self):
        self.assertEqual(outcome({"id": 1, "state": "success"})["id"], 1)
        self.assertEqual(outcome({"id": 1, "state": "running"})["state"], "running")

    def test_rejection_is_its_own_error_with_the_reason(self):
        batch = {"id": 4, "state": "dead", "admission": {"verdict": "rejected", "reason": "needs 9 executors"}}
        with self.assertRaises(PunctualRejected) as caught:
            outcome(batch)
        self.assertEqual((caught.exception.batch_id, caught.exception.reason), (4, "needs 9 executors"))
        self.assertIn("needs 9 executors", str(caught.exception))

    def test_dead_and_killed_are_failures(self):
        for state in ("dead", "killed", "error"):
            with self.subTest(state=state), self.assertRaises(PunctualBatchFailed) as caught:
                outcome({"id": 2, "state": state, "admission": {"verdict": "admitted"}, "log": ["last line"]})
            self.assertEqual(caught.exception.state, state)
            self.assertIn("last line", str(caught.exception))


class FlakyGateway:
    """Unreachable for the first `failures` polls, then reports the given states in turn."""

    def __init__(self, failures, states):
        self.url = "memory:"
        self.failures = failures
        self.states = list(states)
        self.polls = 0

    def batch(self, batch_id):
        self.polls += 1
        if self.polls <= self.failures:
            raise PunctualUnavailable("connection refused")
        return {"id": batch_id, "state": self.states.pop(0) if len(self.states) > 1 else self.states[0]}


class Polling(unittest.TestCase):

    def test_wait_rides_out_a_gateway_restart(self):
        gateway = FlakyGateway(failures=2, states=["running", "success"])
        waiting = run(gateway)
        waiting.attach(7)
        with self.assertLogs("test", "WARNING") as logs:
            self.assertEqual(waiting.wait()["state"], "success")
        self.assertEqual(gateway.polls, 4)
        self.assertEqual(len([m for m in logs.output if "unavailable" in m]), 2)

    def test_wait_gives_up_after_the_tolerated_outage(self):
        gateway = FlakyGateway(failures=1000, states=["running"])
        waiting = BatchRun(gateway, polling_interval=0.01, unavailable_timeout=0.05, log=logging.getLogger("test"))
        waiting.attach(7)
        with self.assertLogs("test", "WARNING"), self.assertRaisesRegex(PunctualUnavailable, "more than the 0.05 s tolerated"):
            waiting.wait()

    def test_stop_ends_the_wait_with_the_batch_as_it_is_now(self):
        gateway = FlakyGateway(failures=0, states=["running"])
        waiting = BatchRun(gateway, polling_interval=60)
        waiting.attach(7)
        seen = []
        waiter = threading.Thread(target=lambda: seen.append(waiting.wait()))
        waiter.start()
        while gateway.polls == 0:
            time.sleep(0.01)
        gateway.states = ["killed"]  # what a DELETE does before on_kill returns
        waiting.stop()
        waiter.join(5)
        self.assertEqual(seen[0]["state"], "killed")

    def test_wait_until_admitted_returns_once_launched(self):
        waiting = run(FlakyGateway(failures=0, states=["not_started", "starting", "running", "success"]))
        waiting.attach(7)
        self.assertEqual(waiting.wait(until_admitted=True)["state"], "running")

    def test_the_trigger_coroutine_reports_the_end_or_the_timeout(self):
        with self.assertLogs("test", "WARNING"):
            ended = asyncio.run(watch(FlakyGateway(1, ["running", "killed"]), 3, polling_interval=0.01,
                                      log=logging.getLogger("test")))
        self.assertEqual((ended["status"], ended["batch"]["state"]), ("final", "killed"))
        late = asyncio.run(watch(FlakyGateway(0, ["running"]), 3, polling_interval=0.01, end_by=time.time() + 0.05))
        self.assertEqual((late["status"], late["batch"]["state"]), ("timeout", "running"))


class ReplanningGateway:
    """A batch that is re-planned, then predicted late, then ends: the fields as GET /batches/{id} gives them."""

    CHANGE = {"at": "2026-11-28T10:00:20Z", "executorsFrom": 2, "executorsTo": 4, "holdEndFrom": "2026-11-28T10:01:20Z",
              "holdEndTo": "2026-11-28T10:01:51Z", "why": "behind: 175 s left at θ on 2 executors"}

    def __init__(self):
        self.url = "memory:"
        self.polls = 0
        self.views = [
            {"state": "running", "predictedLateSeconds": None},
            {"state": "running", "predictedLateSeconds": None, "replanning": {"executors": 4, "changes": [self.CHANGE]}},
            {"state": "running", "predictedLateSeconds": 12.4, "replanning": {"executors": 4, "changes": [self.CHANGE]}},
            {"state": "running", "predictedLateSeconds": 14.0, "replanning": {"executors": 4, "changes": [self.CHANGE]}},
            {"state": "success", "predictedLateSeconds": None, "replanning": {"executors": 4, "changes": [self.CHANGE]}},
        ]

    def batch(self, batch_id):
        self.polls += 1
        view = self.views[min(self.polls, len(self.views)) - 1]
        return dict(view, id=batch_id, deadline="2026-11-28T10:01:40Z")


class Replanning(unittest.TestCase):

    def test_each_replan_is_logged_once_and_a_predicted_miss_is_warned_and_called_back_once(self):
        called = []
        waiting = BatchRun(ReplanningGateway(), polling_interval=0.01, log=logging.getLogger("test"),
                           on_predicted_miss=called.append)
        waiting.attach(9)
        with self.assertLogs("test", "INFO") as logs:
            self.assertEqual(waiting.wait()["state"], "success")
        replanned = [m for m in logs.output if "re-planned" in m]
        self.assertEqual(replanned, ["INFO:test:Batch 9 re-planned at 2026-11-28T10:00:20Z: executors 2 -> 4, "
                                     "reservation until 2026-11-28T10:01:20Z -> 2026-11-28T10:01:51Z (behind: 175 s "
                                     "left at θ on 2 executors)"])
        late = [m for m in logs.output if m.startswith("WARNING")]
        self.assertEqual(late, ["WARNING:test:Batch 9 is predicted from its progress to miss its deadline "
                                "2026-11-28T10:01:40Z by 12 s, even with the most executors it may have"])
        self.assertEqual([b["predictedLateSeconds"] for b in called], [12.4])

    def test_the_trigger_logs_the_predicted_miss_too(self):
        with self.assertLogs("test", "WARNING") as logs:
            ended = asyncio.run(watch(ReplanningGateway(), 9, polling_interval=0.01, log=logging.getLogger("test")))
        self.assertEqual(ended["status"], "final")
        self.assertEqual(len([m for m in logs.output if "predicted from its progress" in m]), 1)


if __name__ == "__main__":
    unittest.main()
