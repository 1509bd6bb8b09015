package io.punctual.yarn.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** A process naming a killed cluster's directory is stopped; one naming a live JVM's cluster is not. */
class OrphanedContainersTest {

    /**
     * Unique per run: stand-ins left by an earlier run that was killed mid-test are orphans of the same name, and
     * would be counted here.
     */
    private static final String NAME = "orphan-test-cluster-" + ProcessHandle.current().pid();

    /** Starts a process whose command line names {@code NAME-owner}, detached from this JVM as a container is. */
    private static ProcessHandle container(long owner) throws IOException, InterruptedException {
        String marker = "/tmp/" + NAME + "-" + owner + "/container_1";
        new ProcessBuilder("sh", "-c", "python3 -c 'import time; time.sleep(120)' " + marker + " &").start().waitFor();
        Instant giveUp = Instant.now().plus(Duration.ofSeconds(10));
        while (Instant.now().isBefore(giveUp)) {
            // Until the shell that started it has gone, two processes carry the marker: wait for the one.
            List<ProcessHandle> found = ProcessHandle.allProcesses().filter(p -> p.info().commandLine()
                    .map(c -> c.contains(marker)).orElse(false)).toList();
            if (found.size() == 1 && found.get(0).info().command().map(c -> c.contains("python")).orElse(false)) {
                return found.get(0);
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the stand-in container did not start");
    }

    private static long deadPid() {
        return LongStream.iterate(4_000_000, p -> p - 1).filter(p -> ProcessHandle.of(p).isEmpty()).findFirst()
                .orElseThrow();
    }

    @Test
    void aContainerOfAKilledClusterIsStoppedAndOneOfALiveClusterIsLeft() throws Exception {
        ProcessHandle orphan = container(deadPid());
        ProcessHandle owned = container(ProcessHandle.current().pid());
        try {
            assertThat(OrphanedContainers.stop(NAME)).isEqualTo(1);

            assertThat(orphan.onExit().get(10, java.util.concurrent.TimeUnit.SECONDS).isAlive()).isFalse();
            assertThat(owned.isAlive()).isTrue();
        } finally {
            orphan.destroyForcibly();
            owned.destroyForcibly();
        }
    }
}
