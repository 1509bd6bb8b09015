package io.punctual.submit.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.submit.request.InvalidRequest;
import java.util.List;
import org.junit.jupiter.api.Test;

class BenchDeadlineMixTest {

    @Test
    void aMixIsReadAsFactorsWithTheirShares() {
        DeadlineMix mix = DeadlineMix.parse(" 1x:0.3, 2x:0.4 ,4X:0.3");

        assertThat(mix.shares()).containsExactly(new DeadlineMix.Share(1, 0.3), new DeadlineMix.Share(2, 0.4),
                new DeadlineMix.Share(4, 0.3));
        assertThat(DeadlineMix.parse(mix.toString())).isEqualTo(mix);
        assertThat(DeadlineMix.parse("1.5x:1").shares()).containsExactly(new DeadlineMix.Share(1.5, 1));
    }

    @Test
    void aWrongMixNamesTheEntryAndShowsTheForm() {
        for (String bad : List.of("1x-0.3", "2:0.5,4x:0.5", "x:1", "")) {
            assertThatThrownBy(() -> DeadlineMix.parse(bad)).isInstanceOf(InvalidRequest.class)
                    .hasMessageContaining("<factor>x:<share>");
        }
        assertThatThrownBy(() -> DeadlineMix.parse("1x:0.3,2x:0.3")).hasMessageContaining("add up to 0.600, not 1");
        assertThatThrownBy(() -> DeadlineMix.parse("2x:0.5,2x:0.5")).hasMessageContaining("names 2x twice");
        assertThatThrownBy(() -> DeadlineMix.parse("0x:1")).hasMessageContaining("'0x:1' needs a factor and a share");
    }
}
