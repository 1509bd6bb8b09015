package io.punctual.simulate.cluster;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ClusterSpecTest {

    @Test
    void aNodeHoldsAsManyContainersAsItsScarcerResourceAllows() {
        assertThat(ClusterSpec.of(10, "16,65536").cpus()).isEqualTo(160);
        assertThat(ClusterSpec.of(10, "16,8192").cpus()).isEqualTo(40);
    }

    @Test
    void zeroNodesOrAMalformedNodeIsAClearError() {
        assertThatThrownBy(() -> ClusterSpec.of(0, "16,65536")).hasMessageContaining("at least one node");
        assertThatThrownBy(() -> ClusterSpec.of(3, "16")).hasMessageContaining("<vcores>,<memoryMb>");
        assertThatThrownBy(() -> ClusterSpec.of(3, "16,lots")).hasMessageContaining("whole numbers");
        assertThatThrownBy(() -> ClusterSpec.of(3, "16,1024")).hasMessageContaining("cannot hold one container");
    }
}
