package io.punctual.submit.request;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a deadline as people write it: a duration from now ({@code 45m}, {@code 1h30m}, {@code 90s},
 * {@code PT2H}) or a point in time ({@code 2026-11-22T18:00:00Z}, {@code 2026-11-22T18:00+01:00}, or a local
 * {@code 2026-11-22T18:00} in the machine's time zone).
 */
public final class Deadlines {

    private static final Pattern COMPOUND = Pattern.compile("((\\d+)d)?((\\d+)h)?((\\d+)m)?((\\d+)s)?");

    private Deadlines() {
    }

    public static Instant parse(String text, Clock clock) {
        String value = text.trim();
        if (value.isEmpty()) {
            throw new InvalidRequest("--deadline is empty; give a duration such as 45m or a time such as "
                    + "2026-11-22T18:00:00Z");
        }
        Instant now = clock.instant();
        Instant deadline = parseOrNull(value, now, clock);
        if (deadline == null) {
            throw new InvalidRequest("cannot read the deadline '" + text + "': give a duration such as 45m, 1h30m or "
                    + "PT2H, or a time such as 2026-11-22T18:00:00Z");
        }
        if (!deadline.isAfter(now)) {
            throw new InvalidRequest("the deadline " + deadline + " is not in the future (now is " + now
                    + "); give a later time or a duration such as 45m");
        }
        return deadline;
    }

    private static Instant parseOrNull(String value, Instant now, Clock clock) {
        Matcher compound = COMPOUND.matcher(value.toLowerCase(Locale.ROOT));
        if (compound.matches() && !value.isEmpty()) {
            return now.plus(compoundDuration(compound));
        }
        try {
            return now.plus(Duration.parse(value));
        } catch (DateTimeParseException notDuration) {
            // fall through: maybe a point in time
        }
        try {
            return OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeParseException notOffset) {
            // fall through
        }
        try {
            return ZonedDateTime.parse(value).toInstant();
        } catch (DateTimeParseException notZoned) {
            // fall through
        }
        try {
            return LocalDateTime.parse(value).atZone(clock.getZone()).toInstant();
        } catch (DateTimeParseException notLocal) {
            return null;
        }
    }

    private static Duration compoundDuration(Matcher m) {
        Duration d = Duration.ZERO;
        d = d.plusDays(number(m.group(2)));
        d = d.plusHours(number(m.group(4)));
        d = d.plusMinutes(number(m.group(6)));
        return d.plusSeconds(number(m.group(8)));
    }

    private static long number(String group) {
        return group == null ? 0 : Long.parseLong(group);
    }

    /** A short human form of a duration: {@code 1h 05m}, {@code 4m 10s}, {@code 12s}. */
    public static String human(Duration duration) {
        long seconds = Math.max(0, duration.toSeconds());
        if (seconds >= 3600) {
            return String.format(Locale.ROOT, "%dh %02dm", seconds / 3600, (seconds % 3600) / 60);
        }
        if (seconds >= 60) {
            return String.format(Locale.ROOT, "%dm %02ds", seconds / 60, seconds % 60);
        }
        return seconds + "s";
    }
}
