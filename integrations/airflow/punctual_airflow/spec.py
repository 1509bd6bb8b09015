"""Turns operator parameters (LivyOperator's and SparkSubmitOperator's names) into a Livy ``POST /batches`` body.

Values arrive after Airflow's templating, so they may be strings where numbers are meant; every value is checked
here and a wrong one raises ``ValueError`` naming the parameter and what it should be.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any, Dict, Iterable, List, Mapping, Optional

#: Punctual's inputs, carried in ``conf`` like any Spark property (the gateway reads them there).
DEADLINE = "spark.deadline.by"
CONFIDENCE = "spark.deadline.confidence"
JOB_KEY = "spark.deadline.jobKey"
#: Where Punctual looks for the Airflow task when no explicit job key is given (its history is per job key).
DAG_ID = "spark.airflow.ctx.dag.dag_id"
TASK_ID = "spark.airflow.ctx.task.task_id"


def livy_body(*, file: Any, class_name: Any = None, args: Any = None, jars: Any = None, py_files: Any = None,
              files: Any = None, archives: Any = None, driver_memory: Any = None, driver_cores: Any = None,
              executor_memory: Any = None, executor_cores: Any = None, num_executors: Any = None, queue: Any = None,
              name: Any = None, conf: Optional[Mapping[str, Any]] = None, proxy_user: Any = None) -> Dict[str, Any]:
    """The request body with Livy's field names; absent values are left out, as Livy clients do."""
    if not isinstance(file, str) or not file.strip():
        raise ValueError("file (or application) is required: the path or URI of the application jar or Python file, "
                         f"as the gateway's host sees it; got {file!r}")
    body: Dict[str, Any] = {
        "file": file.strip(),
        "className": _text("class_name", class_name),
        "args": _args(args),
        "jars": _paths("jars", jars),
        "pyFiles": _paths("py_files", py_files),
        "files": _paths("files", files),
        "archives": _paths("archives", archives),
        "driverMemory": _memory("driver_memory", driver_memory),
        "driverCores": _positive("driver_cores", driver_cores),
        "executorMemory": _memory("executor_memory", executor_memory),
        "executorCores": _positive("executor_cores", executor_cores),
        "numExecutors": _positive("num_executors", num_executors),
        "queue": _text("queue", queue),
        "name": _text("name", name),
        "conf": spark_conf("conf", conf),
        "proxyUser": _text("proxy_user", proxy_user),
    }
    return {k: v for k, v in body.items() if v not in (None, [], {})}


def punctual_conf(*, deadline: Any = None, confidence: Any = None, job_key: Any = None,
                  now: Optional[dt.datetime] = None) -> Dict[str, str]:
    """Punctual's inputs as ``spark.deadline.*`` properties."""
    conf = {}
    if deadline is not None and deadline != "":
        conf[DEADLINE] = deadline_text(deadline, now)
    if confidence is not None and confidence != "":
        conf[CONFIDENCE] = _confidence(confidence)
    if job_key is not None and job_key != "":
        conf[JOB_KEY] = _text("job_key", job_key)
    return conf


def deadline_text(deadline: Any, now: Optional[dt.datetime] = None) -> str:
    """A deadline as the gateway reads it: a duration (``45m``, ``1h30m``, ``PT2H``) or a time with its offset.

    A ``timedelta`` becomes whole seconds; a ``datetime`` (Airflow's pendulum ones included) must carry a time zone,
    because a local time would be read in the gateway's zone, not the DAG's.
    """
    if isinstance(deadline, dt.timedelta):
        seconds = int(deadline.total_seconds())
        if seconds <= 0:
            raise ValueError(f"deadline must be a positive duration, got {deadline!r}")
        return f"{seconds}s"
    if isinstance(deadline, dt.datetime):
        if deadline.tzinfo is None or deadline.utcoffset() is None:
            raise ValueError(f"deadline {deadline!r} has no time zone; give an aware datetime (Airflow's "
                             "data_interval_end is one) or a duration such as '45m'")
        if now is not None and deadline <= now:
            raise ValueError(f"deadline {deadline.isoformat()} is not in the future (now is {now.isoformat()})")
        return deadline.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    if isinstance(deadline, str) and deadline.strip():
        return deadline.strip()
    raise ValueError(f"deadline must be a duration such as '45m' or '1h30m', a timedelta, an aware datetime or an "
                     f"ISO time such as '2026-11-22T18:00:00Z'; got {deadline!r}")


def spark_submit_conf(*, driver_class_path: Any = None, packages: Any = None, exclude_packages: Any = None,
                      repositories: Any = None, env_vars: Optional[Mapping[str, Any]] = None,
                      deploy_mode: Any = None, keytab: Any = None, principal: Any = None) -> Dict[str, str]:
    """SparkSubmitOperator parameters that have no Livy field, as the Spark properties spark-submit sets for them."""
    conf = {
        "spark.driver.extraClassPath": _text("driver_class_path", driver_class_path),
        "spark.jars.packages": _joined("packages", packages),
        "spark.jars.excludes": _joined("exclude_packages", exclude_packages),
        "spark.jars.repositories": _joined("repositories", repositories),
        "spark.submit.deployMode": _deploy_mode(deploy_mode),
        "spark.kerberos.keytab": _text("keytab", keytab),
        "spark.kerberos.principal": _text("principal", principal),
    }
    if env_vars:
        if not isinstance(env_vars, Mapping):
            raise ValueError(f"env_vars must be a mapping of variable name to value, got {type(env_vars).__name__}")
        # In YARN cluster mode spark-submit hands its environment to the driver this way.
        conf.update({f"spark.yarn.appMasterEnv.{k}": str(v) for k, v in env_vars.items()})
    return {k: v for k, v in conf.items() if v is not None}


def properties_file_conf(path: Optional[str]) -> Dict[str, str]:
    """The ``spark.*`` entries of a spark-defaults style file, as spark-submit's ``--properties-file`` reads it."""
    if not path:
        return {}
    conf = {}
    try:
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                line = line.strip()
                if not line or line[0] in "#!":
                    continue
                entry = re.match(r"(\S+?)(?:\s*[=:]\s*|\s+)(.*)$", line)
                key, value = entry.groups() if entry else (line, "")
                if key.startswith("spark."):
                    conf[key] = value.strip()
    except OSError as e:
        raise ValueError(f"properties_file {path!r} cannot be read on the Airflow worker: {e}") from None
    return conf


def spark_conf(parameter: str, conf: Optional[Mapping[str, Any]]) -> Dict[str, str]:
    if conf is None:
        return {}
    if not isinstance(conf, Mapping):
        raise ValueError(f"{parameter} must be a mapping of Spark property to value, got {type(conf).__name__}")
    out = {}
    for key, value in conf.items():
        if value is None or isinstance(value, (Mapping, list, tuple, set)):
            raise ValueError(f"{parameter}[{key!r}] must be a string, number or boolean, got {value!r}")
        out[str(key)] = ("true" if value else "false") if isinstance(value, bool) else str(value)
    return out


def _text(parameter: str, value: Any) -> Optional[str]:
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise ValueError(f"{parameter} must be a string, got {value!r}")
    return value.strip()


def _args(value: Any) -> List[str]:
    if value is None:
        return []
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ValueError(f"args (or application_args) must be a list of arguments, got {value!r}")
    return [str(a) for a in value]


def _paths(parameter: str, value: Any) -> List[str]:
    """A list, or spark-submit's comma-separated string (SparkSubmitOperator passes jars and files that way)."""
    if value is None or value == "":
        return []
    if isinstance(value, str):
        return [p.strip() for p in value.split(",") if p.strip()]
    if isinstance(value, Iterable):
        return [str(p) for p in value]
    raise ValueError(f"{parameter} must be a list of paths or a comma-separated string, got {value!r}")


def _joined(parameter: str, value: Any) -> Optional[str]:
    paths = _paths(parameter, value)
    return ",".join(paths) if paths else None


def _positive(parameter: str, value: Any) -> Optional[int]:
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise ValueError(f"{parameter} must be a positive whole number, got {value!r}")
    try:
        number = int(str(value).strip())
    except ValueError:
        number = 0
    if number < 1 or (isinstance(value, float) and value != number):
        raise ValueError(f"{parameter} must be a positive whole number, got {value!r}")
    return number


def _memory(parameter: str, value: Any) -> Optional[str]:
    if value is None or value == "":
        return None
    text = str(value).strip()
    if isinstance(value, bool) or not re.fullmatch(r"\d+(\.\d+)?\s*([kmgtp]i?b?)?", text, re.IGNORECASE):
        raise ValueError(f"{parameter} must be an amount such as '2g' or '1536m', got {value!r}")
    # A bare number means MiB to Spark; say so, so that Livy-style gateways read it the same way.
    return text + "m" if text.isdigit() else text


def _confidence(value: Any) -> str:
    try:
        number = float(str(value).strip())
    except ValueError:
        number = -1.0
    if not 0.0 < number < 1.0:
        raise ValueError(f"confidence must be a probability strictly between 0 and 1 (e.g. 0.95), got {value!r}")
    return repr(number)


def _deploy_mode(value: Any) -> Optional[str]:
    mode = _text("deploy_mode", value)
    if mode is not None and mode not in ("cluster", "client"):
        raise ValueError(f"deploy_mode must be 'cluster' or 'client', got {value!r}")
    return mode
