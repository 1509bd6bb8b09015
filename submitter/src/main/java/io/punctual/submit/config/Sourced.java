package io.punctual.submit.config;

import java.util.Objects;

/** A setting's value together with where it came from. */
public record Sourced<T>(T value, Origin origin) {

    public Sourced {
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(origin, "origin");
    }

    public Level level() {
        return origin.level();
    }
}
