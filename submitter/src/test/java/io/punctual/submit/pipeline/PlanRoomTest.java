package io.punctual.submit.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.JobKey;
import io.punctual.sizing.Resources;
import io.punctual.sizing.sizer.Bound;
import io.punctual.sizing.sizer.ParallelismEstimate;
import io.punctual.sizing.sizer.SizingDecision;
import io.punctual.sizing.sizer.SizingRequest;
import io.punctual.submit.launch.ContainerShapes;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PlanRoomTest {

    private static final Instant T0 = Instant.parse("2026-11-28T10:00:00Z");
    private static final SizingRequest REQUEST = new SizingRequest(new JobKey("t", "wide"), T0, T0,
            T0.plusSeconds(40), 0.9, 0.1, Resources.of(1, 1536), 1, Optional.empty(),
            new ParallelismEstimate(2_000, "input splits"), 400, 320, Optional.empty());
    private static final ContainerShapes ONE = new ContainerShapes(Resources.of(1, 1536), Resources.of(1, 1536), 1);

    private static SizingDecision.Sized width(int executors, Optional<Instant> thetaFinish) {
        return new SizingDecision.Sized(executors, "width", Bound.CLUSTER_CAPACITY, Duration.ofSeconds(40),
                Optional.empty(), thetaFinish, List.of());
    }

    @Test
    void aLastResortGangLargerThanThePlanHasFreeIsSizedAgainWithTheRoomAsItsLimit() {
        List<Integer> limits = new ArrayList<>();
        Decision asked = new Decision(REQUEST, ONE, width(319, Optional.empty()));

        Decision narrowed = PlanRoom.narrowed(asked, () -> 101L, limit -> {
            limits.add(limit);
            return width(limit, Optional.empty());
        });

        // 101 free containers: the ApplicationMaster's and 100 executors
        assertThat(limits).containsExactly(100);
        assertThat(narrowed.sized()).hasValueSatisfying(sized -> {
            assertThat(sized.executors()).isEqualTo(100);
            assertThat(sized.terms()).anyMatch(term -> term.name().equals("plan room") && term.value().equals("100"));
        });
    }

    @Test
    void aSizingThatClaimsItsConfidenceIsLeftToWaitForRoom() {
        Decision claimed = new Decision(REQUEST, ONE, width(319, Optional.of(T0.plusSeconds(35))));

        Decision after = PlanRoom.narrowed(claimed, () -> {
            throw new AssertionError("the plan is not read for a sizing that claims θ");
        }, limit -> {
            throw new AssertionError("not sized again");
        });

        assertThat(after).isSameAs(claimed);
    }

    @Test
    void whenTheSizerWouldRefuseTheJobAtTheRoomItKeepsItsSizeAndWaits() {
        Decision asked = new Decision(REQUEST, ONE, width(319, Optional.empty()));
        SizingDecision refused = new SizingDecision.Unmeetable("even 100 executors miss", Bound.CLUSTER_CAPACITY,
                Optional.empty(), List.of());

        assertThat(PlanRoom.narrowed(asked, () -> 101L, limit -> refused)).isSameAs(asked);
    }

    @Test
    void aGangThatFitsOrAPlanWithNoRoomForOneExecutorChangesNothing() {
        Decision asked = new Decision(REQUEST, ONE, width(10, Optional.empty()));

        assertThat(PlanRoom.narrowed(asked, () -> 11L, limit -> {
            throw new AssertionError("it fits as it is");
        })).isSameAs(asked);
        assertThat(PlanRoom.narrowed(asked, () -> 1L, limit -> {
            throw new AssertionError("only the master's container is free");
        })).isSameAs(asked);
    }
}
