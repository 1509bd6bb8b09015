"""Submitting one task attempt's batch and following it to its end, without Airflow.

``BatchRun`` is what the operator does in a worker (submit, poll, kill); ``watch`` is the same polling as a
coroutine, for the deferrable operator's trigger.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from typing import Any, Callable, Dict, Mapping, Optional

from .attempt import TaskAttempt
from .client import PENDING_STATES, PunctualClient, is_final, is_rejected
from .errors import PunctualBatchFailed, PunctualError, PunctualRejected, PunctualUnavailable

#: XCom key -> gateway batch field. Pushed for every batch, also one that failed or was rejected.
XCOM_FIELDS = {
    "batch_id": "id",
    "app_id": "appId",
    "reservation_id": "reservationId",
    "executors": "executors",
    "predicted_finish": "predictedFinish",
    "deadline": "deadline",
    "met_deadline": "metDeadline",
    "state": "state",
}

_LOG = logging.getLogger("punctual_airflow")


def xcom_values(batch: Mapping[str, Any]) -> Dict[str, Any]:
    return {key: batch.get(field) for key, field in XCOM_FIELDS.items()}


def outcome(batch: Mapping[str, Any]) -> Dict[str, Any]:
    """The batch if it succeeded or has not ended; ``PunctualRejected`` or ``PunctualBatchFailed`` otherwise."""
    state = batch.get("state")
    reason = (batch.get("admission") or {}).get("reason")
    if is_rejected(batch):
        raise PunctualRejected(f"Punctual rejected batch {batch.get('id')} at admission: {reason}. Nothing was "
                               f"launched; give a later deadline, a lower confidence or fewer resources", batch)
    if is_final(batch) and state != "success":
        last = (batch.get("log") or ["no log"])[-1]
        raise PunctualBatchFailed(f"batch {batch.get('id')} (application {batch.get('appId')}) ended {state}: "
                                  f"{reason or last}", batch)
    return dict(batch)


class _Replans:
    """Tells, once each, what re-planning did to a running batch and a miss its progress predicts (issue 25)."""

    def __init__(self, log: logging.Logger, on_predicted_miss: Optional[Callable[[Dict[str, Any]], None]] = None):
        self._log = log
        self._on_predicted_miss = on_predicted_miss
        self._changes_told = 0
        self._late_told = False

    def seen(self, batch: Mapping[str, Any]) -> None:
        changes = (batch.get("replanning") or {}).get("changes") or []
        for change in changes[self._changes_told:]:
            self._log.info("Batch %s re-planned at %s: executors %s -> %s, reservation until %s -> %s (%s)",
                           batch.get("id"), change.get("at"), change.get("executorsFrom"), change.get("executorsTo"),
                           change.get("holdEndFrom"), change.get("holdEndTo"), change.get("why"))
        self._changes_told = max(self._changes_told, len(changes))
        late = batch.get("predictedLateSeconds")
        if late is None or self._late_told:
            return
        self._late_told = True
        self._log.warning("Batch %s is predicted from its progress to miss its deadline %s by %.0f s, even with the "
                          "most executors it may have", batch.get("id"), batch.get("deadline"), late)
        if self._on_predicted_miss is not None:
            self._on_predicted_miss(dict(batch))


class _Outage:
    """Tolerates an unreachable gateway for a while: it restarts and recovers its batches, tasks need not fail."""

    def __init__(self, tolerance: float, clock: Callable[[], float]):
        self._tolerance = tolerance
        self._clock = clock
        self._since: Optional[float] = None

    def ok(self) -> None:
        self._since = None

    def failed(self, error: PunctualUnavailable, log: logging.Logger) -> None:
        now = self._clock()
        self._since = now if self._since is None else self._since
        if now - self._since > self._tolerance:
            raise PunctualUnavailable(f"{error} (unreachable for {now - self._since:.0f} s, more than the "
                                      f"{self._tolerance:g} s tolerated)") from error
        log.warning("Punctual gateway unavailable, polling again: %s", error)


class BatchRun:
    """One task attempt's batch: submitted idempotently, polled until it ends, deleted on kill."""

    def __init__(self, client: PunctualClient, *, polling_interval: float = 10.0,
                 unavailable_timeout: float = 600.0, log: Optional[logging.Logger] = None,
                 clock: Callable[[], float] = time.monotonic,
                 on_predicted_miss: Optional[Callable[[Dict[str, Any]], None]] = None):
        if polling_interval <= 0:
            raise ValueError(f"polling_interval must be positive seconds, got {polling_interval!r}")
        self.client = client
        self.batch_id: Optional[int] = None
        self._interval = polling_interval
        self._log = log or _LOG
        self._outage = _Outage(unavailable_timeout, clock)
        self._replans = _Replans(self._log, on_predicted_miss)
        self._stop = threading.Event()

    def submit(self, body: Mapping[str, Any], attempt: TaskAttempt) -> Dict[str, Any]:
        """This attempt's batch: an earlier try's batch still in flight, else this try's (created or replayed)."""
        keys = attempt.keys()
        for try_number, key in enumerate(keys, start=1):
            batch, replayed = self.client.submit(body, key)
            this_try = try_number == len(keys)
            if not replayed:
                self._log.info("Submitted batch %s to %s (key %s)", batch["id"], self.client.url, key)
            elif this_try:
                self._log.info("Batch %s was already submitted by this try (key %s); following it", batch["id"], key)
            elif not is_final(batch):
                self._log.info("Adopting batch %s of try %s, still %s: no second application is launched",
                               batch["id"], try_number, batch["state"])
            else:
                self._log.info("Batch %s of try %s ended %s; this try submits its own", batch["id"], try_number,
                               batch["state"])
                continue
            self.batch_id = batch["id"]
            return batch
        raise AssertionError("the last key always yields a batch")

    def attach(self, batch_id: int) -> None:
        self.batch_id = int(batch_id)

    def wait(self, until_admitted: bool = False) -> Dict[str, Any]:
        """Polls until the batch ends (or, with ``until_admitted``, until it is launched or has ended).

        Returns early with the batch as it stands when ``stop`` is called.
        """
        if self.batch_id is None:
            raise PunctualError("no batch to wait for: submit or attach first")
        state = None
        while True:
            batch = self._poll()
            if batch is not None:
                if batch["state"] != state:
                    state = batch["state"]
                    self._log.info("Batch %s is %s (application %s, %s executors, reservation %s, predicted "
                                   "finish %s, deadline %s)", batch["id"], state, batch.get("appId"),
                                   batch.get("executors"), batch.get("reservationId"),
                                   batch.get("predictedFinish"), batch.get("deadline"))
                self._replans.seen(batch)
                if is_final(batch) or (until_admitted and state not in PENDING_STATES):
                    return batch
            # Admission takes seconds, a Spark job minutes: look again sooner while only admission is awaited.
            if self._stop.wait(min(self._interval, 2.0) if until_admitted else self._interval):
                # Stopped (on_kill deleted the batch): report it as it is now, not as it was a poll ago.
                return self._poll() or batch or self.client.batch(self.batch_id)

    def _poll(self) -> Optional[Dict[str, Any]]:
        try:
            batch = self.client.batch(self.batch_id)
        except PunctualUnavailable as e:
            self._outage.failed(e, self._log)
            return None
        self._outage.ok()
        return batch

    def stop(self) -> None:
        self._stop.set()

    @property
    def stopped(self) -> bool:
        return self._stop.is_set()

    def kill(self) -> bool:
        """Deletes the batch (kills its application, releases its reservation); False if there is none yet."""
        try:
            if self.batch_id is None:
                return False
            self._log.info("Deleting batch %s: its application is killed and its reservation released",
                           self.batch_id)
            self.client.delete(self.batch_id)
            return True
        finally:
            self.stop()  # only now: the waiting loop's last look must see the deletion

    def print_log(self) -> None:
        """Copies the gateway's log of the batch (sizing, reservation, application, learning) into the task log."""
        try:
            for line in self.client.log(self.batch_id):
                self._log.info("punctual: %s", line)
        except PunctualError as e:
            self._log.warning("Could not read the log of batch %s: %s", self.batch_id, e)


async def watch(client: PunctualClient, batch_id: int, *, polling_interval: float, end_by: Optional[float] = None,
                unavailable_timeout: float = 600.0, log: Optional[logging.Logger] = None) -> Dict[str, Any]:
    """Polls a batch until it ends; the trigger's event. ``end_by`` is a ``time.time()`` after which it gives up.

    Events: ``{"status": "final", "batch_id", "batch"}`` or ``{"status": "timeout", "batch_id", "batch"}``.
    """
    log = log or _LOG
    outage = _Outage(unavailable_timeout, time.monotonic)
    replans = _Replans(log)
    batch: Optional[Dict[str, Any]] = None
    while True:
        try:
            batch = await asyncio.to_thread(client.batch, batch_id)
            outage.ok()
            replans.seen(batch)
        except PunctualUnavailable as e:
            outage.failed(e, log)
        if batch is not None and is_final(batch):
            return {"status": "final", "batch_id": batch_id, "batch": batch}
        if end_by is not None and time.time() >= end_by:
            return {"status": "timeout", "batch_id": batch_id, "batch": batch}
        await asyncio.sleep(polling_interval)
