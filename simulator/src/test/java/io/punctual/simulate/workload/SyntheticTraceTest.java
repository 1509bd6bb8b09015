package io.punctual.simulate.workload;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SyntheticTraceTest {

    @Test
    void theSameSeedGivesTheSameJobsAndAnotherSeedOthers() {
        SyntheticTrace spec = SyntheticTrace.parse("jobs=200,span=3600,keys=4,recurring=0.5");
        assertThat(spec.generate(7)).isEqualTo(spec.generate(7)).isNotEqualTo(spec.generate(8));
    }

    @Test
    void recurringJobsShareTheirKeysAndArriveWithinTheSpanInOrder() {
        List<TraceJob> jobs = SyntheticTrace.parse("jobs=1000,span=1000,keys=3,recurring=1").generate(1);
        assertThat(jobs).extracting(TraceJob::key).containsOnly("recurring0", "recurring1", "recurring2");
        assertThat(jobs).extracting(TraceJob::submitSeconds).isSorted();
        assertThat(jobs.get(jobs.size() - 1).submitSeconds()).isBetween(800.0, 1200.0);
        List<TraceJob> adHoc = SyntheticTrace.parse("jobs=50,recurring=0").generate(1);
        assertThat(adHoc).allSatisfy(job -> assertThat(job.key()).isEqualTo(job.id()));
    }

    @Test
    void aBadSpecSaysWhatASpecLooksLike() {
        assertThatThrownBy(() -> SyntheticTrace.parse("jobs=0")).isInstanceOf(TraceException.class)
                .hasMessageContaining("jobs ≥ 1");
        assertThatThrownBy(() -> SyntheticTrace.parse("span=10")).hasMessageContaining("needs jobs=N");
        assertThatThrownBy(() -> SyntheticTrace.parse("jobs=10,nodes=3")).hasMessageContaining("unknown")
                .hasMessageContaining("synthetic:jobs=N");
        assertThatThrownBy(() -> SyntheticTrace.parse("jobs=ten")).hasMessageContaining("not a number");
        assertThatThrownBy(() -> SyntheticTrace.parse("jobs=10,recurring=2")).hasMessageContaining("recurring and grow in");
    }

    @Test
    void growingKeysDoubleTheirInputFromHalfwayOnAndNothingElseChanges() {
        List<TraceJob> plain = SyntheticTrace.parse("jobs=2000,span=1000,keys=8,recurring=0.7").generate(3);
        List<TraceJob> grown = SyntheticTrace.parse("jobs=2000,span=1000,keys=8,recurring=0.7,grow=0.25")
                .generate(3);

        assertThat(grown).hasSameSizeAs(plain);
        int doubled = 0;
        for (int i = 0; i < plain.size(); i++) {
            TraceJob before = plain.get(i);
            TraceJob after = grown.get(i);
            assertThat(after.id()).isEqualTo(before.id());
            assertThat(after.submitSeconds()).isEqualTo(before.submitSeconds());
            boolean grows = (before.key().equals("recurring0") || before.key().equals("recurring1"))
                    && before.submitSeconds() > 500;
            // ceil(0.25 × 8) = 2 keys grow; a byte may be lost to rounding when doubling.
            assertThat(after.inputBytes()).as(before.toString())
                    .isCloseTo(grows ? 2 * before.inputBytes() : before.inputBytes(),
                            org.assertj.core.data.Offset.offset(1L));
            doubled += grows ? 1 : 0;
        }
        assertThat(doubled).isGreaterThan(100);
        assertThatThrownBy(() -> SyntheticTrace.parse("jobs=10,grow=1.5")).hasMessageContaining("recurring and grow in");
    }
}
