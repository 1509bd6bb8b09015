"""Stand-ins for the few Airflow pieces the operator touches: the task instance's ids and XCom, BaseOperator's
log/defer/execution_timeout, connections, and skipping; tests_in_airflow/ runs the operator in a real Airflow."""

from __future__ import annotations

import logging
import types
from typing import Any, Dict, Optional

from punctual_airflow.core import PunctualSubmit


class FakeTaskInstance:
    def __init__(self, dag_id: str, task_id: str, run_id: str, try_number: int = 1, map_index: int = -1):
        self.dag_id = dag_id
        self.task_id = task_id
        self.run_id = run_id
        self.try_number = try_number
        self.map_index = map_index
        self.xcom: Dict[str, Any] = {}

    def xcom_push(self, key: str, value: Any) -> None:
        self.xcom[key] = value

    def retry(self) -> "FakeTaskInstance":
        """The same task instance on its next try (Airflow clears XCom between tries)."""
        return FakeTaskInstance(self.dag_id, self.task_id, self.run_id, self.try_number + 1, self.map_index)


class Deferred(Exception):
    """What Airflow's BaseOperator.defer raises (TaskDeferred)."""

    def __init__(self, trigger: Dict[str, Any], method_name: str):
        super().__init__(f"deferred to {method_name}")
        self.trigger = trigger
        self.method_name = method_name


class Skipped(Exception):
    """AirflowSkipException."""


class _FakeBaseOperator:
    def __init__(self, task_id: str, execution_timeout=None, queue: str = "default", default_args=None,
                 **unknown: Any):
        if unknown:  # Airflow refuses unknown operator arguments too
            raise TypeError(f"invalid arguments were passed to the operator: {sorted(unknown)}")
        self.task_id = task_id
        self.queue = queue  # the executor's queue
        self.execution_timeout = execution_timeout
        self.log = logging.getLogger(f"task.{task_id}")

    def defer(self, *, trigger: Any, method_name: str, kwargs: Optional[dict] = None, timeout=None) -> None:
        raise Deferred(trigger, method_name)


class FakeOperator(PunctualSubmit, _FakeBaseOperator):
    """PunctualSubmitOperator with the fakes above where Airflow would be."""

    connections: Dict[str, Any] = {}

    def _connection(self, conn_id: str) -> Any:
        return self.connections[conn_id]

    def _skip(self, message: str) -> None:
        raise Skipped(message)

    def _trigger(self, **kwargs: Any) -> Dict[str, Any]:
        return kwargs


def connection(conn_id: str, host: str, port: Optional[int], password: Optional[str], schema: Optional[str] = None,
               extra: Optional[dict] = None) -> Any:
    """An Airflow Connection's fields."""
    return types.SimpleNamespace(conn_id=conn_id, host=host, port=port, password=password, schema=schema,
                                 login=None, extra_dejson=extra or {})
