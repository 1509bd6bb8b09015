package io.punctual.submit.request;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What finishing late is still worth to a job, as a team writes it ({@code utility} in its configuration, or
 * {@code spark.deadline.utility} in a request): {@code hard} (nothing after the deadline), {@code linear <grace>}
 * (full value at the deadline, falling in a straight line to nothing {@code grace} later) or {@code sigmoid <grace>}
 * (nearly full at the deadline, half at {@code grace/2} late, nearly nothing at {@code grace} late). RUSH's admission
 * arbitrates with these (RUSH §IV's utility classes); the other policies treat every deadline as hard.
 *
 * @param grace how late the job may finish and still be worth something; zero for {@code hard}
 */
public record DeadlineUtility(Shape shape, Duration grace) {

    /** The shapes a utility may take. */
    public enum Shape { HARD, LINEAR, SIGMOID }

    public static final DeadlineUtility HARD = new DeadlineUtility(Shape.HARD, Duration.ZERO);

    /** What the configuration and the request must write. */
    public static final String EXPECTED = "\"hard\", \"linear <grace>\" or \"sigmoid <grace>\", the grace a duration"
            + " such as 10m or 1h30m (how late the job is still worth running)";

    private static final Pattern DECAY = Pattern.compile("(linear|sigmoid)\\s+((\\d+h)?(\\d+m)?(\\d+s)?)");

    public DeadlineUtility {
        if (grace.isNegative() || (shape == Shape.HARD) != grace.isZero()) {
            throw new IllegalArgumentException("a hard utility has no grace and a decaying one a positive grace, got "
                    + shape + " " + grace);
        }
    }

    /** The utility written as {@code text}, or empty when it is none of {@link #EXPECTED}. */
    public static Optional<DeadlineUtility> parse(String text) {
        String value = text.trim().toLowerCase(Locale.ROOT);
        if (value.equals("hard")) {
            return Optional.of(HARD);
        }
        Matcher m = DECAY.matcher(value);
        if (!m.matches() || m.group(2).isEmpty()) {
            return Optional.empty();
        }
        Duration grace = Duration.ofHours(number(m.group(3))).plusMinutes(number(m.group(4)))
                .plusSeconds(number(m.group(5)));
        if (grace.isZero()) {
            return Optional.empty();
        }
        return Optional.of(new DeadlineUtility(m.group(1).equals("linear") ? Shape.LINEAR : Shape.SIGMOID, grace));
    }

    private static long number(String group) {
        return group == null ? 0 : Long.parseLong(group.substring(0, group.length() - 1));
    }

    @Override
    public String toString() {
        return shape == Shape.HARD ? "hard" : shape.name().toLowerCase(Locale.ROOT) + " " + grace.toSeconds() + "s";
    }
}
