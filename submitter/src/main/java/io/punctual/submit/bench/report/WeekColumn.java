package io.punctual.submit.bench.report;

import java.util.List;
import java.util.Optional;

/**
 * One point of the week-over-week charts: a week's per-policy summaries, from this report's rows or from an earlier
 * report directory.
 */
public record WeekColumn(String label, List<PolicySummary> policies) {

    public WeekColumn {
        policies = List.copyOf(policies);
    }

    public Optional<PolicySummary> of(String policy) {
        return policies.stream().filter(p -> p.policy().equals(policy)).findFirst();
    }
}
