package io.punctual.submit.assembly;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.JobKey;
import io.punctual.submit.home.PunctualHome;
import io.punctual.submit.config.ConfigLoader;
import io.punctual.submit.config.LoadResult;
import io.punctual.submit.pipeline.SizingSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A deployment re-plans running jobs once {@code punctual.cluster.executor-targets} names a directory (the driver
 * plugin's jar is in the install the tests run from): its jobs are then sized to start below θ, as the simulator's
 * {@code punctual} sizes them; without it each job is sized once, at θ.
 */
class ReplanningSwitchTest {

    @TempDir
    Path tmp;

    @Test
    void jobsStartBelowThetaOnlyWhereRunningJobsAreReplanned() throws IOException {
        SizingSettings once = sizing("");
        SizingSettings replanned = sizing("punctual.cluster.executor-targets = \"/punctual/targets\"\n");

        assertThat(once.startAt()).isEmpty();
        assertThat(replanned.startAt()).contains(SizingSettings.START_CONFIDENCE);
        assertThat(replanned.confidence()).isEqualTo(once.confidence()).isGreaterThan(SizingSettings.START_CONFIDENCE);
    }

    private SizingSettings sizing(String site) throws IOException {
        Path dir = Files.createTempDirectory(tmp, "conf");
        Files.writeString(dir.resolve("site.conf"), site);
        LoadResult result = ConfigLoader.load(dir, Map.of());
        assertThat(result).isInstanceOf(LoadResult.Loaded.class);
        Assembly assembly = Assembly.of(((LoadResult.Loaded) result).config(), new PunctualHome(tmp.resolve("home")),
                tmp.resolve("store"), Clock.systemUTC(), Optional.empty());
        return assembly.sizing(assembly.settings(new JobKey("analytics", "nightly"), Map.of()));
    }
}
