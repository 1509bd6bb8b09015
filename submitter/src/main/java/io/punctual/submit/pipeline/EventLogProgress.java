package io.punctual.submit.pipeline;

import io.punctual.yarn.AppId;
import io.punctual.yarn.AppReport;
import io.punctual.yarn.AppState;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import io.punctual.sizing.replan.StageProgress;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.IntFunction;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads a running application's event log as it grows and counts stages and tasks, for a live progress line. Only
 * complete lines are read; a line cut at the end of the file is read on the next call.
 */
final class EventLogProgress {

    private static final Pattern TIMESTAMP = Pattern.compile("\"Timestamp\":(\\d+)");

    private final Path dir;
    private final AppId app;
    private Path file;
    private SubmissionEvent.Progress told;
    private long offset;
    private int stagesStarted;
    private int stagesDone;
    private long tasksStarted;
    private long tasksDone;
    private Instant appStarted;
    private Instant appEnded;
    private boolean lastJobFailed;
    /** Each stage's task times, read only for a run that is re-planned: the poller reads every running log. */
    private final Optional<StageTimes> stageTimes;

    EventLogProgress(Path dir, AppId app, boolean readsStages) {
        this.dir = dir;
        this.app = app;
        this.stageTimes = readsStages ? Optional.of(new StageTimes()) : Optional.empty();
    }

    /** Whether the counts differ from those of the previous call to this method: what is worth telling again. */
    boolean changed() {
        SubmissionEvent.Progress now = new SubmissionEvent.Progress(app, stagesDone, stagesStarted, tasksDone,
                tasksStarted);
        boolean changed = !now.equals(told);
        told = now;
        return changed;
    }

    /** Reads what was appended since the last call; returns the counts so far. */
    SubmissionEvent.Progress poll() {
        try {
            if (file == null || !Files.exists(file)) {
                file = find(dir, app).orElse(null);
                offset = file == null ? 0 : offset;
            }
            if (file != null) {
                readNewLines();
            }
        } catch (IOException unreadable) {
            // Progress is a convenience; the application's state comes from YARN, not from this file.
        }
        return new SubmissionEvent.Progress(app, stagesDone, stagesStarted, tasksDone, tasksStarted);
    }

    private void readNewLines() throws IOException {
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            if (in.length() <= offset) {
                return;
            }
            in.seek(offset);
            byte[] chunk = new byte[(int) Math.min(in.length() - offset, 8 << 20)];
            in.readFully(chunk);
            int lastNewline = lastIndexOf(chunk, (byte) '\n');
            if (lastNewline < 0) {
                return;
            }
            String text = new String(chunk, 0, lastNewline + 1, StandardCharsets.UTF_8);
            offset += lastNewline + 1;
            text.lines().forEach(this::count);
        }
    }

    private void count(String line) {
        stageTimes.ifPresent(times -> times.read(line));
        if (line.startsWith("{\"Event\":\"SparkListenerApplicationStart\"")) {
            appStarted = timestamp(line).orElse(null);
        } else if (line.startsWith("{\"Event\":\"SparkListenerApplicationEnd\"")) {
            appEnded = timestamp(line).orElse(null);
        } else if (line.startsWith("{\"Event\":\"SparkListenerJobEnd\"")) {
            lastJobFailed = !line.contains("\"JobSucceeded\"");
        } else if (line.startsWith("{\"Event\":\"SparkListenerTaskStart\"")) {
            tasksStarted++;
        } else if (line.startsWith("{\"Event\":\"SparkListenerTaskEnd\"")) {
            tasksDone++;
        } else if (line.startsWith("{\"Event\":\"SparkListenerStageSubmitted\"")) {
            stagesStarted++;
        } else if (line.startsWith("{\"Event\":\"SparkListenerStageCompleted\"")) {
            stagesDone++;
        }
    }

    /**
     * The stages read so far, as re-planning reads them at {@code now} (see {@link StageTimes#progress}); empty when
     * this log was not asked to read them.
     */
    Optional<List<StageProgress>> stages(Instant now, IntFunction<OptionalDouble> laterStageRatio) {
        return stageTimes.flatMap(times -> times.progress(now, laterStageRatio));
    }

    private static Optional<Instant> timestamp(String line) {
        Matcher m = TIMESTAMP.matcher(line);
        return m.find() ? Optional.of(Instant.ofEpochMilli(Long.parseLong(m.group(1)))) : Optional.empty();
    }

    /**
     * How the application ended, as its finished log tells, for when YARN has forgotten it (a ResourceManager that
     * restarted without its state, as the embedded one does): the driver wrote its end, and its last job's result
     * says whether it failed. Empty while the log is still in progress or has no end.
     */
    Optional<AppReport> ended() {
        poll();
        if (file == null || file.getFileName().toString().endsWith(".inprogress") || appEnded == null) {
            return Optional.empty();
        }
        AppState state = lastJobFailed ? AppState.FAILED : AppState.SUCCEEDED;
        return Optional.of(new AppReport(app, "", "", "", state, "FINISHED", Set.of(),
                appStarted == null ? appEnded : appStarted, Optional.of(appEnded), 1f, "YARN no longer knows the"
                + " application; its event log shows it ended at " + appEnded
                + (lastJobFailed ? " after a failed job" : ""), Optional.empty()));
    }

    private static int lastIndexOf(byte[] bytes, byte b) {
        for (int i = bytes.length - 1; i >= 0; i--) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }

    /** The application's event log: {@code <appId>[_<attempt>][.inprogress]}, the finished one preferred. */
    static Optional<Path> find(Path dir, AppId app) throws IOException {
        if (!Files.isDirectory(dir)) {
            return Optional.empty();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().startsWith(app.value()))
                    .min(Comparator.comparing((Path p) -> p.getFileName().toString().endsWith(".inprogress"))
                            .thenComparing(p -> p.getFileName().toString()));
        }
    }
}
