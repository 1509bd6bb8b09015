package io.punctual.submit.gateway;

import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A failure as a team may read it: what went wrong, without the gateway's stack frames or the paths of its host (a
 * caller can open neither, and the paths tell it how the gateway is laid out).
 */
final class CallerText {

    private static final Pattern CAUSE = Pattern.compile("\\s*Caused by:");
    private static final Pattern FRAME = Pattern.compile("\\s*(at \\S+\\(.*\\)|\\.\\.\\. \\d+ more)\\s*");
    /** An absolute path not inside a URI (hdfs:///x keeps its path: it is the cluster's, not the host's). */
    private static final Pattern HOST_PATH = Pattern.compile("(?<![\\w:/.-])/[\\w.+@-]+(/[\\w.+@-]*)*");

    /** A local file URI names the gateway's host as much as a bare path does. */
    private static final Pattern FILE_URI = Pattern.compile("\\bfile:(//)?/[\\w.+@/-]*");

    private CallerText() {
    }

    static String of(String reason) {
        if (reason == null) {
            return null;
        }
        // A cause chain names the gateway's classes and, in its messages, its files: the first line says what failed.
        String withoutFrames = reason.lines().takeWhile(line -> !CAUSE.matcher(line).lookingAt())
                .filter(line -> !FRAME.matcher(line).matches()).collect(Collectors.joining("\n"));
        String masked = FILE_URI.matcher(withoutFrames).replaceAll("file:<gateway path>");
        return HOST_PATH.matcher(masked).replaceAll("<gateway path>");
    }

    /**
     * A line of spark-submit's output, which ran on the gateway's host: its paths and local file URIs are masked,
     * its stack frames dropped (none).
     */
    static java.util.Optional<String> submitLine(String line) {
        if (FRAME.matcher(line).matches()) {
            return java.util.Optional.empty();
        }
        String masked = FILE_URI.matcher(line).replaceAll("file:<gateway path>");
        return java.util.Optional.of(HOST_PATH.matcher(masked).replaceAll("<gateway path>"));
    }
}
