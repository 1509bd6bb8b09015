package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.punctual.submit.request.InvalidRequest;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Livy's resolution of a batch's files: no scheme means an absolute path on the cluster's default file system; only
 * what lands on the local file system is held to the team's directories.
 */
class LocalFilesTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final URI LOCAL = URI.create("file:///");
    private static final URI HDFS = URI.create("hdfs://namenode:8020");

    @TempDir
    Path tmp;
    private Path teamDir;
    private Path jar;
    private Path otherTeamsJar;

    @BeforeEach
    void files() throws Exception {
        teamDir = Files.createDirectories(tmp.resolve("analytics"));
        jar = Files.writeString(teamDir.resolve("job.jar"), "jar");
        otherTeamsJar = Files.writeString(Files.createDirectories(tmp.resolve("growth")).resolve("job.jar"), "jar");
    }

    private ShippedCopies copies;

    private LocalFiles on(URI defaultFs) {
        if (copies == null) {
            copies = new ShippedCopies(tmp.resolve("shipped"));
        }
        return new LocalFiles("analytics", List.of(teamDir), defaultFs, copies, false);
    }

    /** As {@link #on}, for a team the site lets run its driver on the gateway's host (client deploy mode). */
    private LocalFiles clientModeOn(URI defaultFs) {
        on(defaultFs);
        return new LocalFiles("analytics", List.of(teamDir), defaultFs, copies, true);
    }

    private static BatchRequest request(String fields) throws Exception {
        return BatchRequest.fromJson(JSON.readTree("{" + fields + "}"));
    }

    private static String file(Path path) {
        return "\"file\": \"" + path + "\"";
    }

    @Test
    void onALocalDefaultAPlainPathShipsTheGatewaysCopyWhenItIsTheTeamsAndIsRefusedWhenItIsNot() throws Exception {
        BatchRequest given = request(file(jar) + ", \"files\": [\"" + jar + "#alias\"]");

        BatchRequest resolved = on(LOCAL).resolve(given);

        Path copy = Path.of(resolved.file());
        assertThat(copy).startsWith(tmp.resolve("shipped")).hasFileName("job.jar").hasContent("jar");
        assertThat(resolved.files()).containsExactly(copy + "#alias");
        assertThatThrownBy(() -> on(LOCAL).resolve(request(file(otherTeamsJar))))
                .isInstanceOf(RequestRefused.class).hasMessageContaining("field 'file'")
                .hasMessageContaining("local-dirs");
    }

    @Test
    void onALocalDefaultSymlinksAndDotDotOutOfTheTeamsDirectoryAreStillRefused() throws Exception {
        Path link = Files.createSymbolicLink(teamDir.resolve("link.jar"), otherTeamsJar);
        String dotDot = teamDir + "/../growth/job.jar";

        assertThatThrownBy(() -> on(LOCAL).resolve(request(file(link)))).isInstanceOf(RequestRefused.class);
        assertThatThrownBy(() -> on(LOCAL).resolve(request("\"file\": \"" + dotDot + "\"")))
                .isInstanceOf(RequestRefused.class);
        assertThatThrownBy(() -> on(HDFS).resolve(request(file(jar) + ", \"jars\": [\"file:" + otherTeamsJar + "\"]")))
                .as("an explicit file: URI is local whatever the default").isInstanceOf(RequestRefused.class)
                .hasMessageContaining("field 'jars'");
    }

    @Test
    void onAnHdfsDefaultPlainPathsBecomeHdfsUrisAndAreNotHeldToTheTeamsDirectories() throws Exception {
        BatchRequest given = request("\"file\": \"/apps/job.jar\", \"jars\": [\"/lib/a.jar,/lib/b.jar\"],"
                + " \"files\": [\"/data/lookup.csv#lookup\"], \"pyFiles\": [\"s3a://bucket/dep.py\"],"
                + " \"conf\": {\"spark.yarn.dist.archives\": \"/data/env.tgz\", \"spark.app.name\": \"/not/a/file\"}");

        BatchRequest resolved = on(HDFS).resolve(given);

        assertThat(resolved.file()).isEqualTo("hdfs://namenode:8020/apps/job.jar");
        assertThat(resolved.jars()).containsExactly("hdfs://namenode:8020/lib/a.jar,hdfs://namenode:8020/lib/b.jar");
        assertThat(resolved.files()).containsExactly("hdfs://namenode:8020/data/lookup.csv#lookup");
        assertThat(resolved.pyFiles()).containsExactly("s3a://bucket/dep.py");
        assertThat(resolved.conf()).containsEntry("spark.yarn.dist.archives", "hdfs://namenode:8020/data/env.tgz")
                .containsEntry("spark.app.name", "/not/a/file");
    }

    /**
     * Livy's rule: {@code local:} names a file on every node, which the gateway neither reads nor ships. On a cluster
     * whose nodes are not the gateway's host, and with the driver on a node, it passes as written, even a path that
     * names another team's file on the gateway's host: that file is never read there.
     */
    @Test
    void onAnHdfsClusterLocalUrisPassAsWrittenWithoutTouchingTheGatewaysDisk() throws Exception {
        String nodeJar = "local:/opt/jobs/etl.jar";
        String nodeLibs = "local:/usr/lib/spark/extra.jar,local:/usr/lib/spark/more.jar";
        String sameNameAsAnotherTeamsFile = "local:" + otherTeamsJar;
        BatchRequest given = request("\"file\": \"" + nodeJar + "\", \"jars\": [\"" + nodeLibs + "\"],"
                + " \"files\": [\"" + sameNameAsAnotherTeamsFile + "#lookup\"],"
                + " \"conf\": {\"spark.yarn.dist.files\": \"local:/etc/node/lookup.csv\"}");

        BatchRequest resolved = on(HDFS).resolve(given);

        assertThat(resolved.file()).isEqualTo(nodeJar);
        assertThat(resolved.jars()).containsExactly(nodeLibs);
        assertThat(resolved.files()).containsExactly(sameNameAsAnotherTeamsFile + "#lookup");
        assertThat(resolved.conf()).containsEntry("spark.yarn.dist.files", "local:/etc/node/lookup.csv");
        assertThat(tmp.resolve("shipped")).satisfiesAnyOf(dir -> assertThat(dir).doesNotExist(),
                dir -> assertThat(dir).isEmptyDirectory());
    }

    /**
     * Where {@code local:} would be read on the gateway's host (the embedded cluster's nodes are that host; a client-mode
     * driver runs there; spark-submit opens a keytab there), it stays held to the team's directories: another team's
     * file is never reached through the gateway.
     */
    @Test
    void whereTheGatewaysHostWouldReadItALocalUriIsStillHeldToTheTeamsDirectories() throws Exception {
        String others = "\"local:" + otherTeamsJar + "\"";

        assertThatThrownBy(() -> on(LOCAL).resolve(request("\"file\": " + others)))
                .isInstanceOf(RequestRefused.class).hasMessageContaining("field 'file'");
        assertThatThrownBy(() -> clientModeOn(HDFS).resolve(request("\"file\": " + others)))
                .isInstanceOf(RequestRefused.class).hasMessageContaining("local-dirs");
        assertThatThrownBy(() -> on(HDFS).resolve(request("\"file\": \"/apps/job.jar\", \"conf\":"
                + " {\"spark.yarn.keytab\": " + others + "}"))).isInstanceOf(RequestRefused.class)
                .hasMessageContaining("conf.spark.yarn.keytab");
        assertThat(on(LOCAL).resolve(request("\"file\": \"local:" + jar + "\"")).file())
                .as("the team's own file ships as the gateway's copy").startsWith("local:" + tmp.resolve("shipped"));
    }

    @Test
    void aKeytabSparkSubmitReadsOnTheGatewaysHostStaysALocalPathOnAnHdfsCluster() throws Exception {
        BatchRequest given = request("\"file\": \"/apps/job.jar\", \"conf\": {\"spark.kerberos.keytab\": \""
                + otherTeamsJar + "\"}");

        assertThatThrownBy(() -> on(HDFS).resolve(given)).isInstanceOf(RequestRefused.class)
                .hasMessageContaining("conf.spark.kerberos.keytab");
    }

    @Test
    void aRelativePathIsABadRequestThatSaysWhyOnEitherDefault() throws Exception {
        for (URI defaultFs : List.of(LOCAL, HDFS)) {
            assertThatThrownBy(() -> on(defaultFs).resolve(request(file(jar) + ", \"archives\": [\"env/python.tgz\"]")))
                    .isInstanceOf(InvalidRequest.class).hasMessageContaining("field 'archives'")
                    .hasMessageContaining("env/python.tgz").hasMessageContaining("must be absolute")
                    .hasMessageContaining(defaultFs.toString());
        }
    }

    @Test
    void whatWasCheckedIsWhatShipsEvenWhenTheFileIsSwappedForASymlinkAfterwards() throws Exception {
        Path secret = Files.writeString(tmp.resolve("growth/secret.txt"), "growth's secret");
        Path data = Files.writeString(teamDir.resolve("lookup.csv"), "a,b");
        BatchRequest resolved = on(LOCAL).resolve(request(file(jar) + ", \"files\": [\"" + data + "\","
                + " \"file:" + data + "\", \"local:" + data + "\"]"));

        Files.delete(data);
        Files.createSymbolicLink(data, secret);

        assertThat(Path.of(resolved.files().get(0))).hasContent("a,b");
        assertThat(Path.of(resolved.files().get(1).substring("file:".length()))).hasContent("a,b");
        assertThat(Path.of(resolved.files().get(2).substring("local:".length()))).hasContent("a,b");
        assertThatThrownBy(() -> on(LOCAL).resolve(request(file(jar) + ", \"files\": [\"" + data + "\"]")))
                .as("the swapped file is judged again on a new request").isInstanceOf(RequestRefused.class);
    }

    @Test
    void aFileCopiedBeforeIsNotReadAgainUntilItChanges() throws Exception {
        LocalFiles files = on(LOCAL);
        Path first = Path.of(files.resolve(request(file(jar))).file());
        Path again = Path.of(files.resolve(request(file(jar))).file());
        Files.writeString(jar, "a new build of the jar");
        Path changed = Path.of(files.resolve(request(file(jar))).file());

        assertThat(again).isEqualTo(first);
        assertThat(changed).isNotEqualTo(first).hasContent("a new build of the jar");
        assertThat(first).hasContent("jar");
    }
}
