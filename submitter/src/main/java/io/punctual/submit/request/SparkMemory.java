package io.punctual.submit.request;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Spark's memory strings ({@code 512m}, {@code 4g}, {@code 2048}) in MiB, read the way Spark reads them. */
public final class SparkMemory {

    private static final Pattern FORM = Pattern.compile("(\\d+)([kmgtp]?)b?");

    private SparkMemory() {
    }

    /** MiB for a Spark memory setting; a bare number is MiB, as Spark's executor and driver memory keys read it. */
    public static long mebibytes(String text, String setting) {
        Matcher m = FORM.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new InvalidRequest(setting + " must be a size such as 512m or 4g, got '" + text + "'");
        }
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "k" -> Math.max(1, n / 1024);
            case "", "m" -> n;
            case "g" -> n * 1024;
            case "t" -> n * 1024 * 1024;
            default -> n * 1024 * 1024 * 1024;
        };
    }
}
