package io.punctual.submit.request;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class IgnoredInputsTest {

    @Test
    void whatSparkSubmitIgnoresOnYarnIsDroppedWithAWarningAndTheRestKeptInOrder() {
        var args = SubmitArguments.parse(List.of("--class", "com.x.Main", "--supervise", "--total-executor-cores", "8",
                "--conf", "spark.a=1", "--conf", "livy.rsc.jars=x", "--conf", "spark.deadline.by=45m",
                "--executor-memory", "2g", "app.jar", "--supervise"));

        IgnoredInputs.Kept kept = IgnoredInputs.drop(args);

        assertThat(kept.args().sparkOptions()).containsExactly(SparkOption.of("--class", "com.x.Main"),
                SparkOption.of("--executor-memory", "2g"));
        assertThat(kept.args().conf()).containsExactly(java.util.Map.entry("spark.a", "1"),
                java.util.Map.entry("spark.deadline.by", "45m"));
        assertThat(kept.args().appArgs()).containsExactly("--supervise");
        assertThat(kept.warnings()).containsExactly(
                "Warning: ignoring --supervise, which applies to Spark standalone and Mesos only, not to YARN",
                "Warning: ignoring --total-executor-cores, which applies to Spark standalone and Mesos only, not to YARN",
                "Warning: ignoring non-Spark config property: livy.rsc.jars");
    }

    @Test
    void nothingToDropMeansNoWarnings() {
        var args = SubmitArguments.parse(List.of("--conf", "spark.a=1", "app.jar"));

        assertThat(IgnoredInputs.drop(args).warnings()).isEmpty();
        assertThat(IgnoredInputs.drop(args).args()).isEqualTo(args);
    }
}
