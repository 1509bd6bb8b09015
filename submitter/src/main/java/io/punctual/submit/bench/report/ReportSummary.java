package io.punctual.submit.bench.report;

import io.punctual.submit.bench.RunInfo;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * A weekly run's metrics (issue 9, item 3) in one value, and its JSON form ({@code summary.json}, and what
 * {@code --json} prints): the run's metadata, one summary per policy, one per policy and week, the verdict on the
 * goal for each of Punctual's policies, and what could not be checked against the event logs.
 *
 * @param run      {@code run.json}; null when the directory has none
 * @param problems event logs that could not be read or disagree with their row
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record ReportSummary(RunInfo run, List<PolicySummary> policies, List<PolicySummary> weeks,
                            List<GoalVerdict> goals, List<String> problems) {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public ReportSummary {
        policies = List.copyOf(policies);
        weeks = List.copyOf(weeks);
        goals = List.copyOf(goals);
        problems = List.copyOf(problems);
    }

    public static ReportSummary of(ReadReport report, RowUsage logs) {
        RunInfo run = report.run().orElse(null);
        List<PolicySummary> policies = new ArrayList<>();
        List<PolicySummary> weeks = new ArrayList<>();
        for (Map.Entry<String, List<TimedRow>> policy : byPolicy(report).entrySet()) {
            List<RunInfo.ReservationInterval> reservations = run == null ? List.of() : run.reservationsOf(policy.getKey());
            policies.add(PolicySummary.of(policy.getKey(), null, policy.getValue(), reservations, logs,
                    run == null ? null : run.wallSecondsOf(policy.getKey())));
            Map<Integer, List<TimedRow>> byWeek = new TreeMap<>();
            policy.getValue().forEach(t -> byWeek.computeIfAbsent(t.row().week(), w -> new ArrayList<>()).add(t));
            byWeek.forEach((week, rows) -> weeks.add(PolicySummary.of(policy.getKey(), week, rows,
                    ofRows(reservations, rows), logs, null)));
        }
        return new ReportSummary(run, policies, weeks, GoalVerdict.judge(policies), logs.problems());
    }

    /** The rows of each policy, policies in the order the run ran them, then any the run did not list. */
    static Map<String, List<TimedRow>> byPolicy(ReadReport report) {
        Set<String> order = new LinkedHashSet<>();
        report.run().ifPresent(run -> order.addAll(run.policies()));
        report.rows().forEach(t -> order.add(t.row().policy()));
        Map<String, List<TimedRow>> out = new LinkedHashMap<>();
        for (String policy : order) {
            List<TimedRow> rows = report.rows().stream().filter(t -> t.row().policy().equals(policy)).toList();
            if (!rows.isEmpty()) {
                out.put(policy, rows);
            }
        }
        return out;
    }

    /** The reservations some of {@code rows} ran in: a week's share of the policy's reservations. */
    private static List<RunInfo.ReservationInterval> ofRows(List<RunInfo.ReservationInterval> reservations, List<TimedRow> rows) {
        Set<String> ids = new LinkedHashSet<>();
        rows.stream().map(t -> t.row().reservationId()).filter(Objects::nonNull).forEach(ids::add);
        return reservations.stream().filter(r -> ids.contains(r.reservationId())).toList();
    }

    /** More than one week among the rows. */
    public boolean spansWeeks() {
        return weeks.stream().map(PolicySummary::week).distinct().count() > 1;
    }

    public String toJson() {
        try {
            return JSON.writeValueAsString(this);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public void writeJson(Path file) {
        try {
            JSON.writeValue(file.toFile(), this);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
