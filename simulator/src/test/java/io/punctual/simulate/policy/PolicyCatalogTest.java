package io.punctual.simulate.policy;

import io.punctual.simulate.cluster.ClusterSpec;
import io.punctual.simulate.engine.Policy;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PolicyCatalogTest {

    private final PolicyContext context = new PolicyContext(List.of(), new ClusterSpec(1, 4, 8192, 2048),
            PolicyContext.Settings.DEFAULTS, "");

    @Test
    void namesMapToTheirPoliciesAndAnAddedPolicyGetsItsArgument() {
        PolicyCatalog catalog = PolicyCatalog.builtIn();
        assertThat(catalog.create("reactive-fs", context).name()).isEqualTo("reactive-fs");
        String[] seen = new String[1];
        catalog.with("mine", c -> {
            seen[0] = c.argument();
            return FairShare.baseline();
        });
        Policy mine = catalog.create("mine:strict", context);
        assertThat(mine.name()).isEqualTo("mine:strict");
        assertThat(seen[0]).isEqualTo("strict");
    }

    @Test
    void unknownAndNotYetSimulatedPoliciesAreClearErrors() {
        PolicyCatalog catalog = PolicyCatalog.builtIn();
        assertThatThrownBy(() -> catalog.check(List.of("justice", "fifo"))).hasMessageContaining("unknown policy 'fifo'")
                .hasMessageContaining("oracle");
        assertThatThrownBy(() -> catalog.check(List.of("gree-l"))).hasMessageContaining("--trace reservations:");
        assertThatThrownBy(() -> catalog.check(List.of("yarn-aligned"))).hasMessageContaining("RayonSideBySide");
        assertThatThrownBy(() -> catalog.check(List.of("bopf"))).hasMessageContaining("--trace bursts:");
        assertThatThrownBy(() -> catalog.check(List.of())).hasMessageContaining("at least one policy");
    }
}
