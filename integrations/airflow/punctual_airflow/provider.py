"""The only module that imports Airflow: the operator, its trigger and the connection's hook.

Works with Airflow 2.6+ (``airflow.models.BaseOperator``) and Airflow 3 (``airflow.sdk``).
"""

from __future__ import annotations

import asyncio
import functools
from typing import Any, AsyncIterator, Dict, Optional

try:
    try:
        from airflow.sdk import BaseHook, BaseOperator
    except ImportError:
        from airflow.hooks.base import BaseHook
        from airflow.models import BaseOperator
    try:
        from airflow.sdk.exceptions import AirflowSkipException
    except ImportError:
        from airflow.exceptions import AirflowSkipException
    from airflow.triggers.base import BaseTrigger, TriggerEvent
except ImportError as missing:
    raise ImportError("punctual_airflow.provider needs Apache Airflow 2.6 or later; without Airflow use "
                      "punctual_airflow.PunctualClient and punctual_airflow.BatchRun") from missing

from .client import PunctualClient
from .connection import client_from_connection
from .core import DEFAULT_CONN_ID, PunctualSubmit
from .errors import PunctualError
from .run import watch


class PunctualHook(BaseHook):
    """A connection to the Punctual gateway: host, port (8998), schema (http/https), password = the team token."""

    conn_name_attr = "punctual_conn_id"
    default_conn_name = DEFAULT_CONN_ID
    conn_type = "punctual"
    hook_name = "Punctual"

    def __init__(self, punctual_conn_id: str = DEFAULT_CONN_ID, **kwargs: Any):
        super().__init__(**kwargs)
        self.punctual_conn_id = punctual_conn_id

    def get_conn(self) -> PunctualClient:
        return client_from_connection(self.get_connection(self.punctual_conn_id))

    @classmethod
    def get_ui_field_behaviour(cls) -> Dict[str, Any]:
        return {"hidden_fields": ["login"], "relabeling": {"password": "Team token", "schema": "Scheme"},
                "placeholders": {"host": "punctual.example.com", "port": "8998", "schema": "http"}}


class PunctualSubmitOperator(PunctualSubmit, BaseOperator):
    __doc__ = PunctualSubmit.__doc__

    # Airflow's operator metaclass wraps only an __init__ the class defines itself (not one inherited from
    # PunctualSubmit): without it BaseOperator fails ('function' object has no attribute '__wrapped__') and
    # default_args would not fill Punctual's parameters. functools.wraps keeps PunctualSubmit's signature visible.
    @functools.wraps(PunctualSubmit.__init__)
    def __init__(self, **kwargs: Any):
        PunctualSubmit.__init__(self, **kwargs)

    # Likewise for execute: the metaclass wraps it (ExecutorSafeguard) only when the class defines it, and the task
    # runner passes that wrapper a sentinel keyword an inherited execute does not accept.
    def execute(self, context: Any) -> Any:
        return PunctualSubmit.execute(self, context)

    def _connection(self, conn_id: str) -> Any:
        return PunctualHook.get_connection(conn_id)

    def _skip(self, message: str) -> None:
        raise AirflowSkipException(message)

    def _trigger(self, **kwargs: Any) -> "PunctualTrigger":
        return PunctualTrigger(**kwargs)

    def _default_deferrable(self) -> bool:
        try:
            from airflow.configuration import conf
            return conf.getboolean("operators", "default_deferrable", fallback=False)
        except ImportError:
            return False


class PunctualTrigger(BaseTrigger):
    """Polls a batch from the triggerer until it ends, or until ``end_by`` (the task's execution_timeout)."""

    def __init__(self, batch_id: int, conn_id: str, polling_interval: float, unavailable_timeout: float = 600.0,
                 end_by: Optional[float] = None, endpoint_prefix: Optional[str] = None,
                 extra_headers: Optional[Dict[str, str]] = None, extra_options: Optional[Dict[str, Any]] = None):
        super().__init__()
        self.batch_id = batch_id
        self.conn_id = conn_id
        self.polling_interval = polling_interval
        self.unavailable_timeout = unavailable_timeout
        self.end_by = end_by
        self.endpoint_prefix = endpoint_prefix
        self.extra_headers = extra_headers or {}
        self.extra_options = extra_options or {}

    def serialize(self):
        return ("punctual_airflow.provider.PunctualTrigger", {
            "batch_id": self.batch_id, "conn_id": self.conn_id, "polling_interval": self.polling_interval,
            "unavailable_timeout": self.unavailable_timeout, "end_by": self.end_by,
            "endpoint_prefix": self.endpoint_prefix, "extra_headers": self.extra_headers,
            "extra_options": self.extra_options})

    async def run(self) -> AsyncIterator[TriggerEvent]:
        try:
            conn = await asyncio.to_thread(PunctualHook.get_connection, self.conn_id)
            client = client_from_connection(conn, endpoint_prefix=self.endpoint_prefix,
                                            extra_headers=self.extra_headers, extra_options=self.extra_options)
            event = await watch(client, self.batch_id, polling_interval=self.polling_interval, end_by=self.end_by,
                                unavailable_timeout=self.unavailable_timeout, log=self.log)
        except (PunctualError, ValueError) as e:
            event = {"status": "error", "batch_id": self.batch_id, "message": str(e)}
        yield TriggerEvent(event)
