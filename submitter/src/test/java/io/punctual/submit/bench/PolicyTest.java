package io.punctual.submit.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.submit.request.InvalidRequest;
import java.util.List;
import org.junit.jupiter.api.Test;

class PolicyTest {

    @Test
    void staticRunsAtEveryCountNamedAndKeepsItsLabel() {
        List<Policy> policies = Policy.list("static:1, static:2,static:4,dynamic,punctual");

        assertThat(policies).extracting(Policy::label)
                .containsExactly("static:1", "static:2", "static:4", "dynamic", "punctual");
        assertThat(policies.get(1).executors()).hasValue(2);
        assertThat(Policy.of("static")).isEqualTo(Policy.STATIC);
        assertThat(Policy.STATIC.executors()).isEmpty();
        assertThat(Policy.of("punctual").asksPunctual()).isTrue();
        assertThat(Policy.of("static:3").asksPunctual()).isFalse();
    }

    @Test
    void aCountBelowOneAnUnknownPolicyOrTheSameTwiceIsRefusedBeforeAnythingStarts() {
        assertThatThrownBy(() -> Policy.of("static:0")).isInstanceOf(InvalidRequest.class)
                .hasMessageContaining("at least 1");
        assertThatThrownBy(() -> Policy.of("static:two")).hasMessageContaining("static:2");
        assertThatThrownBy(() -> Policy.of("dynamic:2")).hasMessageContaining("unknown policy 'dynamic:2'")
                .hasMessageContaining("static:N");
        assertThatThrownBy(() -> Policy.list("static:2,static:2")).hasMessageContaining("names static:2 twice");
    }

    @Test
    void punctualAtAConfidenceKeepsItsLabelAndConfidencesReplacePlainPunctualInPlace() {
        Policy p = Policy.of("punctual@0.80");
        assertThat(p.label()).isEqualTo("punctual@0.8");
        assertThat(p.confidence()).hasValue(0.8);
        assertThat(p.asksPunctual()).isTrue();
        assertThat(Policy.atConfidences(Policy.list("static:1,punctual,dynamic"), List.of(0.5, 0.95)))
                .extracting(Policy::label).containsExactly("static:1", "punctual@0.5", "punctual@0.95", "dynamic");
        assertThat(Policy.atConfidences(Policy.list("static:1"), List.of(0.9))).extracting(Policy::label)
                .containsExactly("static:1", "punctual@0.9");
    }

    @Test
    void aConfidenceOutsideZeroToOneOrOnAnotherPolicyIsRefused() {
        assertThatThrownBy(() -> Policy.of("punctual@1")).isInstanceOf(InvalidRequest.class)
                .hasMessageContaining("above 0 and below 1");
        assertThatThrownBy(() -> Policy.of("punctual@high")).hasMessageContaining("e.g. punctual@0.9");
        assertThatThrownBy(() -> Policy.of("static@0.9")).hasMessageContaining("unknown policy 'static@0.9'");
        assertThatThrownBy(() -> Policy.atConfidences(Policy.list("punctual@0.9"), List.of(0.9)))
                .hasMessageContaining("names punctual@0.9 twice");
    }
}
