package io.punctual.submit.bench.report;

import io.punctual.submit.bench.BenchRow;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The executor usage of every row of a report, read once from the event logs the rows name, and what could not be
 * read or does not agree with the row (issue 9: every cost is recomputable from the event logs).
 */
public record RowUsage(ReadReport report, Map<String, ExecutorUsage> usage, List<String> problems) {

    /** Agreement expected between a row's executor-seconds and its event log's: rounding, not a different count. */
    private static final double TOLERANCE = 0.01;

    public RowUsage {
        usage = Map.copyOf(usage);
        problems = List.copyOf(problems);
    }

    /** For what needs only the rows (a comparison, an earlier week): no log is read. */
    public static RowUsage unread(ReadReport report) {
        return new RowUsage(report, Map.of(), List.of());
    }

    /** Reads each distinct log once; a row whose job never launched names none and is not a problem. */
    public static RowUsage read(ReadReport report) {
        Map<String, ExecutorUsage> usage = new HashMap<>();
        List<String> problems = new ArrayList<>();
        for (TimedRow timed : report.rows()) {
            BenchRow row = timed.row();
            String location = report.eventLogLocation(row);
            if (location == null || usage.containsKey(location)) {
                continue;
            }
            ExecutorUsage.Outcome outcome = ExecutorUsage.read(location);
            if (outcome instanceof ExecutorUsage.Read read) {
                usage.put(location, read.usage());
                disagreement(row, read.usage()).ifPresent(problems::add);
            } else if (outcome instanceof ExecutorUsage.Unreadable bad) {
                problems.add(row.policy() + " " + row.job() + ": event log " + bad.location() + " unreadable ("
                        + bad.reason() + "); its executors are missing from the capacity series");
            }
        }
        return new RowUsage(report, usage, problems);
    }

    /** The executors of the row's application, when its event log was read. */
    public Optional<ExecutorUsage> of(BenchRow row) {
        String location = report.eventLogLocation(row);
        return location == null ? Optional.empty() : Optional.ofNullable(usage.get(location));
    }

    private static Optional<String> disagreement(BenchRow row, ExecutorUsage usage) {
        if (row.executorSeconds() == null) {
            return Optional.empty();
        }
        double logged = usage.coreSeconds();
        double stated = row.executorSeconds();
        if (Math.abs(logged - stated) <= TOLERANCE * Math.max(logged, stated) + 1) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "%s %s: the row says %.1f executor-seconds, its event log %.1f",
                row.policy(), row.job(), stated, logged));
    }
}
