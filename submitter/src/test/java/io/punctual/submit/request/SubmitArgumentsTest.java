package io.punctual.submit.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class SubmitArgumentsTest {

    @Test
    void optionsPassThroughInOrderAndTheApplicationKeepsItsArguments() {
        var args = SubmitArguments.parse(List.of("--class", "com.x.Main", "--jars", "a.jar,b.jar", "--verbose",
                "--executor-memory", "2g", "--conf", "spark.sql.shuffle.partitions=64", "app.jar", "--input", "in",
                "--conf", "not-for-spark"));

        assertThat(args.sparkOptions()).containsExactly(SparkOption.of("--class", "com.x.Main"),
                SparkOption.of("--jars", "a.jar,b.jar"), SparkOption.flag("--verbose"),
                SparkOption.of("--executor-memory", "2g"));
        assertThat(args.conf()).containsEntry("spark.sql.shuffle.partitions", "64");
        assertThat(args.primaryResource()).isEqualTo("app.jar");
        assertThat(args.appArgs()).containsExactly("--input", "in", "--conf", "not-for-spark");
    }

    @Test
    void theLastConfOfAKeyWinsAndEqualsFormsWork() {
        var args = SubmitArguments.parse(List.of("-c", "spark.a=1", "--conf=spark.a=2", "--name=nightly",
                "--conf", "spark.b=x=y", "app.jar"));

        assertThat(args.conf()).containsEntry("spark.a", "2").containsEntry("spark.b", "x=y");
        assertThat(args.option("--name")).contains("nightly");
    }

    @Test
    void punctualsFlagsAreSugarForDeadlineConfKeys() {
        var args = SubmitArguments.parse(List.of("--deadline", "45m", "--confidence", "0.9", "--job-key", "daily",
                "--team", "finance", "--embedded", "app.jar"));

        assertThat(args.conf()).containsEntry("spark.deadline.by", "45m").containsEntry("spark.deadline.confidence", "0.9")
                .containsEntry("spark.deadline.jobKey", "daily").containsEntry("spark.deadline.team", "finance");
        assertThat(args.embedded()).isTrue();
        assertThat(args.sparkOptions()).isEmpty();
    }

    @Test
    void unknownOptionsAreRefusedWithWhatToDo() {
        assertThatThrownBy(() -> SubmitArguments.parse(List.of("--executor-memroy", "2g", "app.jar")))
                .isInstanceOf(InvalidRequest.class).hasMessageContaining("unknown option --executor-memroy")
                .hasMessageContaining("punctual submit --help");
    }

    @Test
    void anOptionWithoutItsValueIsRefused() {
        assertThatThrownBy(() -> SubmitArguments.parse(List.of("--class")))
                .isInstanceOf(InvalidRequest.class).hasMessageContaining("--class needs a value");
        assertThatThrownBy(() -> SubmitArguments.parse(List.of("--conf", "novalue", "app.jar")))
                .isInstanceOf(InvalidRequest.class).hasMessageContaining("key=value");
    }

    @Test
    void everySparkSubmitOptionIsKnown() {
        for (String option : SubmitArguments.WITH_VALUE) {
            var args = SubmitArguments.parse(List.of(option, "k=v", "app.jar"));
            assertThat(args.primaryResource()).as(option).isEqualTo("app.jar");
        }
        for (String option : SubmitArguments.SWITCHES) {
            assertThat(SubmitArguments.parse(List.of(option, "app.jar")).has(option)).as(option).isTrue();
        }
    }
}
