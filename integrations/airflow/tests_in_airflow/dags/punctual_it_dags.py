"""DAGs the real-Airflow tests run with ``airflow dags test`` against the test gateway.

The Spark application is the project's SyntheticStages (1 stage of 1 task lasting N ms), from the jar named by
PUNCTUAL_IT_JAR. Connections come from Airflow's own stores: AIRFLOW_CONN_* variables and the metadata database
(set up by test_in_airflow.py).
"""

from __future__ import annotations

import os
from datetime import datetime, timedelta, timezone

from airflow import DAG
from airflow.providers.apache.livy.operators.livy import LivyOperator

from punctual_airflow import PunctualSubmitOperator

JAR = os.environ.get("PUNCTUAL_IT_JAR", "/missing/punctual-workloads.jar")
SYNTHETIC = "io.punctual.workloads.SyntheticStages"
COMMON = dict(schedule=None, start_date=datetime(2026, 1, 1, tzinfo=timezone.utc), catchup=False,
              tags=["punctual-it"])


def synthetic(task_id: str, stage_ms: str, **params) -> PunctualSubmitOperator:
    params.setdefault("deadline", "10m")
    params.setdefault("polling_interval", 1)
    return PunctualSubmitOperator(task_id=task_id, file=JAR, java_class=SYNTHETIC,
                                  application_args=["1", "1", stage_ms], **params)


# Templated deadline, conf, name and arguments, rendered by Airflow from the run's logical date and params.
with DAG("punctual_templated", params={"minutes": 25, "label": "nightly", "stage_ms": "200"}, **COMMON):
    synthetic("aggregate", "{{ params.stage_ms }}",
              deadline="{{ logical_date.add(minutes=params.minutes).isoformat() }}",
              conf={"spark.deadline.jobKey": "templated-{{ params.label }}-{{ ds_nodash }}"},
              name="templated-{{ ds }}")

# Deferred to the triggerer while the application runs (about 15 s).
with DAG("punctual_deferred", **COMMON):
    synthetic("deferred", "15000", deadline="15m", deferrable=True)

# A deadline no run can meet: Punctual refuses the batch at admission.
with DAG("punctual_refused", **COMMON):
    synthetic("too_close", "200", deadline="2s")

# Refused on every try (40 executors where the team may have 4), retried once: two tries, two batches.
with DAG("punctual_retried", **COMMON):
    synthetic("too_big", "200", num_executors=40, retries=1, retry_delay=timedelta(seconds=0))

# A long application, killed with the task (the test sends the task's process SIGTERM, as Airflow does).
with DAG("punctual_killed", **COMMON):
    synthetic("long", "600000", deadline="30m")

# Bad connections: one without a token, one to a gateway that accepts connections and never answers.
with DAG("punctual_bad_input", **COMMON):
    synthetic("no_token", "200", punctual_conn_id="punctual_no_token")
    synthetic("silent_gateway", "200", punctual_conn_id="punctual_silent")

# Airflow's own LivyOperator, unchanged: only the connection (its extra carries the Authorization header) differs.
with DAG("livy_stock", **COMMON):
    LivyOperator(task_id="livy", file=JAR, class_name=SYNTHETIC, args=["1", "1", "200"], name="livy-stock",
                 conf={"spark.deadline.by": "10m"}, livy_conn_id="livy_punctual", polling_interval=1)
