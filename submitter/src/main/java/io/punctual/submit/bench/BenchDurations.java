package io.punctual.submit.bench;

import io.punctual.submit.request.Deadlines;
import io.punctual.submit.request.InvalidRequest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

/** Durations on the bench's command line, written as deadlines are ({@code 20s}, {@code 1m30s}, {@code PT2M}). */
public final class BenchDurations {

    private static final Clock EPOCH = Clock.fixed(Instant.EPOCH, ZoneOffset.UTC);

    private BenchDurations() {
    }

    /** @throws InvalidRequest naming {@code option} */
    public static Duration parse(String text, String option) {
        try {
            return Duration.between(Instant.EPOCH, Deadlines.parse(text, EPOCH));
        } catch (InvalidRequest e) {
            throw new InvalidRequest(option + ": cannot read '" + text + "' as a duration; write it as 20s, 1m30s or"
                    + " PT2M");
        }
    }
}
