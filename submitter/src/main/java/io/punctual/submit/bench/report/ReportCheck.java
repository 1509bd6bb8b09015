package io.punctual.submit.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.punctual.submit.bench.BenchRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A report recomputed from what it keeps (issue 26 item 7, {@code punctual bench verify}): every row's
 * executor-seconds from its event log, whether the row's verdict follows from its own times, and every summary figure
 * from the rows, each compared with what {@code results.json} and {@code summary.json} say.
 *
 * @param rows     the rows checked
 * @param logs     the event logs read
 * @param problems each row or figure that could not be reproduced, with what was expected and found
 */
public record ReportCheck(int rows, int logs, List<String> problems) {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Summary figures agree when they differ by rounding only. */
    private static final double TOLERANCE = 1e-6;

    public ReportCheck {
        problems = List.copyOf(problems);
    }

    /** @throws UnreadableReport when {@code dir} is not a report at all */
    public static ReportCheck of(Path dir) {
        ReadReport report = ReadReport.read(dir);
        RowUsage usage = RowUsage.read(report);
        List<String> problems = new ArrayList<>(usage.problems());
        for (TimedRow timed : report.rows()) {
            rowProblems(report, timed).forEach(problems::add);
        }
        summaryProblems(dir, ReportSummary.of(report, usage), problems);
        return new ReportCheck(report.rows().size(), usage.usage().size(), problems);
    }

    private static List<String> rowProblems(ReadReport report, TimedRow timed) {
        BenchRow row = timed.row();
        String which = row.policy() + " " + row.job() + " (week " + row.week() + ")";
        List<String> found = new ArrayList<>();
        String location = report.eventLogLocation(row);
        if (row.executorSeconds() != null && location == null) {
            found.add(which + ": states " + row.executorSeconds() + " executor-seconds but names no event log");
        } else if (location != null && !Path.of(location).normalize().startsWith(report.dir().normalize())) {
            found.add(which + ": its event log " + location + " is not a copy the report keeps, so the report alone"
                    + " cannot reproduce it");
        }
        boolean follows = row.admitted() && timed.succeeded() && timed.finishedAt().filter(f -> !f.isAfter(
                timed.deadline())).isPresent();
        if (row.metDeadline() != follows) {
            found.add(which + ": says metDeadline " + row.metDeadline() + ", but its own times and outcome say "
                    + follows);
        }
        return found;
    }

    /** Every figure of the stored summary's policies, weeks and goals against the one the rows give now. */
    private static void summaryProblems(Path dir, ReportSummary recomputed, List<String> problems) {
        Path file = dir.resolve(ReadReport.SUMMARY);
        if (!Files.isRegularFile(file)) {
            problems.add(ReadReport.SUMMARY + " is missing: run 'punctual bench report " + dir + "' to write it");
            return;
        }
        try {
            JsonNode stored = JSON.readTree(file.toFile());
            JsonNode fresh = JSON.readTree(recomputed.toJson());
            for (String part : List.of("policies", "weeks", "goals")) {
                compare(part, stored.path(part), fresh.path(part), problems);
            }
        } catch (IOException e) {
            problems.add(ReadReport.SUMMARY + " is not readable JSON (" + e.getMessage() + ")");
        }
    }

    private static void compare(String where, JsonNode stored, JsonNode fresh, List<String> problems) {
        if (stored.isContainerNode() && fresh.isContainerNode() && stored.size() == fresh.size()) {
            if (stored.isArray()) {
                for (int i = 0; i < stored.size(); i++) {
                    compare(where + "[" + label(fresh.get(i), i) + "]", stored.get(i), fresh.get(i), problems);
                }
            } else {
                for (Iterator<Map.Entry<String, JsonNode>> it = fresh.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> field = it.next();
                    compare(where + "." + field.getKey(), stored.path(field.getKey()), field.getValue(), problems);
                }
            }
        } else if (!same(stored, fresh)) {
            problems.add(ReadReport.SUMMARY + " " + where + " says " + stored + ", the rows give " + fresh);
        }
    }

    private static String label(JsonNode item, int index) {
        String policy = item.path("policy").asText("");
        return policy.isEmpty() ? String.valueOf(index)
                : policy + (item.path("week").isNumber() ? " week " + item.path("week").asInt() : "");
    }

    private static boolean same(JsonNode stored, JsonNode fresh) {
        if (stored.isNumber() && fresh.isNumber()) {
            double a = stored.asDouble();
            double b = fresh.asDouble();
            return Math.abs(a - b) <= TOLERANCE * Math.max(1, Math.max(Math.abs(a), Math.abs(b)));
        }
        return stored.equals(fresh);
    }
}
