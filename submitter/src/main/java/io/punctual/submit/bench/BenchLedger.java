package io.punctual.submit.bench;

import com.fasterxml.jackson.core.type.TypeReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the bench home remembers across weekly runs ({@code <bench home>/bench/ledger.json}): every history run (so a
 * later week skips those already made) and every weekly run started (so each knows its week number). Punctual's own
 * learned history lives beside it, in the same home.
 */
public final class BenchLedger {

    /** The file's content. */
    public record Content(List<HistoryRun> history, List<WeeklyRun> runs) {
        public Content {
            history = history == null ? List.of() : List.copyOf(history);
            runs = runs == null ? List.of() : List.copyOf(runs);
        }
    }

    /** One weekly run: its number in this home, its report directory, when it started. */
    public record WeeklyRun(int week, String report, String startedAt) {
    }

    private final Path file;
    private Content content;

    private BenchLedger(Path file, Content content) {
        this.file = file;
        this.content = content;
    }

    public static BenchLedger open(Path benchHome) {
        Path file = benchHome.resolve("bench").resolve("ledger.json");
        Content content = Files.exists(file) ? JsonFiles.read(file, new TypeReference<Content>() { })
                : new Content(List.of(), List.of());
        return new BenchLedger(file, content);
    }

    public synchronized List<HistoryRun> history(String jobKey) {
        return content.history().stream().filter(r -> r.jobKey().equals(jobKey)).toList();
    }

    /**
     * Whether history week {@code week} of the job ran successfully in an earlier weekly run (or earlier in this
     * one); a failed one is kept for the record and run again.
     */
    public synchronized boolean has(String jobKey, int week) {
        return content.history().stream().anyMatch(r -> r.jobKey().equals(jobKey) && r.week() == week
                && r.succeeded());
    }

    public synchronized void add(HistoryRun run) {
        List<HistoryRun> history = new ArrayList<>(content.history());
        history.add(run);
        content = new Content(history, content.runs());
        JsonFiles.write(file, content);
    }

    /** Records a new weekly run and returns its week number: one more than the last. */
    public synchronized int startWeek(String report, String startedAt) {
        int week = content.runs().stream().mapToInt(WeeklyRun::week).max().orElse(0) + 1;
        List<WeeklyRun> runs = new ArrayList<>(content.runs());
        runs.add(new WeeklyRun(week, report, startedAt));
        content = new Content(content.history(), runs);
        JsonFiles.write(file, content);
        return week;
    }
}
