"""provider.py's wiring, against stand-ins for the Airflow names it imports (fast, and without Airflow installed).

This checks our side — the classes compose, the trigger serializes to something that rebuilds it, errors become
events — not compatibility with a particular Airflow release: tests_in_airflow/ runs the operator inside a real one.
"""

from __future__ import annotations

import asyncio
import importlib
import socket
import sys
import types
import unittest
from unittest import mock

from .fakes import FakeTaskInstance, connection


class _SkipException(Exception):
    pass


class _BaseOperator:
    def __init__(self, task_id, execution_timeout=None):
        self.task_id = task_id
        self.execution_timeout = execution_timeout
        self.log = mock.Mock()


class _BaseHook:
    connections = {}

    def __init__(self, **kwargs):
        pass

    @classmethod
    def get_connection(cls, conn_id):
        return cls.connections[conn_id]


class _BaseTrigger:
    def __init__(self):
        self.log = mock.Mock()


class _TriggerEvent:
    def __init__(self, payload):
        self.payload = payload


def _fake_airflow(default_deferrable: bool):
    modules = {name: types.ModuleType(name) for name in
               ("airflow", "airflow.sdk", "airflow.sdk.exceptions", "airflow.triggers", "airflow.triggers.base",
                "airflow.configuration")}
    modules["airflow.sdk"].BaseOperator = _BaseOperator
    modules["airflow.sdk"].BaseHook = _BaseHook
    modules["airflow.sdk.exceptions"].AirflowSkipException = _SkipException
    modules["airflow.triggers.base"].BaseTrigger = _BaseTrigger
    modules["airflow.triggers.base"].TriggerEvent = _TriggerEvent
    modules["airflow.configuration"].conf = mock.Mock(getboolean=mock.Mock(return_value=default_deferrable))
    return modules


class ProviderWiring(unittest.TestCase):

    def setUp(self):
        patched = mock.patch.dict(sys.modules, _fake_airflow(default_deferrable=True))
        patched.start()
        self.addCleanup(patched.stop)
        sys.modules.pop("punctual_airflow.provider", None)
        self.addCleanup(sys.modules.pop, "punctual_airflow.provider", None)
        self.provider = importlib.import_module("punctual_airflow.provider")

    def test_the_operator_composes_with_base_operator(self):
        op = self.provider.PunctualSubmitOperator(task_id="t", file="/a.jar", deadline="45m")
        self.assertIsInstance(op, _BaseOperator)
        self.assertTrue(op.deferrable)  # from [operators] default_deferrable
        self.assertEqual(op.request_body()["conf"]["spark.deadline.by"], "45m")
        with self.assertRaises(_SkipException):
            op._skip("rejected")

    def test_a_predicted_miss_callback_needs_a_worker_that_waits(self):
        with self.assertRaisesRegex(ValueError, "pass deferrable=False"):
            self.provider.PunctualSubmitOperator(task_id="t", file="/a.jar", on_predicted_miss=print)
        op = self.provider.PunctualSubmitOperator(task_id="t", file="/a.jar", on_predicted_miss=print,
                                                  deferrable=False)
        _BaseHook.connections = {"punctual_default": connection("punctual_default", "127.0.0.1", 1, "token")}
        self.assertIs(op._new_run()._replans._on_predicted_miss, print)

    def test_the_trigger_rebuilds_from_what_it_serializes(self):
        op = self.provider.PunctualSubmitOperator(task_id="t", file="/a.jar", extra_headers={"X-Team": "a"})
        trigger = op._trigger(batch_id=3, conn_id="punctual_default", endpoint_prefix=None,
                              extra_headers=op.extra_headers, extra_options={}, polling_interval=5.0,
                              unavailable_timeout=60.0, end_by=None)
        classpath, kwargs = trigger.serialize()
        module, _, name = classpath.rpartition(".")
        rebuilt = getattr(importlib.import_module(module), name)(**kwargs)
        self.assertEqual(rebuilt.serialize(), (classpath, kwargs))
        self.assertEqual((kwargs["batch_id"], kwargs["extra_headers"]), (3, {"X-Team": "a"}))

    def test_an_unreachable_gateway_becomes_an_error_event(self):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        _BaseHook.connections = {"gw": connection("gw", "127.0.0.1", port, "token")}
        trigger = self.provider.PunctualTrigger(batch_id=1, conn_id="gw", polling_interval=0.01,
                                                unavailable_timeout=0.01,
                                                extra_options={"timeout": 1, "retries": 0})

        async def first_event():
            async for event in trigger.run():
                return event.payload

        event = asyncio.run(first_event())
        self.assertEqual((event["status"], event["batch_id"]), ("error", 1))
        self.assertIn("could not be reached", event["message"])

    def test_the_provider_entry_point_names_the_hook(self):
        import punctual_airflow
        info = punctual_airflow.get_provider_info()
        hook = info["connection-types"][0]["hook-class-name"]
        self.assertIs(getattr(self.provider, hook.rpartition(".")[2]), self.provider.PunctualHook)
        self.assertEqual(self.provider.PunctualHook.conn_type, info["connection-types"][0]["connection-type"])

    def test_execute_complete_reports_a_trigger_error(self):
        op = self.provider.PunctualSubmitOperator(task_id="t", file="/a.jar")
        _BaseHook.connections = {"punctual_default": connection("punctual_default", "127.0.0.1", 1, "token")}
        from punctual_airflow.errors import PunctualError
        with self.assertRaisesRegex(PunctualError, "failed in the triggerer: boom"):
            op.execute_complete({"ti": FakeTaskInstance("d", "t", "r")},
                                {"status": "error", "batch_id": 1, "message": "boom"})


if __name__ == "__main__":
    unittest.main()
