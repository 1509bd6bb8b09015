package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What one team's request may reach on the gateway's host, tried as a hostile team would: client deploy mode, other
 * teams' files through plain paths, symlinks and {@code ..}, and another user's identity. Each refusal is a 403 with
 * the reason, before anything is recorded or launched.
 */
class GatewayAccessTest {

    @RegisterExtension
    final InMemoryGatewayHarness harness = new InMemoryGatewayHarness();

    private HttpResponse<String> post(String fields) throws Exception {
        return InMemoryGatewayHarness.call(harness.running(), InMemoryGatewayHarness.ANALYTICS, "POST", "/batches",
                "{\"className\": \"com.example.Job\", " + fields + "}");
    }

    private HttpResponse<String> dryRun(String fields) throws Exception {
        return InMemoryGatewayHarness.call(harness.running(), InMemoryGatewayHarness.ANALYTICS, "POST", "/batches?dryRun=true",
                "{\"className\": \"com.example.Job\", " + fields + "}");
    }

    private String jar() {
        return "\"file\": \"" + harness.jar + "\"";
    }

    private String growthConf() {
        return harness.confDir.resolve("teams/growth.conf").toString();
    }

    @Test
    void clientDeployModeIsRefusedWithTheReasonAndNothingRuns() throws Exception {
        HttpResponse<String> answer = post(jar() + ", \"conf\": {\"spark.submit.deployMode\": \"client\"}");

        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(403);
        assertThat(answer.body()).contains("cluster mode").contains("client-mode-teams");
        assertThat(dryRun(jar() + ", \"conf\": {\"spark.submit.deployMode\": \"client\"}").statusCode())
                .isEqualTo(403);
        assertThat(harness.launched()).isEmpty();
        assertThat(harness.running().port()).isPositive();
    }

    @Test
    void anotherTeamsFileIsRefusedInEveryFieldAndConfKey() throws Exception {
        String file = growthConf();
        for (String fields : new String[] {
                "\"file\": \"" + file + "\"",
                jar() + ", \"files\": [\"" + file + "\"]",
                jar() + ", \"jars\": [\"" + file + "\"]",
                jar() + ", \"pyFiles\": [\"" + file + "\"]",
                jar() + ", \"archives\": [\"" + file + "\"]",
                jar() + ", \"files\": [\"file://" + file + "\"]",
                jar() + ", \"files\": [\"local:" + file + "\"]",
                jar() + ", \"conf\": {\"spark.files\": \"hdfs:///ok.txt," + file + "\"}",
                jar() + ", \"conf\": {\"spark.yarn.dist.files\": \"" + file + "\"}"}) {
            HttpResponse<String> answer = post(fields);
            assertThat(answer.statusCode()).as(fields + " -> " + answer.body()).isEqualTo(403);
            assertThat(dryRun(fields).statusCode()).as("dry run of " + fields).isEqualTo(403);
        }
        assertThat(harness.launched()).isEmpty();
    }

    @Test
    void symlinksAndDotDotOutOfTheTeamsDirectoryAreRefused() throws Exception {
        Path allowed = harness.jar.getParent();
        Path link = Files.createSymbolicLink(allowed.resolve("innocent.conf"), Path.of(growthConf()));
        String dotDot = allowed + "/../../conf/embedded/teams/growth.conf";

        assertThat(post(jar() + ", \"files\": [\"" + link + "\"]").statusCode()).isEqualTo(403);
        assertThat(post(jar() + ", \"files\": [\"" + dotDot + "\"]").statusCode()).isEqualTo(403);
    }

    @Test
    void theRefusalDoesNotTellWhetherAPathExists() throws Exception {
        String existing = post(jar() + ", \"files\": [\"/etc/passwd\"]").body();
        String missing = post(jar() + ", \"files\": [\"/etc/no-such-file-here\"]").body();

        assertThat(existing.replace("/etc/passwd", "X")).isEqualTo(missing.replace("/etc/no-such-file-here", "X"));
    }

    @Test
    void filesInTheTeamsDirectoryAndRemoteUrisPass() throws Exception {
        Path data = Files.writeString(harness.jar.resolveSibling("lookup.csv"), "a,b");
        HttpResponse<String> answer = post(jar() + ", \"files\": [\"" + data + "\", \"hdfs:///shared/x.csv\"],"
                + " \"jars\": [\"s3a://bucket/lib.jar\", \"https://repo.example/lib.jar\"]");

        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
    }

    @Test
    void onAnHdfsClusterAPlainPathIsLaunchedAsItsHdfsUriAndARelativeOneIsABadRequest() throws Exception {
        // The harness hands its temporary directory to the gateway as HADOOP_CONF_DIR.
        Files.writeString(harness.tmp.resolve("core-site.xml"), "<configuration><property><name>fs.defaultFS</name>"
                + "<value>hdfs://namenode:8020</value></property></configuration>");

        HttpResponse<String> relative = post("\"file\": \"apps/job.jar\"");
        HttpResponse<String> answer = post("\"file\": \"/apps/job.jar\", \"jars\": [\"/lib/dep.jar\"]");

        assertThat(relative.statusCode()).as(relative.body()).isEqualTo(400);
        assertThat(relative.body()).contains("apps/job.jar").contains("must be absolute");
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
        Instant giveUp = Instant.now().plusSeconds(30);
        while (harness.launched().isEmpty() && Instant.now().isBefore(giveUp)) {
            Thread.sleep(50);
        }
        assertThat(harness.launched()).singleElement().satisfies(launch -> assertThat(launch.argv())
                .contains("hdfs://namenode:8020/apps/job.jar", "hdfs://namenode:8020/lib/dep.jar"));
    }

    /**
     * Livy passes {@code local:} to spark-submit as written: the file is on the nodes. The path named here is another
     * team's file on the gateway's host, which is never read or copied: it is only handed on.
     */
    @Test
    void onAnHdfsClusterALocalUriIsLaunchedAsWrittenWithoutTheGatewayReadingIt() throws Exception {
        Files.writeString(harness.tmp.resolve("core-site.xml"), "<configuration><property><name>fs.defaultFS</name>"
                + "<value>hdfs://namenode:8020</value></property></configuration>");
        Path othersFile = Files.writeString(Files.createDirectories(harness.tmp.resolve("growth")).resolve("x.csv"),
                "growth's");

        HttpResponse<String> answer = post("\"file\": \"local:/opt/jobs/etl.jar\", \"files\": [\"local:"
                + othersFile + "\"]");

        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
        Instant giveUp = Instant.now().plusSeconds(30);
        while (harness.launched().isEmpty() && Instant.now().isBefore(giveUp)) {
            Thread.sleep(50);
        }
        assertThat(harness.launched()).singleElement().satisfies(launch -> assertThat(launch.argv())
                .contains("local:/opt/jobs/etl.jar", "local:" + othersFile));
    }

    @Test
    void aProxyUserTheTeamDoesNotListIsRefused() throws Exception {
        HttpResponse<String> answer = post(jar() + ", \"proxyUser\": \"hdfs\"");

        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(403);
        assertThat(answer.body()).contains("proxyUser 'hdfs'").contains("proxy-users");
        assertThat(harness.launched()).isEmpty();
    }
}
