package io.punctual.sizing.sizer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FirstApplicableSizerTest {

    private static final SizingRequest REQUEST = Requests.request(600, 0.9, 0.1, 1, Optional.empty(),
            new ParallelismEstimate(4, "test"), 10, 10);

    private static Sizer passing(String reason) {
        return request -> new SizingDecision.NotApplicable(reason, List.of(SizingTerm.of("seen", reason, "why")));
    }

    private static Sizer sizing(int executors) {
        return request -> new SizingDecision.Sized(executors, "fixed", Bound.DEADLINE, Duration.ofSeconds(60),
                Optional.empty(), Optional.empty(), List.of(SizingTerm.of("method", "fixed", "test")));
    }

    @Test
    void theFirstSizerThatAnswersDecidesAndTheEarlierReasonsComeFirst() {
        Sizer chain = new FirstApplicableSizer(List.of(passing("no history"), sizing(3), sizing(7)));

        SizingDecision.Sized sized = (SizingDecision.Sized) chain.size(REQUEST);

        assertThat(sized.executors()).isEqualTo(3);
        assertThat(sized.terms()).extracting(SizingTerm::name).containsExactly("skipped", "seen", "method");
        assertThat(sized.terms().get(0).meaning()).isEqualTo("no history");
    }

    @Test
    void anUnmeetableAnswerAlsoKeepsTheReasonsOfTheSizersBeforeIt() {
        Sizer unmeetable = request -> new SizingDecision.Unmeetable("too late", Bound.TEAM_CAP, Optional.empty(),
                List.of());
        Sizer chain = new FirstApplicableSizer(List.of(passing("user gave none"), unmeetable, sizing(2)));

        SizingDecision.Unmeetable decision = (SizingDecision.Unmeetable) chain.size(REQUEST);

        assertThat(decision.reason()).isEqualTo("too late");
        assertThat(decision.terms()).extracting(SizingTerm::meaning).contains("user gave none");
    }

    @Test
    void whenNoSizerAppliesTheLastReasonIsReturned() {
        Sizer chain = new FirstApplicableSizer(List.of(passing("first"), passing("second")));

        assertThat(((SizingDecision.NotApplicable) chain.size(REQUEST)).reason()).isEqualTo("second");
    }

    @Test
    void anEmptyChainIsRefused() {
        assertThatThrownBy(() -> new FirstApplicableSizer(List.of())).hasMessageContaining("at least one sizer");
    }
}
