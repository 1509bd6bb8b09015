package io.punctual.sizing.rayon.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.sizing.Resources;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The run-length encoding agrees with a plain per-second array, and stays minimal. */
class StepFunctionPropertiesTest {

    private static final int SPAN = 60;

    record Change(long start, long end, long vcores, long memory) {
    }

    @Provide
    Arbitrary<List<Change>> changes() {
        return Combinators.combine(Arbitraries.longs().between(0, SPAN - 1), Arbitraries.longs().between(1, 20),
                Arbitraries.longs().between(0, 5), Arbitraries.longs().between(0, 5))
                .as((s, len, v, m) -> new Change(s, Math.min(SPAN, s + len), v, m)).list().ofMaxSize(30);
    }

    @Property(tries = 500)
    void addingThenRemovingHalfMatchesAnArrayModel(@ForAll("changes") List<Change> changes) {
        StepFunction f = new StepFunction();
        long[] vcores = new long[SPAN];
        long[] memory = new long[SPAN];
        for (Change c : changes) {
            f.add(c.start(), c.end(), Resources.of(c.vcores(), c.memory()));
            apply(vcores, memory, c, 1);
        }
        for (int i = 0; i < changes.size(); i += 2) {
            Change c = changes.get(i);
            f.subtract(c.start(), c.end(), Resources.of(c.vcores(), c.memory()));
            apply(vcores, memory, c, -1);
        }
        for (int t = -1; t <= SPAN; t++) {
            Resources expected = t < 0 || t >= SPAN ? Resources.ZERO : Resources.of(vcores[t], memory[t]);
            assertThat(f.valueAt(t)).as("at %s", t).isEqualTo(expected);
        }
        List<Segment> segments = f.segments(0, SPAN);
        assertThat(segments.get(0).start()).isZero();
        assertThat(segments.get(segments.size() - 1).end()).isEqualTo(SPAN);
        for (int i = 1; i < segments.size(); i++) {
            assertThat(segments.get(i).start()).isEqualTo(segments.get(i - 1).end());
            assertThat(segments.get(i).amount()).as("neighbours differ").isNotEqualTo(segments.get(i - 1).amount());
        }
    }

    @Property(tries = 200)
    void removingEverythingLeavesNoBreakpoints(@ForAll("changes") List<Change> changes) {
        StepFunction f = new StepFunction();
        changes.forEach(c -> f.add(c.start(), c.end(), Resources.of(c.vcores(), c.memory())));
        changes.forEach(c -> f.subtract(c.start(), c.end(), Resources.of(c.vcores(), c.memory())));

        assertThat(f.isZero()).isTrue();
        assertThat(f.breakpoints()).isZero();
    }

    @Property(tries = 100)
    void refusesToGoBelowZeroAndStaysUnchanged(@ForAll("changes") List<Change> changes) {
        StepFunction f = new StepFunction();
        changes.forEach(c -> f.add(c.start(), c.end(), Resources.of(c.vcores(), c.memory())));
        StepFunction before = f.copy();

        assertThatThrownBy(() -> f.subtract(5, SPAN - 5, Resources.of(1000, 0))).isInstanceOf(IllegalStateException.class);
        assertThat(f).as("a refused removal changes nothing").isEqualTo(before);
    }

    private static void apply(long[] vcores, long[] memory, Change c, int sign) {
        for (long t = c.start(); t < c.end(); t++) {
            vcores[(int) t] += sign * c.vcores();
            memory[(int) t] += sign * c.memory();
        }
    }
}
