package io.punctual.submit.bench;

import com.fasterxml.jackson.core.type.TypeReference;
import io.punctual.submit.request.InvalidRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A weekly run's report directory: {@code results.json} (an array of {@link BenchRow}, rewritten whole after every
 * row) and {@code run.json} ({@link RunInfo}). A directory that exists is never overwritten without {@code --force},
 * and {@code --force} only clears a directory that holds a bench run (a {@code run.json}) or nothing at all; with
 * {@code --resume} the rows already there are kept and their job × policy pairs are not run again.
 */
public final class ReportDir {

    public static final String RESULTS = "results.json";
    public static final String RUN = "run.json";

    private final Path dir;
    private final List<BenchRow> rows;
    private final Optional<RunInfo> previous;
    private final boolean replace;

    private ReportDir(Path dir, List<BenchRow> rows, Optional<RunInfo> previous, boolean replace) {
        this.dir = dir;
        this.rows = new ArrayList<>(rows);
        this.previous = previous;
        this.replace = replace;
    }

    /**
     * Checks the directory against the flags, before anything runs; nothing is changed until {@link #start}.
     *
     * @throws InvalidRequest saying what is in the way and which flag to pass
     */
    public static ReportDir open(Path dir, boolean force, boolean resume) {
        if (force && resume) {
            throw new InvalidRequest("--force starts the report afresh and --resume continues it; pass one of them");
        }
        boolean holdsRun = Files.isRegularFile(dir.resolve(RUN));
        if (resume) {
            if (!holdsRun) {
                throw new InvalidRequest("--resume: " + dir + " holds no " + RUN + " of an earlier run; leave"
                        + " --resume out to start one there");
            }
            Path results = dir.resolve(RESULTS);
            List<BenchRow> rows = Files.exists(results) ? JsonFiles.read(results, new TypeReference<List<BenchRow>>() { })
                    : List.of();
            return new ReportDir(dir, rows, Optional.of(JsonFiles.read(dir.resolve(RUN), new TypeReference<>() { })),
                    false);
        }
        if (Files.exists(dir) && !isEmptyDir(dir)) {
            if (!force) {
                throw new InvalidRequest("the report directory " + dir + " already exists; pass --resume to continue"
                        + " its run, --force to replace it, or another --report");
            }
            if (!holdsRun) {
                throw new InvalidRequest("--force: " + dir + " is not a bench report (it has no " + RUN + "), so it"
                        + " is left alone; choose another --report");
            }
            return new ReportDir(dir, List.of(), Optional.empty(), true);
        }
        return new ReportDir(dir, List.of(), Optional.empty(), false);
    }

    /** Clears a directory {@code --force} replaces, as the run starts. */
    public void start() {
        if (replace) {
            clear(dir);
        }
    }

    public Path dir() {
        return dir;
    }

    /** The run this directory held, when resuming. */
    public Optional<RunInfo> previous() {
        return previous;
    }

    public synchronized List<BenchRow> rows() {
        return List.copyOf(rows);
    }

    /** Whether the job already has its row under the policy (a resumed run skips it). */
    public synchronized boolean done(String policy, String job) {
        return rows.stream().anyMatch(r -> r.policy().equals(policy) && r.job().equals(job));
    }

    public synchronized void add(BenchRow row) {
        rows.add(row);
        JsonFiles.write(dir.resolve(RESULTS), rows);
    }

    public void write(RunInfo run) {
        JsonFiles.write(dir.resolve(RUN), run);
    }

    private static boolean isEmptyDir(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.findAny().isEmpty();
        } catch (IOException e) {
            throw new InvalidRequest("the report directory " + dir + " cannot be read (" + e.getMessage()
                    + "); choose another --report");
        }
    }

    private static void clear(Path dir) {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).filter(p -> !p.equals(dir)).toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clear " + dir + " for --force", e);
        }
    }
}
