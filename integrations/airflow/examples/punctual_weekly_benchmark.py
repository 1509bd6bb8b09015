"""Weekly PUMA / TPC-DS benchmark of Punctual: an example Airflow DAG.

Every Monday at 02:00 it runs ``punctual bench run`` on the mixed tiny suite with every policy side by side, writing
``<reports>/<ISO week>/`` (results.json, results.csv, run.json, report.html), then ``punctual bench compare`` against
the previous week's directory. Copy it into your DAGs folder and set the two Airflow Variables:

- ``punctual_home``: the Punctual installation (where ``bin/punctual`` is), default ``/opt/punctual``;
- ``punctual_reports``: where the weekly report directories go, default ``/var/lib/punctual/reports``.

The bench keeps its own history in ``$PUNCTUAL_HOME/bench`` between runs, so week 2 learns from week 1. A retried
task continues the week's run (``--resume``, once the failed attempt left a ``run.json``) instead of
starting over. To measure a running gateway instead of an
embedded cluster, add ``--gateway https://punctual.example.com:8998 --token {{ var.value.punctual_token }}``.
"""
from __future__ import annotations

import shlex
from datetime import datetime, timedelta

SUITE_ARGS = ["--suite", "mixed", "--scale", "tiny", "--weeks-of-history", "3",
              "--deadline-mix", "1x:0.3,2x:0.4,4x:0.3", "--contention", "0.3",
              "--policies", "static,dynamic,punctual,punctual-noreserve", "--seed", "1", "--json"]


def bench_command(punctual_home: str, report_dir: str, resume: bool = False) -> list[str]:
    """The week's run; with resume, it continues a run an earlier attempt left in report_dir."""
    return [f"{punctual_home}/bin/punctual", "bench", "run", *SUITE_ARGS, "--report", report_dir] + (
        ["--resume"] if resume else [])


def compare_command(punctual_home: str, last_week: str, this_week: str) -> list[str]:
    return [f"{punctual_home}/bin/punctual", "bench", "compare", last_week, this_week]


def _shell(words: list[str]) -> str:
    return " ".join(shlex.quote(w) if "{{" not in w else w for w in words)


try:
    from airflow import DAG
    from airflow.operators.bash import BashOperator
except ImportError:  # the commands above stay importable (and tested) without Airflow
    DAG = None

if DAG is not None:
    HOME = "{{ var.value.get('punctual_home', '/opt/punctual') }}"
    REPORTS = "{{ var.value.get('punctual_reports', '/var/lib/punctual/reports') }}"
    THIS_WEEK = REPORTS + "/{{ logical_date.strftime('%G-W%V') }}"
    LAST_WEEK = REPORTS + "/{{ (logical_date - macros.timedelta(days=7)).strftime('%G-W%V') }}"

    with DAG(
        dag_id="punctual_weekly_benchmark",
        schedule="0 2 * * 1",
        start_date=datetime(2026, 11, 30),
        catchup=False,
        max_active_runs=1,
        default_args={"retries": 1, "retry_delay": timedelta(minutes=10)},
        tags=["punctual", "benchmark"],
    ) as dag:
        # A retried task finds the failed attempt's run.json and continues that run.
        run = BashOperator(
            task_id="bench_run",
            bash_command=f"if [ -f {THIS_WEEK}/run.json ]; then "
                         + _shell(bench_command(HOME, THIS_WEEK, resume=True)) + "; else "
                         + _shell(bench_command(HOME, THIS_WEEK)) + "; fi",
            execution_timeout=timedelta(hours=2))
        compare = BashOperator(
            task_id="compare_with_last_week",
            bash_command=f"if [ -f {LAST_WEEK}/results.json ]; then "
                         + _shell(compare_command(HOME, LAST_WEEK, THIS_WEEK))
                         + "; else echo 'no report for last week yet'; fi")
        run >> compare
