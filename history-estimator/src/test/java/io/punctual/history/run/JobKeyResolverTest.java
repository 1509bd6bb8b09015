package io.punctual.history.run;

import io.punctual.sizing.JobKey;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JobKeyResolverTest {

    private static final String SUBMIT = "org.apache.spark.deploy.SparkSubmit --master yarn --class com.acme.Daily app.jar";

    @Test
    void anExplicitKeyWinsOverEverything() {
        Map<String, String> props = Map.of("spark.deadline.jobKey", "daily-report", "spark.deadline.team", "analytics",
                "spark.airflow.ctx.dag.dag_id", "dag", "spark.airflow.ctx.task.task_id", "task", "spark.yarn.queue", "etl");
        assertThat(JobKeyResolver.resolve(props, "app", "bob", SUBMIT)).isEqualTo(new JobKey("analytics", "daily-report"));
    }

    @Test
    void theAirflowTaskNamesTheJobWhenThereIsNoExplicitKey() {
        assertThat(JobKeyResolver.resolve(Map.of("spark.airflow.ctx.dag.dag_id", "sales", "spark.airflow.ctx.task.task_id",
                "aggregate", "spark.yarn.queue", "etl"), "app", "bob", SUBMIT)).isEqualTo(new JobKey("etl", "airflow:sales.aggregate"));
        // Airflow's own context names, without Spark's prefix, are read too
        assertThat(JobKeyResolver.resolve(Map.of("airflow.ctx.dag_id", "sales", "airflow.ctx.task_id", "aggregate"),
                "app", "bob", SUBMIT).name()).isEqualTo("airflow:sales.aggregate");
    }

    @Test
    void otherwiseTheAppNameAndMainClassInTheUsersTeam() {
        assertThat(JobKeyResolver.resolve(Map.of(), "Daily", "bob", SUBMIT)).isEqualTo(new JobKey("bob", "Daily@com.acme.Daily"));
        // the default queue says nothing about the team: the user does
        assertThat(JobKeyResolver.resolve(Map.of("spark.yarn.queue", "default"), "Daily", "bob", SUBMIT).team()).isEqualTo("bob");
        assertThat(JobKeyResolver.resolve(Map.of(), "Daily", "", null)).isEqualTo(new JobKey("default", "Daily"));
    }

    @Test
    void mainClassesFromTheDriversCommandLine() {
        assertThat(JobKeyResolver.mainClass("org.apache.spark.deploy.yarn.ApplicationMaster --class "
                + "org.apache.spark.deploy.PythonRunner --primary-py-file pi.py --arg 100")).isEqualTo("pi.py");
        assertThat(JobKeyResolver.mainClass("org.apache.spark.deploy.SparkSubmit --master yarn "
                + "hdfs:///jobs/etl/daily.py 2024-01-01")).isEqualTo("daily.py");
        assertThat(JobKeyResolver.mainClass("com.acme.EmbeddedDriver --flag")).isEqualTo("com.acme.EmbeddedDriver");
        assertThat(JobKeyResolver.mainClass("org.apache.spark.deploy.SparkSubmit --master yarn app.jar")).isEmpty();
    }

    @Test
    void teamsCannotContainTheSeparator() {
        assertThat(JobKeyResolver.resolve(Map.of("spark.deadline.team", "a/b"), "x", "u", null).team()).isEqualTo("a-b");
        assertThatThrownBy(() -> JobKey.parse("no-slash")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("team/name");
        assertThat(JobKey.parse("etl/airflow:sales.aggregate/v2")).isEqualTo(new JobKey("etl", "airflow:sales.aggregate/v2"));
    }
}
