package io.punctual.simulate.engine;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class SharingTest {

    @Test
    void waterFillingGivesSmallDemandsAllTheyAskAndSplitsTheRestEqually() {
        Sharing sharing = new Sharing();
        sharing.add(7, 1);
        sharing.add(3, 3);
        sharing.add(9, 100);
        sharing.allocate(10);
        assertThat(sharing.allocationOf(7)).isEqualTo(1);
        assertThat(sharing.allocationOf(3)).isEqualTo(3);
        assertThat(sharing.allocationOf(9)).isEqualTo(6);
        assertThat(sharing.allocated()).isEqualTo(10);
    }

    @Test
    void tooLittleForEveryoneIsSharedEquallyAndNothingIsLostOnRemoval() {
        Sharing sharing = new Sharing();
        for (int job = 0; job < 4; job++) {
            sharing.add(job, 10);
        }
        sharing.allocate(6);
        assertThat(sharing.allocationOf(2)).isCloseTo(1.5, within(1e-12));
        sharing.remove(1);
        sharing.allocate(6);
        assertThat(sharing.members()).containsExactlyInAnyOrder(0, 2, 3);
        assertThat(sharing.allocationOf(3)).isCloseTo(2.0, within(1e-12));
        sharing.allocate(1000);
        assertThat(sharing.allocated()).isEqualTo(30);
    }
}
