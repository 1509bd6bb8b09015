"""Punctual for Apache Airflow: submit Spark batches with a deadline to the Punctual gateway.

``PunctualSubmitOperator`` and ``PunctualTrigger`` need Airflow and are imported on first use; everything else
(``PunctualClient``, ``BatchRun``, the errors) works with the Python standard library alone.
"""

from .attempt import TaskAttempt
from .client import FINAL_STATES, PunctualClient, Submitted
from .errors import (PunctualAuthError, PunctualBatchFailed, PunctualError, PunctualNotFound, PunctualRejected,
                     PunctualRequestError, PunctualTimeout, PunctualUnavailable)
from .run import XCOM_FIELDS, BatchRun, watch

__version__ = "0.1.0"

__all__ = ["BatchRun", "FINAL_STATES", "PunctualAuthError", "PunctualBatchFailed", "PunctualClient", "PunctualError",
           "PunctualHook", "PunctualNotFound", "PunctualRejected", "PunctualRequestError", "PunctualSubmitOperator",
           "PunctualTimeout", "PunctualTrigger", "PunctualUnavailable", "Submitted", "TaskAttempt", "XCOM_FIELDS",
           "get_provider_info", "watch"]

_AIRFLOW_NAMES = ("PunctualSubmitOperator", "PunctualTrigger", "PunctualHook")


def __getattr__(name):
    if name in _AIRFLOW_NAMES:
        from . import provider
        return getattr(provider, name)
    raise AttributeError(f"module 'punctual_airflow' has no attribute {name!r}")


def get_provider_info():
    """Airflow's provider entry point: registers the 'punctual' connection type."""
    return {
        "package-name": "punctual-airflow",
        "name": "Punctual",
        "description": "Deadline-aware Spark batches through the Punctual gateway (Livy-compatible).",
        "versions": [__version__],
        "connection-types": [{"connection-type": "punctual",
                              "hook-class-name": "punctual_airflow.provider.PunctualHook"}],
    }
