"""What can go wrong between an Airflow task and the Punctual gateway, one exception type per kind of cause.

Every error carries a message saying what happened and what to do. None of them needs Airflow: Airflow fails a task
on any exception, so they derive from ``Exception`` only.
"""

from __future__ import annotations

from typing import Any, Mapping, Optional


class PunctualError(Exception):
    """Base of every error this package raises."""


class PunctualAuthError(PunctualError):
    """The gateway did not accept the team token (HTTP 401)."""


class PunctualRequestError(PunctualError):
    """The gateway refused the request as malformed (HTTP 400); the message names the field."""


class PunctualNotFound(PunctualError):
    """No such batch for this team (HTTP 404); another team's batch is also "not found"."""


class PunctualUnavailable(PunctualError):
    """The gateway could not be reached, or answered 502/503/504: worth retrying later."""


class _BatchEnded(PunctualError):
    """A batch that ended without success; keeps the batch as the gateway last reported it."""

    def __init__(self, message: str, batch: Mapping[str, Any]):
        super().__init__(message)
        self.batch = dict(batch)

    @property
    def batch_id(self) -> Optional[int]:
        return self.batch.get("id")

    @property
    def state(self) -> Optional[str]:
        return self.batch.get("state")

    @property
    def reason(self) -> Optional[str]:
        return (self.batch.get("admission") or {}).get("reason")


class PunctualRejected(_BatchEnded):
    """Admission refused the batch: its deadline cannot be met (``admission.verdict == "rejected"``).

    Nothing was launched and nothing is reserved. ``reason`` is the gateway's explanation.
    """


class PunctualBatchFailed(_BatchEnded):
    """The batch was admitted but ended ``dead``, ``killed`` or ``error`` instead of ``success``."""


class PunctualTimeout(PunctualError):
    """The task's ``execution_timeout`` passed while the batch was still running; the batch has been deleted."""
