package io.punctual.yarn.memory;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * When an {@link InMemoryClusterGateway} last took a plan-follower step and when it must take the next one. Steps
 * fall on multiples of the step since the epoch. Most steps change nothing and are skipped: a step is taken only
 * after something changed (a submission, a kill, an application ending, a reservation made or released, the
 * zero-capacity remedy) or when a reservation opens, changes or closes, so a simulated day costs what happens in it,
 * not 86,400 steps.
 */
final class Timeline {

    private final long stepMillis;
    private Instant lastStep;
    private Instant changedSince;

    Timeline(Duration step, Instant start) {
        this.stepMillis = step.toMillis();
        this.lastStep = atOrBefore(start);
    }

    /** The last step taken, or passed over because it could change nothing. */
    Instant lastStep() {
        return lastStep;
    }

    /** Something changed at {@code t} that the next step must see. */
    void changedAt(Instant t) {
        if (changedSince == null || t.isBefore(changedSince)) {
            changedSince = t;
        }
    }

    /**
     * The next step worth taking: the first one after an unseen change, or the first one at or after the plans'
     * next change ({@code planChange}, later than {@link #lastStep()}), whichever comes first.
     */
    Optional<Instant> nextStep(Optional<Instant> planChange) {
        Instant next = null;
        if (changedSince != null) {
            next = stepAfter(changedSince.isAfter(lastStep) ? changedSince : lastStep);
        }
        if (planChange.isPresent()) {
            Instant planStep = atOrAfter(planChange.get());
            next = next == null || planStep.isBefore(next) ? planStep : next;
        }
        return Optional.ofNullable(next);
    }

    void stepped(Instant tick) {
        lastStep = tick;
        changedSince = null;
    }

    /** The model has been played to {@code now}: every step up to it was taken or could change nothing. */
    void reached(Instant now) {
        Instant floor = atOrBefore(now);
        if (floor.isAfter(lastStep)) {
            lastStep = floor;
        }
    }

    /** The first step strictly after {@code t}. */
    Instant stepAfter(Instant t) {
        return Instant.ofEpochMilli(Math.floorDiv(t.toEpochMilli(), stepMillis) * stepMillis + stepMillis);
    }

    private Instant atOrAfter(Instant t) {
        return Instant.ofEpochMilli(Math.floorDiv(t.toEpochMilli() + stepMillis - 1, stepMillis) * stepMillis);
    }

    private Instant atOrBefore(Instant t) {
        return Instant.ofEpochMilli(Math.floorDiv(t.toEpochMilli(), stepMillis) * stepMillis);
    }
}
