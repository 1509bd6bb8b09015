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
}
