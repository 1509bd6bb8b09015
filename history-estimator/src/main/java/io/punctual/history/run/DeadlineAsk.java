package io.punctual.history.run;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The deadline a run was submitted with and the confidence asked of meeting it, as Punctual writes them into the
 * application's Spark properties, so its event log says afterwards whether the run met them.
 *
 * @param deadlineMs when the run had to be finished, epoch milliseconds
 * @param confidence θ asked, when the submission named one
 */
public record DeadlineAsk(long deadlineMs, OptionalDouble confidence) {

    /** The absolute deadline, an ISO-8601 instant: written by Punctual at launch. */
    public static final String AT = "spark.deadline.at";
    /** The confidence asked of meeting it. */
    public static final String CONFIDENCE = "spark.deadline.confidence";

    public static boolean reads(String property) {
        return property.equals(AT) || property.equals(CONFIDENCE);
    }

    /** The ask in a run's properties; empty when it has no (readable) deadline. */
    public static Optional<DeadlineAsk> from(Map<String, String> properties) {
        String at = properties.get(AT);
        if (at == null) {
            return Optional.empty();
        }
        try {
            long deadline = Instant.parse(at.trim()).toEpochMilli();
            return Optional.of(new DeadlineAsk(deadline, confidence(properties.get(CONFIDENCE))));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    private static OptionalDouble confidence(String text) {
        try {
            double theta = text == null ? Double.NaN : Double.parseDouble(text.trim());
            return theta > 0 && theta < 1 ? OptionalDouble.of(theta) : OptionalDouble.empty();
        } catch (NumberFormatException e) {
            return OptionalDouble.empty();
        }
    }
}
