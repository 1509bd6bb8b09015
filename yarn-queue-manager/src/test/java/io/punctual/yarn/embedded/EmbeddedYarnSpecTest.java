package io.punctual.yarn.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class EmbeddedYarnSpecTest {

    private final EmbeddedYarnSpec defaults = EmbeddedYarnSpec.defaults();

    @Test
    void aClusterAsLargeAsTheHostSpreadsItsVcoresEvenlyAndKeepsItsMemory() {
        EmbeddedYarnSpec two = defaults.withVcores(2);
        assertThat(two.nodeManagers()).isEqualTo(2);
        assertThat(two.nodeVcores()).isEqualTo(1);
        assertThat(two.nodeMemoryMb()).isEqualTo(8192);

        EmbeddedYarnSpec three = defaults.withVcores(3);
        assertThat(three.nodeManagers()).isEqualTo(1);
        assertThat(three.nodeVcores()).isEqualTo(3);
        assertThat(three.nodeMemoryMb()).isEqualTo(16384);

        EmbeddedYarnSpec one = defaults.withVcores(1);
        assertThat(one.totalVcores()).isEqualTo(1);
        assertThat((long) one.nodeManagers() * one.nodeMemoryMb()).isEqualTo(16384);
        assertThat(defaults.withVcores(16)).isEqualTo(defaults);
        assertThatThrownBy(() -> defaults.withVcores(0)).hasMessageContaining("at least 1 vcore");
    }

    @Test
    void thePlanQueuesShareAndCeilingReachTheScheduler() {
        Configuration cs = EmbeddedConfiguration.scheduler(defaults.withPlanShare(40, 40));
        assertThat(cs.get("yarn.scheduler.capacity.root.sla.capacity")).isEqualTo("40");
        assertThat(cs.get("yarn.scheduler.capacity.root.sla.maximum-capacity")).isEqualTo("40");
        assertThat(cs.get("yarn.scheduler.capacity.root.adhoc.capacity")).isEqualTo("60");
        assertThat(EmbeddedConfiguration.scheduler(defaults).get("yarn.scheduler.capacity.root.sla.maximum-capacity"))
                .isEqualTo("100");
    }

    @Test
    void aCeilingBelowTheShareIsRefused() {
        assertThatThrownBy(() -> defaults.withPlanShare(40, 30)).hasMessageContaining("at least its share");
        assertThatThrownBy(() -> defaults.withPlanShare(40, 101)).hasMessageContaining("40..100 percent");
    }
}
