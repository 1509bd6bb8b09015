package io.punctual.submit.config;

import java.util.Objects;

/**
 * Where one resolved value came from, for {@code explain}.
 *
 * @param location the file, line and HOCON path ({@code conf/teams/finance.conf:12: punctual.team.confidence}), or
 *                 the request's conf key ({@code request conf spark.deadline.confidence})
 */
public record Origin(Level level, String location) {

    public Origin {
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(location, "location");
    }

    @Override
    public String toString() {
        return level.label() + " (" + location + ")";
    }
}
