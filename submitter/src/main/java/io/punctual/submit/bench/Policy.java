package io.punctual.submit.bench;

import io.punctual.submit.request.InvalidRequest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How the benchmark runs a job (issue 9): what teams do today, and Punctual with and without its reservation. Each
 * policy gets the same arrivals, deadlines and contention.
 */
public enum Policy {

    /** Today's practice: the team's fixed executor count, best-effort in its own queue. */
    STATIC("static"),
    /** Spark's dynamic allocation (with shuffle tracking, as there is no external shuffle service), best-effort. */
    DYNAMIC("dynamic"),
    /** The full path: a deadline, Punctual's sizing, admission and reservation. */
    PUNCTUAL("punctual"),
    /** Punctual's sizing (a dry run), then a best-effort run at that count: what the reservation adds. */
    PUNCTUAL_NORESERVE("punctual-noreserve");

    private final String label;

    Policy(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** Whether the policy asks Punctual, which may refuse a job up front. */
    public boolean asksPunctual() {
        return this == PUNCTUAL || this == PUNCTUAL_NORESERVE;
    }

    public static Policy of(String label) {
        String wanted = label.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(p -> p.label.equals(wanted)).findFirst()
                .orElseThrow(() -> new InvalidRequest("unknown policy '" + label.trim() + "'; the policies are "
                        + known()));
    }

    /** A comma-separated list, in the order given, each once. */
    public static List<Policy> list(String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidRequest("--policies is empty; name some of " + known());
        }
        List<Policy> policies = new ArrayList<>();
        for (String name : text.split(",")) {
            Policy policy = of(name);
            if (policies.contains(policy)) {
                throw new InvalidRequest("--policies names " + policy.label + " twice");
            }
            policies.add(policy);
        }
        return List.copyOf(policies);
    }

    public static String known() {
        return Arrays.stream(values()).map(Policy::label).collect(Collectors.joining(", "));
    }
}
