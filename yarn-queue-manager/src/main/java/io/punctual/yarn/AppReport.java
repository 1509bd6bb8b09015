package io.punctual.yarn;

import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * What the ResourceManager says about one application, in Punctual's terms.
 *
 * @param queue       the leaf queue the scheduler runs it in (a reservation's queue when it runs in one)
 * @param yarnState   YARN's own state and final status, e.g. {@code FINISHED/SUCCEEDED}, kept for messages
 * @param diagnostics YARN's diagnostics, empty when it has none
 */
public record AppReport(
        AppId id,
        String name,
        String user,
        String queue,
        AppState state,
        String yarnState,
        Set<String> tags,
        Instant started,
        Optional<Instant> finished,
        float progress,
        String diagnostics,
        Optional<String> trackingUrl) {

    public AppReport {
        tags = Set.copyOf(tags);
    }
}
