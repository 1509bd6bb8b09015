package io.punctual.submit.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A team file's identities: the user its batches run as by default, and the tokens it answers to. */
class TeamIdentityConfigTest {

    @TempDir
    Path tmp;
    private ConfDir conf;

    @BeforeEach
    void setUp() {
        conf = new ConfDir(tmp);
    }

    private static String team(String more) {
        return ConfDir.team("a", "a", 10).replace("}\n", "  " + more + "\n}\n");
    }

    @Test
    void runAsIsReadWhenItIsOneOfTheProxyUsers() {
        conf.teamFile("a.conf", team("proxy-users = [etl, reporting]\n  run-as = etl"));

        TeamConfig.Access access = conf.valid().team("a").orElseThrow().access();

        assertThat(access.runAs()).contains("etl");
        assertThat(access.proxyUsers()).containsExactly("etl", "reporting");
    }

    @Test
    void withoutRunAsBatchesRunAsTheGatewaysUser() {
        conf.teamFile("a.conf", team("proxy-users = [etl]"));

        assertThat(conf.valid().team("a").orElseThrow().access().runAs()).isEqualTo(Optional.empty());
    }

    @Test
    void aRunAsOutsideTheProxyUsersIsAnErrorThatSaysWhatToDo() {
        conf.teamFile("a.conf", team("proxy-users = [etl]\n  run-as = hdfs"));

        assertThat(conf.messages()).singleElement().asString().contains("punctual.team.run-as")
                .contains("run-as 'hdfs' is not in proxy-users").contains("add it to proxy-users")
                .contains("drop run-as");
    }
}
