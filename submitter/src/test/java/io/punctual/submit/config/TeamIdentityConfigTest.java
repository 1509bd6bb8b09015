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

    @Test
    void duringARotationBothTokensActAsTheTeam() {
        conf.teamFile("a.conf", team("previous-token = \"a-old-0123456789abcdef\""))
                .teamFile("b.conf", ConfDir.team("b", "b", 10));
        PunctualConfig config = conf.valid();

        assertThat(config.teamForToken("a-0123456789abcdef")).map(TeamConfig::name).contains("a");
        assertThat(config.teamForToken("a-old-0123456789abcdef")).map(TeamConfig::name).contains("a");
        assertThat(config.teamForToken("b-0123456789abcdef")).map(TeamConfig::name).contains("b");
        assertThat(config.team("b").orElseThrow().tokens()).hasSize(1);
    }

    @Test
    void aPreviousTokenThatIsTheTokenItselfSaysHowARotationGoes() {
        conf.teamFile("a.conf", team("previous-token = \"a-0123456789abcdef\""));

        assertThat(conf.messages()).singleElement().asString().contains("punctual.team.previous-token")
                .contains("same token as the team's token").contains("Drop previous-token")
                .doesNotContain("0123456789abcdef");
    }

    @Test
    void aPreviousTokenThatIsAnotherTeamsTokenIsAnError() {
        conf.teamFile("a.conf", team("previous-token = \"b-0123456789abcdef\""))
                .teamFile("b.conf", ConfDir.team("b", "b", 10));

        assertThat(String.join("\n", conf.messages())).contains("same token as team").contains("own token")
                .doesNotContain("0123456789abcdef");
    }

    @Test
    void aTeamTokenThatIsTheMetricsTokenIsAnError() {
        conf.site("punctual.gateway.metrics-token = \"a-0123456789abcdef\"\n")
                .teamFile("a.conf", ConfDir.team("a", "a", 10));

        assertThat(conf.messages()).singleElement().asString().contains("punctual.team.token")
                .contains("the site's punctual.gateway.metrics-token").doesNotContain("0123456789abcdef");
    }

    @Test
    void aShortMetricsTokenIsRefusedWithoutBeingShown() {
        conf.site("punctual.gateway.metrics-token = \"short\"\n");

        assertThat(conf.messages()).singleElement().asString().contains("punctual.gateway.metrics-token")
                .contains("at least 16 characters").contains("not shown").doesNotContain("\"short\"");
    }
}
