package io.punctual.history.run;

import java.util.Objects;

/** What reading one log (or one History Server attempt) gave: a run, or a reason it could not be read. */
public sealed interface ReadOutcome permits ReadOutcome.Read, ReadOutcome.Rejected {

    /** A run was read; it may still be excluded from training (see {@link RunRecord#excludedReason()}). */
    record Read(RunRecord run) implements ReadOutcome {
        public Read {
            Objects.requireNonNull(run, "run");
        }
    }

    /** Nothing usable: not an event log, unreadable, no application start. */
    record Rejected(String source, String reason) implements ReadOutcome {
        public Rejected {
            Objects.requireNonNull(source, "source");
            Objects.requireNonNull(reason, "reason");
        }
    }
}
