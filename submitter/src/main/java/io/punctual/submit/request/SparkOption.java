package io.punctual.submit.request;

import java.util.Optional;

/** One spark-submit option as the user wrote it: its long name, and its value unless it is a switch. */
public record SparkOption(String name, Optional<String> value) {

    public static SparkOption of(String name, String value) {
        return new SparkOption(name, Optional.of(value));
    }

    public static SparkOption flag(String name) {
        return new SparkOption(name, Optional.empty());
    }
}
