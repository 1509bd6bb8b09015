package io.punctual.sizing.sizer;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The earliest a job can finish: now, plus the launch overhead (YARN scheduling, the ApplicationMaster, the driver's
 * JVM; measured by Punctual, in no event log), plus the least time its history says it needs at its executor limit
 * (nothing for a job never seen). A deadline before that cannot be met by any sizing, so it is refused before
 * anything is reserved, with the earliest deadline that could be met — as Justice's admission drops a job whose
 * deadline has become infeasible (Justice, Algorithm 4) instead of running it to miss.
 */
public final class LaunchFloor {

    private LaunchFloor() {
    }

    /** The refusal, when the request's deadline comes before the job could finish; empty when it leaves time. */
    public static Optional<SizingDecision.Unmeetable> check(SizingRequest request, Duration launchOverhead) {
        Instant started = request.now().plus(launchOverhead);
        Instant earliest = request.history().filter(h -> request.executorLimit() > 0)
                .map(h -> Predictions.finish(request, launchOverhead, h.curve().wallSeconds(request.executorLimit(),
                        0.5))).orElse(started);
        Duration least = Duration.between(started, earliest);
        if (!request.deadline().isBefore(earliest)) {
            return Optional.empty();
        }
        Instant rounded = earliest.truncatedTo(ChronoUnit.SECONDS).plusSeconds(1);
        String reason = String.format(Locale.ROOT, "the deadline leaves no time to launch and run the job: it is %d s"
                + " away, but launching takes %d s here (the median of recent launches, before any task runs)"
                + "%s; the earliest deadline that can be met is %s",
                request.window().toSeconds(), launchOverhead.toSeconds(), least.isZero() ? ""
                        : String.format(Locale.ROOT, " and the job needs at least %d s at %d executors (its median run)",
                        least.toSeconds(), request.executorLimit()), rounded);
        return Optional.of(new SizingDecision.Unmeetable(reason, Bound.DEADLINE, Optional.of(rounded), List.of(
                SizingTerm.of("launch overhead", launchOverhead.toSeconds() + " s", "measured before tasks run"),
                SizingTerm.of("least run time", least.toSeconds() + " s", least.isZero() ? "no history"
                        : "median at the executor limit"))));
    }
}
