package io.punctual.simulate.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.punctual.simulate.engine.JobResult;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** A simulation's report directory: {@code jobs.csv} and {@code summary.json}, whatever the kind of workload. */
public final class ReportFiles {

    private ReportFiles() {
    }

    /** Creates {@code dir} and opens {@code jobs.csv} in it with its header written; the caller adds rows. */
    public static Writer jobs(Path dir) throws IOException {
        Files.createDirectories(dir);
        Writer out = Files.newBufferedWriter(dir.resolve("jobs.csv"), StandardCharsets.UTF_8);
        JobsCsv.header(out);
        return out;
    }

    public static void summary(Path dir, Map<String, Object> summary) throws IOException {
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(dir.resolve("summary.json").toFile(),
                summary);
    }

    /** Both files at once, for simulations that have every row at the end. */
    public static void write(Path dir, Iterable<JobResult> rows, Map<String, Object> summary) {
        try {
            try (Writer csv = jobs(dir)) {
                for (JobResult row : rows) {
                    JobsCsv.row(csv, row);
                }
            }
            summary(dir, summary);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report in " + dir + ": " + e.getMessage(), e);
        }
    }
}
