package io.punctual.history.run;

import java.util.Objects;
import java.util.Optional;

/** One attempt of one Spark application: the unit the store keeps exactly once. */
public record RunId(String appId, Optional<String> attemptId) implements Comparable<RunId> {

    public RunId {
        Objects.requireNonNull(appId, "appId");
        Objects.requireNonNull(attemptId, "attemptId");
        if (appId.isBlank()) {
            throw new IllegalArgumentException("an application id cannot be empty");
        }
        attemptId = attemptId.filter(a -> !a.isBlank());
    }

    public static RunId of(String appId, String attemptIdOrNull) {
        return new RunId(appId, Optional.ofNullable(attemptIdOrNull));
    }

    /** {@code appId} or {@code appId/attempt}, the form {@link #parse} reads. */
    @Override
    public String toString() {
        return attemptId.map(a -> appId + "/" + a).orElse(appId);
    }

    public static RunId parse(String text) {
        int slash = text.indexOf('/');
        return slash < 0 ? of(text, null) : of(text.substring(0, slash), text.substring(slash + 1));
    }

    @Override
    public int compareTo(RunId other) {
        int byApp = appId.compareTo(other.appId);
        return byApp != 0 ? byApp : attemptId.orElse("").compareTo(other.attemptId.orElse(""));
    }
}
