package io.punctual.yarn.doctor;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterDoctorTest {

    @Test
    void aResourceManagerThatIsNotThereIsMissingAndWhatOnlyItCanTellIsUnknownNotGuessed(@TempDir Path dir)
            throws Exception {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        Files.writeString(dir.resolve("yarn-site.xml"), """
                <configuration>
                  <property><name>yarn.resourcemanager.address</name><value>127.0.0.1:%d</value></property>
                  <property><name>yarn.resourcemanager.webapp.address</name><value>127.0.0.1:%d</value></property>
                </configuration>
                """.formatted(closed, closed));
        Path writable = Files.createDirectory(dir.resolve("logs"));
        Path blocked = Files.writeString(dir.resolve("a-file"), "not a directory");

        List<Finding> found = ClusterDoctor.examine(dir, new Expectations("sla", "punctual", List.of("etl"),
                List.of(writable.toUri().toString(), blocked.resolve("below").toUri().toString())));

        assertThat(found).extracting(Finding::prerequisite).containsExactly(Prerequisite.values());
        assertThat(found).filteredOn(f -> f.verdict() == Verdict.MISSING).extracting(Finding::prerequisite)
                .containsExactly(Prerequisite.RESOURCE_MANAGER, Prerequisite.WEB_APP, Prerequisite.DIRECTORIES);
        assertThat(found.get(0).detail()).contains("127.0.0.1:" + closed);
        assertThat(found).filteredOn(f -> f.verdict() == Verdict.UNKNOWN).hasSize(5);
        Finding dirs = found.get(found.size() - 1);
        assertThat(dirs.detail()).contains("a-file/below").doesNotContain(writable.toUri().toString());
        assertThat(Files.list(writable)).as("the probe file is removed").isEmpty();
    }

}
