"""The operator's behaviour, without Airflow: ``PunctualSubmitOperator`` is this class on top of Airflow's
``BaseOperator`` (see ``provider.py``), which supplies the task log, deferral, connections and skipping.

Parameters are a superset of LivyOperator's and SparkSubmitOperator's (either name works where they differ), plus
Punctual's ``deadline``, ``confidence``, ``admission`` and ``job_key``. README.md maps each one.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Dict, Mapping, Optional

from .attempt import TaskAttempt
from .client import PunctualClient, is_final
from .connection import client_from_connection
from .errors import PunctualError, PunctualRejected, PunctualTimeout
from .run import BatchRun, outcome, xcom_values
from .spec import (DAG_ID, TASK_ID, livy_body, properties_file_conf, punctual_conf, spark_conf,
                   spark_submit_conf)

ADMISSION_POLICIES = ("fail", "warn")
DEFAULT_CONN_ID = "punctual_default"
DEFAULT_POLLING_INTERVAL = 10.0

#: SparkSubmitOperator/LivyOperator parameters that mean nothing for a REST submission: accepted so a DAG moves over
#: unchanged, reported in the task log when set, otherwise ignored. name -> (default, why it does not apply).
_INERT = {
    "livy_conn_auth_type": (None, "the gateway authenticates with the team token (Bearer) only"),
    "retry_args": (None, "HTTP calls are retried by the client; a submission is idempotent, so retrying is safe"),
    "openlineage_inject_parent_job_info": (False, "not supported yet"),
    "openlineage_inject_transport_info": (False, "not supported yet"),
    "total_executor_cores": (None, "Spark standalone only"),
    "verbose": (False, "spark-submit runs on the gateway"),
    "spark_binary": (None, "spark-submit runs on the gateway"),
    "use_krb5ccache": (False, "Kerberos is the gateway's"),
    "post_submit_commands": (None, "nothing runs on the worker after the batch"),
    "track_driver_via_k8s_api": (False, "the gateway tracks the application"),
    "yarn_track_via_rm_api": (False, "the gateway tracks the application"),
    "yarn_rm_auth": (None, "the gateway tracks the application"),
    "reconnect_on_retry": (None, "retries always re-attach to a batch still running (see README)"),
    "durable": (None, "retries always re-attach to a batch still running (see README)"),
}


class PunctualSubmit:
    """Submits a Spark batch to the Punctual gateway with a deadline, waits for it, and reports it to XCom."""

    template_fields = ("spark_params", "punctual_params")
    template_fields_renderers = {"spark_params": "json", "punctual_params": "json"}
    ui_color = "#dbeafe"

    def __init__(self, *,
                 # LivyOperator
                 file: Optional[str] = None, class_name: Optional[str] = None, args: Any = None,
                 conf: Optional[Mapping[str, Any]] = None, jars: Any = None, py_files: Any = None, files: Any = None,
                 driver_memory: Any = None, driver_cores: Any = None, executor_memory: Any = None,
                 executor_cores: Any = None, num_executors: Any = None, archives: Any = None,
                 queue: Optional[str] = None, name: Optional[str] = None, proxy_user: Optional[str] = None,
                 livy_conn_id: Optional[str] = None, livy_conn_auth_type: Any = None,
                 livy_endpoint_prefix: Optional[str] = None, polling_interval: Optional[float] = None,
                 extra_options: Optional[Mapping[str, Any]] = None, extra_headers: Optional[Mapping[str, str]] = None,
                 retry_args: Any = None, deferrable: Optional[bool] = None,
                 openlineage_inject_parent_job_info: bool = False, openlineage_inject_transport_info: bool = False,
                 # SparkSubmitOperator
                 application: Optional[str] = None, conn_id: Optional[str] = None, driver_class_path: Any = None,
                 java_class: Optional[str] = None, packages: Any = None, exclude_packages: Any = None,
                 repositories: Any = None, total_executor_cores: Any = None, keytab: Optional[str] = None,
                 principal: Optional[str] = None, status_poll_interval: Optional[float] = None,
                 application_args: Any = None, env_vars: Optional[Mapping[str, Any]] = None, verbose: bool = False,
                 spark_binary: Optional[str] = None, properties_file: Optional[str] = None,
                 yarn_queue: Optional[str] = None, deploy_mode: Optional[str] = None, use_krb5ccache: bool = False,
                 post_submit_commands: Any = None, track_driver_via_k8s_api: bool = False,
                 yarn_track_via_rm_api: bool = False, yarn_rm_auth: Any = None, reconnect_on_retry: Any = None,
                 durable: Any = None,
                 # Punctual
                 punctual_conn_id: Optional[str] = None, deadline: Any = None, confidence: Any = None,
                 admission: str = "fail", job_key: Optional[str] = None, wait_for_completion: Optional[bool] = None,
                 unavailable_timeout: float = 600.0,
                 on_predicted_miss: Optional[Callable[[Dict[str, Any]], None]] = None,
                 **kwargs: Any):
        if queue is not None and queue == (kwargs.get("default_args") or {}).get("queue"):
            # Airflow fills parameters from default_args by name; there `queue` is the executor's (Celery) queue.
            kwargs["queue"], queue = queue, None
        super().__init__(**kwargs)
        # Parameters live in two dicts, not as attributes: BaseOperator already has a `queue` (the executor's) and
        # Airflow templates a dict's values just the same.
        self.spark_params: Dict[str, Any] = {
            "file": _either("file", file, "application", application),
            "class_name": _either("class_name", class_name, "java_class", java_class),
            "args": _either("args", args, "application_args", application_args),
            "conf": conf, "jars": jars, "py_files": py_files, "files": files, "archives": archives,
            "driver_memory": driver_memory, "driver_cores": driver_cores, "executor_memory": executor_memory,
            "executor_cores": executor_cores, "num_executors": num_executors,
            "queue": _either("queue", queue, "yarn_queue", yarn_queue), "name": name, "proxy_user": proxy_user,
            "driver_class_path": driver_class_path, "packages": packages, "exclude_packages": exclude_packages,
            "repositories": repositories, "env_vars": env_vars, "deploy_mode": deploy_mode, "keytab": keytab,
            "principal": principal, "properties_file": properties_file,
        }
        if not self.spark_params["file"]:
            raise ValueError("file (LivyOperator) or application (SparkSubmitOperator) is required: the application "
                             "jar or Python file, as a path or URI the gateway's host can read")
        self.punctual_params: Dict[str, Any] = {"deadline": deadline, "confidence": confidence, "job_key": job_key}
        if admission not in ADMISSION_POLICIES:
            raise ValueError(f"admission must be 'fail' (a rejection fails the task) or 'warn' (it is logged and the "
                             f"task is skipped), got {admission!r}")
        self.admission = admission
        interval = _either("polling_interval", polling_interval, "status_poll_interval", status_poll_interval)
        # LivyOperator's polling_interval=0 means "do not wait for the end"; kept, but admission is still awaited.
        self.wait_for_completion = (interval is None or interval > 0) if wait_for_completion is None \
            else bool(wait_for_completion)
        self.polling_interval = float(interval) if interval else DEFAULT_POLLING_INTERVAL
        if unavailable_timeout <= 0:
            raise ValueError(f"unavailable_timeout must be positive seconds, got {unavailable_timeout!r}")
        self.unavailable_timeout = float(unavailable_timeout)
        self.punctual_conn_id = punctual_conn_id or livy_conn_id or DEFAULT_CONN_ID
        self.endpoint_prefix = livy_endpoint_prefix
        self.extra_options = dict(extra_options or {})
        self.extra_headers = dict(extra_headers or {})
        self.deferrable = self._default_deferrable() if deferrable is None else bool(deferrable)
        if on_predicted_miss is not None and self.deferrable:
            raise ValueError("on_predicted_miss is called by the worker while it waits for the batch; a deferred task "
                             "waits in the triggerer, which only logs the predicted miss: pass deferrable=False")
        self.on_predicted_miss = on_predicted_miss
        given = dict(locals())
        self._ignored = {n: why for n, (default, why) in _INERT.items() if given[n] not in (default, None, False)}
        if conn_id not in (None, "spark_default"):
            self._ignored["conn_id"] = f"a Spark connection; the gateway is the connection {self.punctual_conn_id!r}"
        self._run: Optional[BatchRun] = None

    # What the Airflow class supplies (provider.py); tests supply fakes.
    def _connection(self, conn_id: str) -> Any:
        raise NotImplementedError

    def _skip(self, message: str) -> None:
        raise NotImplementedError

    def _trigger(self, **kwargs: Any) -> Any:
        raise NotImplementedError

    def _default_deferrable(self) -> bool:
        return False

    def client(self) -> PunctualClient:
        return client_from_connection(self._connection(self.punctual_conn_id), endpoint_prefix=self.endpoint_prefix,
                                      extra_headers=self.extra_headers, extra_options=self.extra_options)

    def request_body(self, attempt: Optional[TaskAttempt] = None) -> Dict[str, Any]:
        """The ``POST /batches`` body from the (rendered) parameters; ``ValueError`` names a wrong one."""
        p = self.spark_params
        conf = properties_file_conf(p["properties_file"])
        conf.update(spark_conf("conf", p["conf"]))
        conf.update(spark_submit_conf(driver_class_path=p["driver_class_path"], packages=p["packages"],
                                      exclude_packages=p["exclude_packages"], repositories=p["repositories"],
                                      env_vars=p["env_vars"], deploy_mode=p["deploy_mode"], keytab=p["keytab"],
                                      principal=p["principal"]))
        if attempt is not None:
            # Punctual keys a job's history by the Airflow task unless spark.deadline.jobKey says otherwise.
            conf.setdefault(DAG_ID, attempt.dag_id)
            conf.setdefault(TASK_ID, attempt.task_id)
        conf.update(punctual_conf(**self.punctual_params))
        livy = {k: p[k] for k in ("file", "class_name", "args", "jars", "py_files", "files", "archives",
                                  "driver_memory", "driver_cores", "executor_memory", "executor_cores",
                                  "num_executors", "queue", "name", "proxy_user")}
        return livy_body(conf=conf, **livy)

    def execute(self, context: Mapping[str, Any]) -> Any:
        for name, why in self._ignored.items():
            self.log.warning("Parameter %s has no effect on a Punctual gateway (%s)", name, why)
        attempt = TaskAttempt.from_context(context)
        body = self.request_body(attempt)
        self._run = run = self._new_run()
        batch = run.submit(body, attempt)
        _push(context, batch)
        if self.deferrable and self.wait_for_completion and not is_final(batch):
            self.defer(trigger=self._trigger(
                batch_id=batch["id"], conn_id=self.punctual_conn_id, endpoint_prefix=self.endpoint_prefix,
                extra_headers=self.extra_headers, extra_options=self.extra_options,
                polling_interval=self.polling_interval, unavailable_timeout=self.unavailable_timeout,
                end_by=self._end_by()), method_name="execute_complete")
        batch = run.wait(until_admitted=not self.wait_for_completion)
        if run.stopped and not is_final(batch):
            raise PunctualError(f"the task was killed while batch {batch['id']} was {batch['state']}")
        return self._finish(context, run, batch)

    def execute_complete(self, context: Mapping[str, Any], event: Mapping[str, Any]) -> Any:
        """Resumes a deferred task with the trigger's event: the batch ended, or the task's time ran out."""
        self._run = run = self._new_run()
        run.attach(event["batch_id"])
        if event["status"] == "error":
            raise PunctualError(f"following batch {event['batch_id']} failed in the triggerer: {event['message']}")
        if event["status"] == "timeout":
            run.kill()
            _push(context, run.client.batch(event["batch_id"]))
            raise PunctualTimeout(f"batch {event['batch_id']} was still running when the task's execution_timeout "
                                  f"({self.execution_timeout}) passed; it has been deleted")
        return self._finish(context, run, event["batch"])

    def on_kill(self) -> None:
        """Airflow stops the task (marked failed, cleared, timed out): the batch is deleted with it."""
        if self._run is not None and self._run.kill():
            self.log.info("Deleted batch %s", self._run.batch_id)

    def _finish(self, context: Mapping[str, Any], run: BatchRun, batch: Mapping[str, Any]) -> Any:
        _push(context, batch)
        if is_final(batch):
            run.print_log()
        try:
            outcome(batch)
        except PunctualRejected as rejected:
            if self.admission == "warn":
                self.log.warning("%s; admission='warn', so the task is skipped", rejected)
                self._skip(str(rejected))
            raise
        return batch["id"]

    def _new_run(self) -> BatchRun:
        return BatchRun(self.client(), polling_interval=self.polling_interval,
                        unavailable_timeout=self.unavailable_timeout, log=self.log,
                        on_predicted_miss=self.on_predicted_miss)

    def _end_by(self) -> Optional[float]:
        timeout = getattr(self, "execution_timeout", None)
        return None if timeout is None else time.time() + timeout.total_seconds()


def _either(name: str, value: Any, alias: str, alias_value: Any) -> Any:
    if value is not None and alias_value is not None and value != alias_value:
        raise ValueError(f"{name} and {alias} name the same thing; give one of them (got {value!r} and "
                         f"{alias_value!r})")
    return value if value is not None else alias_value


def _push(context: Mapping[str, Any], batch: Mapping[str, Any]) -> None:
    ti = context["ti"]
    for key, value in xcom_values(batch).items():
        ti.xcom_push(key=key, value=value)
