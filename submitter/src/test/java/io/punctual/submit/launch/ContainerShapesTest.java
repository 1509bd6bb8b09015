package io.punctual.submit.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.sizing.Resources;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ContainerShapesTest {

    private static final Resources EMBEDDED_MIN = Resources.of(1, 256);
    private static final Resources YARN_MIN = Resources.of(1, 1024);

    @Test
    void defaultsAreOneGigabytePlusTheMinimumOverheadRoundedToTheSchedulersStep() {
        // 1024 MiB heap + max(384, 0.10 x 1024 = 102) = 1408 MiB, rounded up to a multiple of 256 = 1536.
        var shapes = ContainerShapes.of(Map.of(), true, 2, EMBEDDED_MIN);
        assertThat(shapes.executor()).isEqualTo(Resources.of(1, 1536));
        assertThat(shapes.master()).isEqualTo(Resources.of(1, 1536));
        assertThat(shapes.total()).isEqualTo(Resources.of(3, 4608));
    }

    @Test
    void largeHeapsPayTenPercentOverhead() {
        // 4096 + 0.10 x 4096 = 409 -> 4505 MiB; a multiple of 1024 above it is 5120.
        var shapes = ContainerShapes.of(Map.of("spark.executor.memory", "4g", "spark.executor.cores", "3"), true, 5,
                YARN_MIN);
        assertThat(shapes.executor()).isEqualTo(Resources.of(3, 5120));
        assertThat(shapes.executors()).isEqualTo(5);
    }

    @Test
    void explicitOverheadPysparkAndOffHeapMemoryAreAdded() {
        // 2048 + 512 (explicit overhead) + 300 (pyspark) + 1024 (off-heap) = 3884 -> 16 x 256 = 4096.
        var shapes = ContainerShapes.of(Map.of("spark.executor.memory", "2048", "spark.executor.memoryOverhead", "512m",
                "spark.executor.pyspark.memory", "300m", "spark.memory.offHeap.enabled", "true",
                "spark.memory.offHeap.size", "1g"), true, 1, EMBEDDED_MIN);
        assertThat(shapes.executor().memoryMb()).isEqualTo(4096);
    }

    @Test
    void inClientModeTheApplicationMasterIsSmall() {
        // spark.yarn.am.memory 512 + 384 overhead = 896 -> 1024 at a 256 step.
        var shapes = ContainerShapes.of(Map.of("spark.driver.memory", "8g"), false, 1, EMBEDDED_MIN);
        assertThat(shapes.master()).isEqualTo(Resources.of(1, 1024));
    }

    @Test
    void unreadableMemoryNamesTheSetting() {
        assertThatThrownBy(() -> ContainerShapes.of(Map.of("spark.executor.memory", "lots"), true, 1, YARN_MIN))
                .hasMessageContaining("spark.executor.memory").hasMessageContaining("lots");
    }
}
