package io.punctual.submit.bench.report;

import io.punctual.submit.bench.CoreSpan;
import io.punctual.history.SourceResolver;
import io.punctual.history.eventlog.EventLogParser;
import io.punctual.history.run.ReadOutcome;
import io.punctual.history.run.RunRecord;
import io.punctual.history.source.LogCandidate;
import io.punctual.history.source.RunSource;
import io.punctual.history.source.SourceVisitor;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The executors one application held, from its Spark event log as history-estimator's parser reads it: each
 * executor's cores from its {@code SparkListenerExecutorAdded} until its removal (or the application's end, when
 * the log never saw it go). Σ lifetime × cores is the benchmark's executor-seconds (issue 9, item 3).
 */
public record ExecutorUsage(String appId, List<CoreSpan> spans) {

    public ExecutorUsage {
        spans = List.copyOf(spans);
    }

    /** What reading one event log gave. */
    public sealed interface Outcome permits Read, Unreadable {
    }

    public record Read(ExecutorUsage usage) implements Outcome {
    }

    /** The log is missing, unreadable, or holds no application; {@code reason} says which. */
    public record Unreadable(String location, String reason) implements Outcome {
    }

    /** Σ executor lifetime × cores, in seconds. */
    public double coreSeconds() {
        return spans.stream().mapToDouble(CoreSpan::coreSeconds).sum();
    }

    /** Reads the log at {@code location}: a path, a {@code file:} URI or any Hadoop file-system URI. */
    public static Outcome read(String location) {
        if (location == null || location.isBlank()) {
            return new Unreadable(String.valueOf(location), "the row names no event log");
        }
        List<LogCandidate> found = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        try (RunSource source = SourceResolver.defaults().resolve(location)) {
            source.scan(new SourceVisitor() {
                @Override
                public void found(LogCandidate log) {
                    found.add(log);
                }

                @Override
                public void problem(String where, String message) {
                    problems.add(message);
                }
            });
            if (found.size() != 1) {
                return new Unreadable(location, found.isEmpty() ? String.join("; ", problems.isEmpty()
                        ? List.of("no event log there") : problems) : found.size() + " event logs there, not one");
            }
            return usage(location, found.get(0).read(new EventLogParser()));
        } catch (IOException | RuntimeException e) {
            return new Unreadable(location, e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    private static Outcome usage(String location, ReadOutcome outcome) {
        if (outcome instanceof ReadOutcome.Rejected rejected) {
            return new Unreadable(location, rejected.reason());
        }
        RunRecord run = ((ReadOutcome.Read) outcome).run();
        return new Read(new ExecutorUsage(run.id().appId(), CoreSpan.of(run)));
    }
}
