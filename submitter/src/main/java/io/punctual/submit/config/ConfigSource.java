package io.punctual.submit.config;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The configuration a running gateway uses: loaded once at start-up, re-read from its directory on demand. A reload
 * that finds an invalid directory keeps the last good configuration and remembers why, for {@code /healthz}; the next
 * good reload clears it. Safe to call from any thread: readers always see one whole configuration.
 */
public final class ConfigSource {

    /**
     * What {@code /healthz} reports.
     *
     * @param loadedAt   when the configuration in use was loaded
     * @param lastFailure the problems of the latest reload, if it was refused
     */
    public record Health(Instant loadedAt, Optional<Failure> lastFailure) {

        public boolean healthy() {
            return lastFailure.isEmpty();
        }
    }

    /** A refused reload: when, and every problem it found. */
    public record Failure(Instant at, List<ConfigProblem> problems) {

        public Failure {
            problems = List.copyOf(problems);
        }
    }

    private record State(PunctualConfig config, Instant loadedAt, Optional<Failure> lastFailure) {
    }

    private final Path dir;
    private final Map<String, String> env;
    private final Clock clock;
    private final AtomicReference<State> state;

    private ConfigSource(Path dir, Map<String, String> env, Clock clock, PunctualConfig first) {
        this.dir = dir;
        this.env = Map.copyOf(env);
        this.clock = clock;
        this.state = new AtomicReference<>(new State(first, clock.instant(), Optional.empty()));
    }

    /**
     * Loads {@code dir} for the first time.
     *
     * @throws InvalidConfigException listing every problem, when the directory is not valid: with no earlier
     *                                configuration to keep, the gateway must not start
     */
    public static ConfigSource open(Path dir, Map<String, String> env, Clock clock) {
        Objects.requireNonNull(clock, "clock");
        LoadResult result = ConfigLoader.load(dir, env);
        if (result instanceof LoadResult.Invalid invalid) {
            throw new InvalidConfigException(invalid.problems());
        }
        return new ConfigSource(dir, env, clock, ((LoadResult.Loaded) result).config());
    }

    public PunctualConfig current() {
        return state.get().config();
    }

    /** Re-reads the directory; applies it when valid, otherwise keeps the current configuration. */
    public synchronized ReloadOutcome reload() {
        LoadResult result = ConfigLoader.load(dir, env);
        Instant now = clock.instant();
        if (result instanceof LoadResult.Loaded loaded) {
            state.set(new State(loaded.config(), now, Optional.empty()));
            return new ReloadOutcome.Applied(loaded.config());
        }
        List<ConfigProblem> problems = ((LoadResult.Invalid) result).problems();
        State kept = state.updateAndGet(s -> new State(s.config(), s.loadedAt(), Optional.of(new Failure(now, problems))));
        return new ReloadOutcome.Kept(kept.config(), problems);
    }

    public Health health() {
        State s = state.get();
        return new Health(s.loadedAt(), s.lastFailure());
    }

    /** The team an {@code Authorization} header authenticates under the configuration in use. */
    public Optional<TeamConfig> authenticate(String authorizationHeader) {
        return current().authenticate(authorizationHeader);
    }

    public Path directory() {
        return dir;
    }
}
