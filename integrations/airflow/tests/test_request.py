"""The operator's parameters -> the gateway request, without a gateway."""

from __future__ import annotations

import datetime as dt
import os
import tempfile
import unittest

from punctual_airflow.attempt import TaskAttempt
from punctual_airflow.client import PunctualClient
from punctual_airflow.connection import client_from_connection
from punctual_airflow.spec import deadline_text

from .fakes import FakeOperator, connection

ATTEMPT = TaskAttempt("nightly", "aggregate", "scheduled__2026-11-22T00:00:00+00:00", try_number=1)


def body(**params):
    return FakeOperator(task_id="aggregate", **params).request_body(ATTEMPT)


class SparkSubmitAndLivyNames(unittest.TestCase):

    def test_spark_submit_operator_parameters_become_livy_fields(self):
        request = body(application="hdfs:///apps/agg.jar", java_class="com.example.Aggregate",
                       application_args=["2026-11-22", 7], jars="a.jar, b.jar", py_files="x.zip", files="f.txt",
                       archives="env.tgz", driver_memory="2g", executor_memory=4096, executor_cores="2",
                       num_executors="3", yarn_queue="etl", name="aggregate", proxy_user="etl-bot")
        self.assertEqual(request["file"], "hdfs:///apps/agg.jar")
        self.assertEqual(request["className"], "com.example.Aggregate")
        self.assertEqual(request["args"], ["2026-11-22", "7"])
        self.assertEqual(request["jars"], ["a.jar", "b.jar"])  # spark-submit's comma-separated form, split
        self.assertEqual(request["pyFiles"], ["x.zip"])
        self.assertEqual(request["files"], ["f.txt"])
        self.assertEqual(request["archives"], ["env.tgz"])
        self.assertEqual(request["driverMemory"], "2g")
        self.assertEqual(request["executorMemory"], "4096m")  # a bare number is MiB to Spark
        self.assertEqual((request["executorCores"], request["numExecutors"]), (2, 3))  # templated strings -> ints
        self.assertEqual((request["queue"], request["name"], request["proxyUser"]), ("etl", "aggregate", "etl-bot"))

    def test_livy_operator_parameters_give_the_same_request(self):
        livy = body(file="hdfs:///apps/agg.jar", class_name="com.example.Aggregate", args=["2026-11-22", "7"],
                    jars=["a.jar", "b.jar"], queue="etl", num_executors=3, driver_cores=1)
        spark = body(application="hdfs:///apps/agg.jar", java_class="com.example.Aggregate",
                     application_args=["2026-11-22", "7"], jars="a.jar,b.jar", yarn_queue="etl", num_executors=3,
                     driver_cores=1)
        self.assertEqual(livy, spark)

    def test_two_names_for_one_thing_must_agree(self):
        with self.assertRaisesRegex(ValueError, "file and application"):
            FakeOperator(task_id="t", file="/a.jar", application="/b.jar")
        with self.assertRaisesRegex(ValueError, "queue and yarn_queue"):
            FakeOperator(task_id="t", file="/a.jar", queue="a", yarn_queue="b")
        self.assertEqual(body(file="/a.jar", application="/a.jar")["file"], "/a.jar")

    def test_the_executor_queue_from_default_args_is_not_the_yarn_queue(self):
        # Airflow passes default_args={"queue": ...} (a Celery queue) to every parameter named queue.
        op = FakeOperator(task_id="t", file="/a.jar", queue="celery-big", default_args={"queue": "celery-big"})
        self.assertEqual(op.queue, "celery-big")
        self.assertNotIn("queue", op.request_body())
        yarn = FakeOperator(task_id="t", file="/a.jar", yarn_queue="etl", queue="celery-big",
                            default_args={"queue": "celery-big"})
        self.assertEqual(yarn.request_body()["queue"], "etl")

    def test_an_application_is_required(self):
        with self.assertRaisesRegex(ValueError, "file .* or application .* is required"):
            FakeOperator(task_id="t", class_name="com.example.Main")

    def test_spark_submit_only_parameters_become_spark_properties(self):
        conf = body(file="/a.jar", driver_class_path="/opt/x.jar", packages=["org:a:1", "org:b:2"],
                    exclude_packages="org:c", repositories="https://repo.example", deploy_mode="cluster",
                    env_vars={"TZ": "UTC"}, principal="etl@EXAMPLE", keytab="/etc/etl.keytab")["conf"]
        self.assertEqual(conf["spark.driver.extraClassPath"], "/opt/x.jar")
        self.assertEqual(conf["spark.jars.packages"], "org:a:1,org:b:2")
        self.assertEqual(conf["spark.jars.excludes"], "org:c")
        self.assertEqual(conf["spark.jars.repositories"], "https://repo.example")
        self.assertEqual(conf["spark.submit.deployMode"], "cluster")
        self.assertEqual(conf["spark.yarn.appMasterEnv.TZ"], "UTC")  # spark-submit's env in YARN cluster mode
        self.assertEqual(conf["spark.kerberos.principal"], "etl@EXAMPLE")
        self.assertEqual(conf["spark.kerberos.keytab"], "/etc/etl.keytab")

    def test_wrong_values_name_the_parameter(self):
        cases = {"num_executors": "many", "executor_cores": 0, "driver_cores": 1.5, "executor_memory": "lots",
                 "deploy_mode": "local", "args": "--date 2026-11-22", "conf": {"spark.x": {"nested": 1}},
                 "confidence": 1.0}
        for parameter, value in cases.items():
            with self.subTest(parameter=parameter), self.assertRaisesRegex(ValueError, parameter):
                body(file="/a.jar", **{parameter: value})

    def test_unknown_operator_arguments_are_refused(self):
        with self.assertRaisesRegex(TypeError, "executor_count"):
            FakeOperator(task_id="t", file="/a.jar", executor_count=3)


class PunctualParameters(unittest.TestCase):

    def test_deadline_confidence_and_job_key_travel_in_conf(self):
        conf = body(file="/a.jar", deadline="45m", confidence="0.95", job_key="aggregate-v2")["conf"]
        self.assertEqual(conf["spark.deadline.by"], "45m")
        self.assertEqual(conf["spark.deadline.confidence"], "0.95")
        self.assertEqual(conf["spark.deadline.jobKey"], "aggregate-v2")

    def test_a_timedelta_deadline_is_whole_seconds(self):
        self.assertEqual(deadline_text(dt.timedelta(hours=1, minutes=30)), "5400s")  # 3600 + 30 * 60
        with self.assertRaisesRegex(ValueError, "positive"):
            deadline_text(dt.timedelta(0))

    def test_an_aware_datetime_deadline_is_utc(self):
        paris = dt.timezone(dt.timedelta(hours=1))
        self.assertEqual(deadline_text(dt.datetime(2026, 11, 22, 19, 0, tzinfo=paris)), "2026-11-22T18:00:00Z")
        with self.assertRaisesRegex(ValueError, "no time zone"):
            deadline_text(dt.datetime(2026, 11, 22, 19, 0))
        with self.assertRaisesRegex(ValueError, "not in the future"):
            deadline_text(dt.datetime(2026, 11, 22, 18, 0, tzinfo=dt.timezone.utc),
                          now=dt.datetime(2026, 11, 22, 18, 30, tzinfo=dt.timezone.utc))

    def test_numbers_are_not_deadlines(self):
        with self.assertRaisesRegex(ValueError, "deadline must be"):
            body(file="/a.jar", deadline=600)

    def test_the_airflow_task_names_the_job_unless_conf_does(self):
        conf = body(file="/a.jar")["conf"]
        self.assertEqual((conf["spark.airflow.ctx.dag.dag_id"], conf["spark.airflow.ctx.task.task_id"]),
                         ("nightly", "aggregate"))
        own = body(file="/a.jar", conf={"spark.airflow.ctx.task.task_id": "renamed"})["conf"]
        self.assertEqual(own["spark.airflow.ctx.task.task_id"], "renamed")

    def test_precedence_is_properties_file_then_conf_then_parameters(self):
        with tempfile.NamedTemporaryFile("w", suffix=".conf", delete=False) as f:
            f.write("# defaults\nspark.a  file\nspark.b=file\nspark.driver.extraClassPath : /file.jar\n"
                    "not.spark = ignored\n")
        self.addCleanup(os.unlink, f.name)
        conf = body(file="/a.jar", properties_file=f.name, conf={"spark.b": "conf", "spark.deadline.by": "1h"},
                    driver_class_path="/param.jar", deadline="45m")["conf"]
        self.assertEqual(conf["spark.a"], "file")
        self.assertEqual(conf["spark.b"], "conf")
        self.assertEqual(conf["spark.driver.extraClassPath"], "/param.jar")
        self.assertEqual(conf["spark.deadline.by"], "45m")
        self.assertNotIn("not.spark", conf)

    def test_admission_is_fail_or_warn(self):
        with self.assertRaisesRegex(ValueError, "admission must be"):
            FakeOperator(task_id="t", file="/a.jar", admission="ignore")

    def test_livy_polling_interval_zero_means_do_not_wait_for_the_end(self):
        self.assertFalse(FakeOperator(task_id="t", file="/a.jar", polling_interval=0).wait_for_completion)
        waiting = FakeOperator(task_id="t", file="/a.jar", status_poll_interval=3)
        self.assertEqual((waiting.wait_for_completion, waiting.polling_interval), (True, 3.0))

    def test_parameters_without_meaning_for_a_gateway_are_reported(self):
        op = FakeOperator(task_id="t", file="/a.jar", spark_binary="spark3-submit", verbose=True, conn_id="spark_yarn")
        self.assertEqual(set(op._ignored), {"spark_binary", "verbose", "conn_id"})
        self.assertEqual(FakeOperator(task_id="t", file="/a.jar")._ignored, {})


class IdempotencyKeys(unittest.TestCase):

    def test_each_try_has_its_own_key_and_knows_the_earlier_ones(self):
        third = TaskAttempt("d", "t", "manual__2026-11-22T00:00:00+00:00", map_index=2, try_number=3)
        self.assertEqual(third.keys(), [f"airflow/d/t/manual__2026-11-22T00:00:00+00:00/2/try-{n}" for n in (1, 2, 3)])

    def test_keys_differ_between_task_instances(self):
        keys = {TaskAttempt("d", "t", "r", map_index=m).key(1) for m in (-1, 0, 1)}
        keys |= {TaskAttempt("d", "u", "r").key(1), TaskAttempt("e", "t", "r").key(1), TaskAttempt("d", "t", "s").key(1)}
        self.assertEqual(len(keys), 6)

    def test_ids_unsafe_in_a_header_are_hashed_stably(self):
        key = TaskAttempt("données", "t", "r").key(1)
        self.assertRegex(key, r"^airflow/sha256-[0-9a-f]{64}/try-1$")
        self.assertEqual(key, TaskAttempt("données", "t", "r").key(1))


class Connections(unittest.TestCase):

    def test_host_port_and_schema_make_the_url(self):
        client = client_from_connection(connection("c", "gateway.example", 9000, "tok", schema="https"))
        self.assertEqual(client.url, "https://gateway.example:9000")
        self.assertEqual(client_from_connection(connection("c", "gateway.example", None, "tok")).url,
                         "http://gateway.example:8998")  # Livy's port when none is given
        prefixed = client_from_connection(connection("c", "http://gw:1234/", None, "tok"), endpoint_prefix="/livy")
        self.assertEqual(prefixed.url, "http://gw:1234/livy")

    def test_the_token_is_the_password_or_the_extra(self):
        self.assertEqual(client_from_connection(connection("c", "gw", 1, None, extra={"token": "t"})).url,
                         "http://gw:1")
        with self.assertRaisesRegex(ValueError, "no team token"):
            client_from_connection(connection("c", "gw", 1, None))
        with self.assertRaisesRegex(ValueError, "no host"):
            client_from_connection(connection("c", "", 1, "tok"))

    def test_client_arguments_are_checked(self):
        with self.assertRaisesRegex(ValueError, "URL"):
            PunctualClient("gateway:8998", "tok")
        with self.assertRaisesRegex(ValueError, "no team token"):
            PunctualClient("http://gateway:8998", "  ")


if __name__ == "__main__":
    unittest.main()
