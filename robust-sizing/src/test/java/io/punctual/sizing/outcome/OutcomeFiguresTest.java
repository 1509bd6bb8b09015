package io.punctual.sizing.outcome;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class OutcomeFiguresTest {

    @Test
    void refusingDoesNotRaiseTheShareOfDeadlinesMet() {
        // 25 jobs: 18 admitted of which 15 met; refusing 7 more instead of admitting them cannot lift sdrAll.
        OutcomeFigures some = new OutcomeFigures(25, 15, 18, 3, 900);
        OutcomeFigures refusing = new OutcomeFigures(25, 15, 15, 0, 750);

        assertThat(some.sdrAll()).isEqualTo(0.6);
        assertThat(refusing.sdrAll()).isEqualTo(some.sdrAll());
        assertThat(some.unannouncedMissRate()).isCloseTo(3 / 18.0, within(1e-12));
        assertThat(some.executorSecondsPerMet()).isEqualTo(60.0);
    }

    @Test
    void theUpperBoundWithNoMissIsTheClosedFormAndShrinksWithTheSample() {
        // Clopper-Pearson with no miss in n: 1 - 0.05^(1/n), which 18 jobs leave at 15% and 300 near 1% (rule of three).
        assertThat(new OutcomeFigures(18, 18, 18, 0, 1).unannouncedMissRateUpper95())
                .isCloseTo(1 - Math.pow(0.05, 1 / 18.0), within(1e-9)).isGreaterThan(0.15);
        assertThat(new OutcomeFigures(300, 300, 300, 0, 1).unannouncedMissRateUpper95())
                .isCloseTo(1 - Math.pow(0.05, 1 / 300.0), within(1e-9)).isLessThan(0.01);
    }

    @Test
    void theUpperBoundIsAboveTheRateAndOneWhenNothingIsKnown() {
        OutcomeFigures three = new OutcomeFigures(18, 15, 18, 3, 1);

        assertThat(three.unannouncedMissRateUpper95()).isGreaterThan(three.unannouncedMissRate()).isLessThan(0.5);
        assertThat(new OutcomeFigures(5, 0, 0, 0, 0).unannouncedMissRateUpper95()).isEqualTo(1.0);
        assertThat(new OutcomeFigures(5, 0, 5, 5, 10).unannouncedMissRateUpper95()).isEqualTo(1.0);
        assertThat(new OutcomeFigures(5, 0, 5, 5, 10).executorSecondsPerMet()).isInfinite();
    }

    @Test
    void inconsistentCountsAreRefused() {
        assertThatThrownBy(() -> new OutcomeFigures(10, 8, 7, 0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new OutcomeFigures(10, 5, 7, 3, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
