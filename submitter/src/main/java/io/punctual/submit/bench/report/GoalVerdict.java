package io.punctual.submit.bench.report;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether one of Punctual's policies reached the goal issue 9 measures against: it meets ≥ 99% of the deadlines it
 * admits, at ≤ 1.15× the oracle's executor-seconds, and beats {@code static} and {@code dynamic} on both (a higher
 * share of deadlines met, or both at 100%; and a lower ratio to the oracle), so it lies beyond their Pareto frontier
 * ({@link ParetoFront}). Each finding is a plain sentence with the numbers behind it.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "verdict")
@JsonSubTypes({@JsonSubTypes.Type(value = GoalVerdict.Met.class, name = "met"),
        @JsonSubTypes.Type(value = GoalVerdict.Missed.class, name = "missed"),
        @JsonSubTypes.Type(value = GoalVerdict.Undecided.class, name = "undecided")})
public sealed interface GoalVerdict permits GoalVerdict.Met, GoalVerdict.Missed, GoalVerdict.Undecided {

    double HIT_RATE_GOAL = 0.99;
    double ORACLE_RATIO_GOAL = 1.15;
    /** The baselines Punctual must beat: every count of static that ran ({@code static}, {@code static:N}), dynamic. */
    List<String> BASELINES = List.of("static", "dynamic");
    /** Rates and ratios are computed from counts; this absorbs rounding only. */
    double EPSILON = 1e-9;

    String policy();

    /** Every finding, passed or not. */
    List<String> findings();

    /** Every condition held. */
    record Met(String policy, List<String> findings) implements GoalVerdict {
    }

    /** At least one condition failed; {@code shortfalls} are those. */
    record Missed(String policy, List<String> shortfalls, List<String> findings) implements GoalVerdict {
    }

    /** Nothing failed, but something could not be told (no oracle, a baseline not run); {@code unknowns} say what. */
    record Undecided(String policy, List<String> unknowns, List<String> findings) implements GoalVerdict {
    }

    /** One sentence for the report's headline. */
    @JsonProperty("headline")
    default String headline() {
        if (this instanceof Missed missed) {
            return policy() + ": goal NOT met — " + String.join("; ", missed.shortfalls()) + ".";
        }
        if (this instanceof Undecided undecided) {
            return policy() + ": goal not decided — " + String.join("; ", undecided.unknowns()) + ".";
        }
        return policy() + ": goal met — " + String.join("; ", findings()) + ".";
    }

    /** A verdict for every policy whose name starts with {@code punctual}, in the summaries' order. */
    static List<GoalVerdict> judge(List<PolicySummary> summaries) {
        List<GoalVerdict> verdicts = new ArrayList<>();
        for (PolicySummary p : summaries) {
            if (p.policy().startsWith("punctual")) {
                verdicts.add(judge(p, summaries));
            }
        }
        return verdicts;
    }

    private static GoalVerdict judge(PolicySummary p, List<PolicySummary> all) {
        List<Check> checks = new ArrayList<>();
        checks.add(p.hitRateAdmitted() == null ? Check.unknown("it admitted no job")
                : new Check(p.hitRateAdmitted() >= HIT_RATE_GOAL - EPSILON, String.format(Locale.ROOT,
                "met %s of the deadlines it admitted (%d of %d; goal ≥ 99%%)", percent(p.hitRateAdmitted()), p.met(),
                p.admitted())));
        checks.add(p.oracleRatio() == null ? Check.unknown("no job it ran has an oracle, so its cost is unknown")
                : new Check(p.oracleRatio() <= ORACLE_RATIO_GOAL + EPSILON, String.format(Locale.ROOT,
                "used %.2f× the oracle's executor-seconds (goal ≤ 1.15×)", p.oracleRatio())));
        for (String baseline : BASELINES) {
            List<PolicySummary> ran = all.stream().filter(s -> runOf(s.policy(), baseline)).toList();
            if (ran.isEmpty()) {
                checks.add(Check.unknown(baseline + " was not run, so it cannot be compared"));
            }
            for (PolicySummary b : ran) {
                checks.add(beatsOnHits(p, b));
                checks.add(beatsOnCost(p, b));
            }
        }
        checks.add(ParetoFront.check(p, all));
        List<String> findings = checks.stream().map(Check::sentence).toList();
        List<String> failed = checks.stream().filter(c -> Boolean.FALSE.equals(c.ok())).map(Check::sentence).toList();
        List<String> unknown = checks.stream().filter(c -> c.ok() == null).map(Check::sentence).toList();
        if (!failed.isEmpty()) {
            return new Missed(p.policy(), failed, findings);
        }
        return unknown.isEmpty() ? new Met(p.policy(), findings) : new Undecided(p.policy(), unknown, findings);
    }

    /**
     * Deadlines met over all jobs, a refusal counting as a miss (issue 26): the share of the admitted would reward
     * refusing.
     */
    private static Check beatsOnHits(PolicySummary p, PolicySummary b) {
        if (p.jobs() == 0 || b.jobs() == 0) {
            return Check.unknown("the share of deadlines met cannot be compared with " + b.policy()
                    + " (one ran no job)");
        }
        double mine = p.sdrAll();
        double theirs = b.sdrAll();
        boolean bothPerfect = mine >= 1 - EPSILON && theirs >= 1 - EPSILON;
        boolean beats = mine > theirs + EPSILON || bothPerfect;
        String claim = bothPerfect ? "every deadline met, as with %s (%s vs %s)"
                : beats ? "more deadlines met than %s (%s vs %s)" : "no more deadlines met than %s (%s vs %s)";
        return new Check(beats, String.format(Locale.ROOT, claim, b.policy(), percent(mine), percent(theirs)));
    }

    private static Check beatsOnCost(PolicySummary p, PolicySummary b) {
        if (p.oracleRatio() == null || b.oracleRatio() == null) {
            return Check.unknown("the cost cannot be compared with " + b.policy() + " (no oracle for its jobs)");
        }
        boolean beats = p.oracleRatio() < b.oracleRatio() - EPSILON;
        return new Check(beats, String.format(Locale.ROOT, "%s than %s (%.2f× vs %.2f× the oracle)",
                beats ? "cheaper" : "not cheaper", b.policy(), p.oracleRatio(), b.oracleRatio()));
    }

    /** Whether {@code policy} is a run of {@code baseline}: the baseline itself, or one of its counts. */
    static boolean runOf(String policy, String baseline) {
        return policy.equals(baseline) || policy.startsWith(baseline + ":");
    }

    static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f%%", share * 100);
    }

    /** One condition of the goal: held, failed, or could not be told ({@code ok} null). */
    record Check(Boolean ok, String sentence) {
        static Check unknown(String why) {
            return new Check(null, why);
        }
    }
}
