package io.punctual.submit.bench;

import io.punctual.submit.request.InvalidRequest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * How the benchmark runs a job (issue 9): what teams do today, and Punctual with and without its reservation. Each
 * policy gets the same arrivals, deadlines and contention. {@code static:N} fixes the count at N, so that static can be
 * run at every count (issue 26: Punctual is judged against the best fixed count, not one guess); plain {@code static}
 * uses {@code --static-executors}.
 *
 * @param kind      what the policy does
 * @param executors the fixed count of a {@code static:N}; empty for every other policy and plain {@code static}
 */
public record Policy(Kind kind, OptionalInt executors) {

    /** The four ways to run a job. */
    public enum Kind {
        /** Today's practice: a fixed executor count, best-effort in the team's own queue. */
        STATIC("static"),
        /** Spark's dynamic allocation (with shuffle tracking, as there is no external shuffle service), best-effort. */
        DYNAMIC("dynamic"),
        /** The full path: a deadline, Punctual's sizing, admission and reservation. */
        PUNCTUAL("punctual"),
        /** Punctual's sizing (a dry run), then a best-effort run at that count: what the reservation adds. */
        PUNCTUAL_NORESERVE("punctual-noreserve");

        private final String label;

        Kind(String label) {
            this.label = label;
        }
    }

    public static final Policy STATIC = new Policy(Kind.STATIC, OptionalInt.empty());
    public static final Policy DYNAMIC = new Policy(Kind.DYNAMIC, OptionalInt.empty());
    public static final Policy PUNCTUAL = new Policy(Kind.PUNCTUAL, OptionalInt.empty());
    public static final Policy PUNCTUAL_NORESERVE = new Policy(Kind.PUNCTUAL_NORESERVE, OptionalInt.empty());

    public Policy {
        if (executors.isPresent() && (kind != Kind.STATIC || executors.getAsInt() < 1)) {
            throw new IllegalArgumentException("only static takes a count, of at least 1: " + kind + " " + executors);
        }
    }

    /** {@code static} at exactly {@code executors}. */
    public static Policy staticAt(int executors) {
        return new Policy(Kind.STATIC, OptionalInt.of(executors));
    }

    /** The name the command line, the rows and the report use: {@code static:2}, {@code punctual}. */
    public String label() {
        return kind.label + (executors.isPresent() ? ":" + executors.getAsInt() : "");
    }

    /** Whether the policy asks Punctual, which may refuse a job up front. */
    public boolean asksPunctual() {
        return kind == Kind.PUNCTUAL || kind == Kind.PUNCTUAL_NORESERVE;
    }

    public static Policy of(String label) {
        String wanted = label.trim().toLowerCase(Locale.ROOT);
        if (wanted.startsWith("static:")) {
            String count = wanted.substring("static:".length());
            try {
                int n = Integer.parseInt(count);
                if (n >= 1) {
                    return staticAt(n);
                }
            } catch (NumberFormatException e) {
                // said below
            }
            throw new InvalidRequest("'" + label.trim() + "' needs a whole executor count of at least 1, e.g."
                    + " static:2");
        }
        return Arrays.stream(Kind.values()).filter(k -> k.label.equals(wanted)).findFirst()
                .map(k -> new Policy(k, OptionalInt.empty()))
                .orElseThrow(() -> new InvalidRequest("unknown policy '" + label.trim() + "'; the policies are "
                        + known() + ", and static:N for a fixed count of N"));
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
                throw new InvalidRequest("--policies names " + policy.label() + " twice");
            }
            policies.add(policy);
        }
        return List.copyOf(policies);
    }

    /** The four policies without a count, the default set. */
    public static String known() {
        return Arrays.stream(Kind.values()).map(k -> k.label).collect(Collectors.joining(", "));
    }
}
