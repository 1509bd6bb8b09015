package io.punctual.submit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tests' real event logs come from spark-core's test jar; one that is not there is named with its artifact. */
class SparkEventLogTest {

    @TempDir
    Path tmp;

    @Test
    void aLogOfSparksTestJarIsCopiedUnderItsOwnName() throws Exception {
        Path copy = SparkEventLog.copy("application_1516285256255_0012", tmp.resolve("logs"));

        assertThat(copy).isEqualTo(tmp.resolve("logs/application_1516285256255_0012"));
        assertThat(Files.readAllLines(copy)).anyMatch(line -> line.contains("SparkListenerApplicationStart"));
    }

    @Test
    void aLogThatIsNotThereNamesTheArtifactItWouldComeFrom() {
        assertThatThrownBy(() -> SparkEventLog.copy("application_0_0", tmp))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("spark-events/application_0_0 is not on the test classpath")
                .hasMessageContaining("org.apache.spark:spark-core_2.13:<spark.version>:tests");
        assertThat(tmp.resolve("application_0_0")).doesNotExist();
    }
}
