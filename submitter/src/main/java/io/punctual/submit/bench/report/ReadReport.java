package io.punctual.submit.bench.report;

import io.punctual.submit.bench.RunInfo;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.punctual.submit.bench.BenchRow;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a weekly benchmark run (issue 9) left in its {@code --report} directory, read back and checked (the run
 * writes it through {@link io.punctual.submit.bench.ReportDir}):
 * {@code results.json} (required, one {@link BenchRow} per job and policy) and {@code run.json} (the run's
 * {@link RunInfo}; a run cut short may lack it).
 */
public record ReadReport(Path dir, List<TimedRow> rows, Optional<RunInfo> run) {

    public static final String RESULTS = io.punctual.submit.bench.ReportDir.RESULTS;
    public static final String RUN = io.punctual.submit.bench.ReportDir.RUN;
    public static final String CSV = "results.csv";
    public static final String HTML = "report.html";
    public static final String SUMMARY = "summary.json";
    private static final String WHAT = "a directory written by 'punctual bench run --report <dir>'";
    private static final ObjectMapper JSON = new ObjectMapper();

    public ReadReport {
        rows = List.copyOf(rows);
    }

    /** Reads {@code dir}; an {@link UnreadableReport} says which file is missing or wrong and how. */
    public static ReadReport read(Path dir) {
        if (!Files.exists(dir)) {
            throw new UnreadableReport(dir + " does not exist; give " + WHAT);
        }
        if (!Files.isDirectory(dir)) {
            throw new UnreadableReport(dir + " is a file, not a report directory; give " + WHAT);
        }
        Path results = dir.resolve(RESULTS);
        if (!Files.isRegularFile(results)) {
            throw new UnreadableReport(dir + " has no " + RESULTS + ", so it is not a benchmark report; give " + WHAT);
        }
        List<BenchRow> raw = parse(results, new TypeReference<List<BenchRow>>() { }, "a JSON array of rows");
        if (raw == null) {
            throw new UnreadableReport(results + " holds null, not a JSON array of rows; re-run 'punctual bench run'");
        }
        List<TimedRow> rows = new ArrayList<>(raw.size());
        for (int i = 0; i < raw.size(); i++) {
            rows.add(timed(raw.get(i), i + 1, results));
        }
        Path runFile = dir.resolve(RUN);
        Optional<RunInfo> run = Files.isRegularFile(runFile)
                ? Optional.ofNullable(parse(runFile, new TypeReference<RunInfo>() { }, "a JSON object"))
                : Optional.empty();
        run.ifPresent(info -> check(info, runFile));
        return new ReadReport(dir, rows, run);
    }

    private static <T> T parse(Path file, TypeReference<T> type, String shape) {
        try {
            return JSON.readValue(file.toFile(), type);
        } catch (JacksonException e) {
            JsonLocation at = e.getLocation();
            String where = at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
            throw new UnreadableReport(file + " is not " + shape + " as 'punctual bench run' writes it" + where + ": "
                    + e.getOriginalMessage() + "; restore the file or re-run the benchmark", e);
        } catch (IOException e) {
            throw new UnreadableReport("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private static TimedRow timed(BenchRow row, int number, Path file) {
        if (row == null) {
            throw new UnreadableReport(file + ": row " + number + " is null; every row is a JSON object");
        }
        if (blank(row.policy()) || blank(row.job())) {
            throw new UnreadableReport(file + ": row " + number + " has no " + (blank(row.policy()) ? "policy" : "job")
                    + "; every row names its policy and job");
        }
        String label = "row " + number + " (" + row.policy() + ", " + row.job() + ")";
        return new TimedRow(row, instant(row.arrival(), "arrival", label, file),
                instant(row.deadline(), "deadline", label, file),
                Optional.ofNullable(row.finishedAt()).map(t -> instant(t, "finishedAt", label, file)),
                Optional.ofNullable(row.predictedFinish()).map(t -> instant(t, "predictedFinish", label, file)));
    }

    private static void check(RunInfo run, Path file) {
        run.reservations().forEach((policy, list) -> list.forEach(r -> checkReservation(r, policy, file)));
        run.policyWindows().forEach((policy, w) -> {
            String label = "the window of policy " + policy;
            if (w.startedAt() != null) {
                instant(w.startedAt(), "startedAt", label, file);
            }
            if (w.endedAt() != null) {
                instant(w.endedAt(), "endedAt", label, file);
            }
        });
    }

    private static void checkReservation(RunInfo.ReservationInterval r, String policy, Path file) {
        String label = "reservation " + (r == null ? "null" : r.reservationId()) + " of policy " + policy;
        if (r == null || blank(r.reservationId())) {
            throw new UnreadableReport(file + ": a reservation of policy " + policy + " has no reservationId");
        }
        Instant from = instant(r.from(), "from", label, file);
        Instant to = instant(r.to(), "to", label, file);
        if (to.isBefore(from) || r.vcores() < 0) {
            throw new UnreadableReport(file + ": " + label + " holds " + r.vcores() + " vcores from " + r.from()
                    + " to " + r.to() + "; a reservation ends after it starts and holds ≥ 0 vcores");
        }
    }

    private static Instant instant(String text, String field, String label, Path file) {
        if (text == null) {
            throw new UnreadableReport(file + ": " + label + " has no " + field + "; it needs an ISO-8601 instant");
        }
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new UnreadableReport(file + ": " + label + " has " + field + " '" + text
                    + "', not an ISO-8601 instant like 2025-01-06T09:00:00Z");
        }
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    /**
     * Where a row's event log is: a relative path is relative to the report directory (so a report that keeps its
     * logs inside moves as one), a {@code file:} URI a local path, any other URI (hdfs://...) as it is.
     */
    public String eventLogLocation(BenchRow row) {
        String log = row.eventLog();
        if (log == null || log.isBlank()) {
            return null;
        }
        if (log.startsWith("file:")) {
            return Path.of(URI.create(log)).toString();
        }
        return log.contains("://") ? log : dir.resolve(log).toString();
    }
}
