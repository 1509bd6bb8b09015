package io.punctual.submit.bench;

import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** The run's progress on the terminal: which week, policy and job, how far, and how each job ended. */
public final class Progress {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

    private final PrintStream out;
    private final Clock clock;
    private final int week;

    public Progress(PrintStream out, Clock clock, int week) {
        this.out = out;
        this.clock = clock;
        this.week = week;
    }

    public void say(String text) {
        out.println("punctual: [week " + week + " " + LocalTime.now(clock.withZone(ZoneId.systemDefault()))
                .format(TIME) + "] " + text);
    }

    /** {@code static 3/10 puma/grep: …} */
    public void job(String policy, int i, int of, String job, String text) {
        say(String.format(Locale.ROOT, "%s %d/%d %s: %s", policy, i, of, job, text));
    }

    public void ended(String policy, int i, int of, BenchRow row) {
        job(policy, i, of, row.job(), outcome(row));
    }

    static String outcome(BenchRow row) {
        if (!row.admitted()) {
            return "rejected: " + row.reason();
        }
        StringBuilder text = new StringBuilder(row.reason() == null ? "succeeded" : "failed: " + row.reason());
        if (row.finishedAt() != null) {
            Duration late = Duration.between(Instant.parse(row.deadline()), Instant.parse(row.finishedAt()));
            text.append(late.isNegative() ? ", " + seconds(late.negated()) + " before its deadline"
                    : ", " + seconds(late) + " after its deadline");
        }
        if (row.executorSeconds() != null) {
            text.append(String.format(Locale.ROOT, ", %d executor(s), %.1f executor-s", row.executors(),
                    row.executorSeconds()));
        }
        if (row.oracleExecutorSeconds() != null) {
            text.append(String.format(Locale.ROOT, " (oracle %.1f)", row.oracleExecutorSeconds()));
        }
        return text.toString();
    }

    private static String seconds(Duration d) {
        return String.format(Locale.ROOT, "%.0f s", d.toMillis() / 1000.0);
    }
}
