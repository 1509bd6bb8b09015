package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CallerTextTest {

    @Test
    void stackFramesAndHostPathsAreLeftOutTheMessageStays() {
        String reason = "spark-submit ended (FAILED) before the application reached YARN; its output is in"
                + " /home/gw/.punctual/store/logs/gw-1.spark-submit.log:\n"
                + "org.apache.hadoop.security.AccessControlException: User punctual cannot impersonate hdfs\n"
                + "\tat org.apache.hadoop.ipc.Client.call(Client.java:1511)\n"
                + "\tat org.apache.spark.deploy.SparkSubmit.main(SparkSubmit.scala)\n"
                + "\t... 12 more";

        String shown = CallerText.of(reason);

        assertThat(shown).contains("cannot impersonate hdfs").contains("its output is in <gateway path>")
                .doesNotContain("/home/gw").doesNotContain("Client.java").doesNotContain("more");
        assertThat(CallerText.of("cannot read hdfs:///data/in or s3a://b/k")).isEqualTo(
                "cannot read hdfs:///data/in or s3a://b/k");
    }

    @Test
    void aCauseChainAndFileUrisOfTheHostAreLeftOut() {
        String reason = "failed while launching: could not take a copy of a shipped file\n"
                + "Caused by: java.nio.file.AccessDeniedException: /var/lib/punctual/store/work/shipped/x.part\n"
                + "\tat java.base/sun.nio.fs.UnixException.translateToIOException(UnixException.java:90)\n"
                + "read file:///var/lib/punctual/store/journal";

        String shown = CallerText.of(reason);

        assertThat(shown).isEqualTo("failed while launching: could not take a copy of a shipped file");
        assertThat(CallerText.of("cannot open file:///var/lib/punctual/x")).isEqualTo("cannot open file:<gateway path>");
    }
}
