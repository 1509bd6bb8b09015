"""Which Airflow task attempt is submitting, and the idempotency keys that follow from it.

Each try of a task instance (dag_id, task_id, run_id, map_index) has its own key, ``.../try-<n>``. A try first
replays the keys of the earlier tries: a batch one of them left running (its worker died, Airflow gave up on it)
is adopted instead of launching a second application; a batch that has ended (success, dead, killed) is never
reused, so a retry or a cleared task runs the job again. See ``BatchRun.submit``.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Any, Mapping

_HEADER_SAFE = re.compile(r"[A-Za-z0-9._:/+=@~-]{1,200}")


@dataclass(frozen=True)
class TaskAttempt:
    dag_id: str
    task_id: str
    run_id: str
    map_index: int = -1
    try_number: int = 1

    def __post_init__(self):
        for name in ("dag_id", "task_id", "run_id"):
            if not isinstance(getattr(self, name), str) or not getattr(self, name):
                raise ValueError(f"a task attempt needs a non-empty {name}, got {getattr(self, name)!r}")
        if not isinstance(self.try_number, int) or self.try_number < 1:
            raise ValueError(f"try_number must be 1 or more, got {self.try_number!r}")

    @classmethod
    def from_context(cls, context: Mapping[str, Any]) -> "TaskAttempt":
        """The attempt from Airflow's task context (its ``ti``: Airflow 2's TaskInstance or Airflow 3's)."""
        ti = context.get("ti") or context.get("task_instance")
        if ti is None:
            raise ValueError("the task context has no 'ti': PunctualSubmitOperator must run inside an Airflow task")
        map_index = getattr(ti, "map_index", -1)
        return cls(dag_id=ti.dag_id, task_id=ti.task_id, run_id=ti.run_id,
                   map_index=-1 if map_index is None else int(map_index),
                   try_number=max(1, int(getattr(ti, "try_number", 1) or 1)))

    def key(self, try_number: int) -> str:
        """The idempotency key of one try of this task instance (header-safe; hashed if the ids are not)."""
        instance = f"{self.dag_id}/{self.task_id}/{self.run_id}/{self.map_index}"
        if not _HEADER_SAFE.fullmatch(instance):
            instance = "sha256-" + hashlib.sha256(instance.encode("utf-8")).hexdigest()
        return f"airflow/{instance}/try-{try_number}"

    def keys(self):
        """This instance's keys from the first try to this one, in order."""
        return [self.key(n) for n in range(1, self.try_number + 1)]
