package io.punctual.workloads.puma;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PumaMainTest {

    @Test
    void argumentsAreInputOutputAndOptionalPartitions() {
        assertThat(PumaMain.Arguments.parse("puma/grep", new String[] {"in", "out"}))
                .isEqualTo(new PumaMain.Arguments("in", "out", 0));
        assertThat(PumaMain.Arguments.parse("puma/grep", new String[] {"in", "out", "12"}))
                .isEqualTo(new PumaMain.Arguments("in", "out", 12));
    }

    @Test
    void badArgumentsShowTheUsageAndWhatIsWrong() {
        assertThatThrownBy(() -> PumaMain.Arguments.parse("puma/grep", new String[] {"in"}))
                .hasMessage("usage: puma/grep <input> <output> [<partitions>] (got 1 arguments)");
        assertThatThrownBy(() -> PumaMain.Arguments.parse("puma/grep", new String[] {"in", "out", "many"}))
                .hasMessageContaining("usage: puma/grep").hasMessageContaining("above 0, got 'many'");
        assertThatThrownBy(() -> PumaMain.Arguments.parse("puma/grep", new String[] {"in", "out", "0"}))
                .hasMessageContaining("got '0'");
    }
}
