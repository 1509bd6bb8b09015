package io.punctual.submit.bench;

import io.punctual.submit.request.InvalidRequest;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * How the benchmark runs a job (issue 9): what teams do today, and Punctual with and without its reservation. Each
 * policy gets the same arrivals, deadlines and contention. {@code static:N} fixes the count at N, so that static can be
 * run at every count (issue 26: Punctual is judged against the best fixed count, not one guess); plain {@code static}
 * uses {@code --static-executors}.
 *
 * <p>{@code punctual@C} asks Punctual for confidence C instead of the team's, so that Punctual can be drawn at several
 * confidences beside static at every count: the report's Pareto picture of deadlines met against executor-seconds per
 * met deadline (issue 26, item 5).
 *
 * @param kind       what the policy does
 * @param executors  the fixed count of a {@code static:N}; empty for every other policy and plain {@code static}
 * @param confidence the confidence a {@code punctual@C} asks for; empty for every other policy and plain
 *                   {@code punctual} (the team's)
 */
public record Policy(Kind kind, OptionalInt executors, OptionalDouble confidence) {

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

    public static final Policy STATIC = new Policy(Kind.STATIC, OptionalInt.empty(), OptionalDouble.empty());
    public static final Policy DYNAMIC = new Policy(Kind.DYNAMIC, OptionalInt.empty(), OptionalDouble.empty());
    public static final Policy PUNCTUAL = new Policy(Kind.PUNCTUAL, OptionalInt.empty(), OptionalDouble.empty());
    public static final Policy PUNCTUAL_NORESERVE = new Policy(Kind.PUNCTUAL_NORESERVE, OptionalInt.empty(),
            OptionalDouble.empty());

    public Policy {
        if (executors.isPresent() && (kind != Kind.STATIC || executors.getAsInt() < 1)) {
            throw new IllegalArgumentException("only static takes a count, of at least 1: " + kind + " " + executors);
        }
        if (confidence.isPresent() && (kind != Kind.PUNCTUAL || !(confidence.getAsDouble() > 0)
                || !(confidence.getAsDouble() < 1))) {
            throw new IllegalArgumentException("only punctual takes a confidence, above 0 and below 1: " + kind + " "
                    + confidence);
        }
    }

    /** {@code static} at exactly {@code executors}. */
    public static Policy staticAt(int executors) {
        return new Policy(Kind.STATIC, OptionalInt.of(executors), OptionalDouble.empty());
    }

    /** {@code punctual} asking for {@code confidence} rather than the team's. */
    public static Policy punctualAt(double confidence) {
        return new Policy(Kind.PUNCTUAL, OptionalInt.empty(), OptionalDouble.of(confidence));
    }

    /** The name the command line, the rows and the report use: {@code static:2}, {@code punctual@0.8}. */
    public String label() {
        return kind.label + (executors.isPresent() ? ":" + executors.getAsInt() : "")
                + (confidence.isPresent() ? "@" + BigDecimal.valueOf(confidence.getAsDouble()).stripTrailingZeros()
                .toPlainString() : "");
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
        if (wanted.startsWith("punctual@")) {
            return punctualAt(confidenceIn(wanted.substring("punctual@".length())).orElseThrow(() ->
                    new InvalidRequest("'" + label.trim() + "' needs a confidence above 0 and below 1, e.g."
                            + " punctual@0.9")));
        }
        return Arrays.stream(Kind.values()).filter(k -> k.label.equals(wanted)).findFirst()
                .map(k -> new Policy(k, OptionalInt.empty(), OptionalDouble.empty()))
                .orElseThrow(() -> new InvalidRequest("unknown policy '" + label.trim() + "'; the policies are "
                        + known() + ", static:N for a fixed count of N, and punctual@C for Punctual at confidence C"));
    }

    /** {@code text} as a confidence Punctual can be asked for: a number above 0 and below 1; else empty. */
    public static OptionalDouble confidenceIn(String text) {
        try {
            double c = Double.parseDouble(text.trim());
            return c > 0 && c < 1 ? OptionalDouble.of(c) : OptionalDouble.empty();
        } catch (NumberFormatException e) {
            return OptionalDouble.empty();
        }
    }

    /**
     * {@code policies} with Punctual at each of {@code confidences} (issue 26: {@code --confidences 0.5,0.8,0.9}) in
     * place of plain {@code punctual}, or after the rest when they name none.
     */
    public static List<Policy> atConfidences(List<Policy> policies, List<Double> confidences) {
        List<Policy> expanded = new ArrayList<>(policies.stream().filter(p -> !p.equals(PUNCTUAL)).toList());
        int at = policies.indexOf(PUNCTUAL) < 0 ? expanded.size() : policies.indexOf(PUNCTUAL);
        List<Policy> punctual = confidences.stream().map(Policy::punctualAt).toList();
        expanded.addAll(at, punctual);
        for (Policy p : punctual) {
            if (expanded.indexOf(p) != expanded.lastIndexOf(p)) {
                throw new InvalidRequest("--confidences names " + p.label() + " twice");
            }
        }
        return List.copyOf(expanded);
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
