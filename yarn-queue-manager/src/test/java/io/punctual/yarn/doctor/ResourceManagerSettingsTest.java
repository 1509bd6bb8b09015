package io.punctual.yarn.doctor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResourceManagerSettingsTest {

    private static ResourceManagerSettings settings(String... keyValues) {
        var map = new java.util.HashMap<String, String>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put(keyValues[i], keyValues[i + 1]);
        }
        return new ResourceManagerSettings(Map.copyOf(map));
    }

    private static final String CS = "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler";

    @Test
    void queuesChangeAtRunTimeOnlyWithTheCapacitySchedulerAndAStoreOtherThanTheFile() {
        assertThat(settings("yarn.resourcemanager.scheduler.class", CS).mutableQueues().verdict())
                .isEqualTo(Verdict.MISSING);
        assertThat(settings("yarn.resourcemanager.scheduler.class", CS, "yarn.scheduler.configuration.store.class",
                "zk").mutableQueues().verdict()).isEqualTo(Verdict.MET);
        var memory = settings("yarn.resourcemanager.scheduler.class", CS, "yarn.scheduler.configuration.store.class",
                "memory").mutableQueues();
        assertThat(memory.verdict()).isEqualTo(Verdict.MET);
        assertThat(memory.detail()).contains("lost when the ResourceManager restarts");
        var fair = settings("yarn.resourcemanager.scheduler.class", "org.example.FairScheduler",
                "yarn.scheduler.configuration.store.class", "zk").mutableQueues();
        assertThat(fair.verdict()).isEqualTo(Verdict.MISSING);
        assertThat(fair.detail()).contains("FairScheduler");
    }

    @Test
    void theAdminAclIsReadAsHadoopWritesItUsersThenASpaceThenGroups() {
        assertThat(settings("yarn.acl.enable", "false", "yarn.admin.acl", "nobody").adminAcl("punctual").verdict())
                .isEqualTo(Verdict.MET);
        assertThat(settings("yarn.acl.enable", "true", "yarn.admin.acl", "*").adminAcl("punctual").verdict())
                .isEqualTo(Verdict.MET);
        assertThat(settings("yarn.acl.enable", "true", "yarn.admin.acl", "yarn,punctual admins")
                .adminAcl("punctual").verdict()).isEqualTo(Verdict.MET);
        var byGroup = settings("yarn.acl.enable", "true", "yarn.admin.acl", " admins,ops").adminAcl("punctual");
        assertThat(byGroup.verdict()).isEqualTo(Verdict.UNKNOWN);
        assertThat(byGroup.detail()).contains("admins,ops");
        assertThat(settings("yarn.acl.enable", "true", "yarn.admin.acl", "yarn").adminAcl("punctual").verdict())
                .isEqualTo(Verdict.MISSING);
        // "punctualx" is another user, not a prefix match.
        assertThat(settings("yarn.acl.enable", "true", "yarn.admin.acl", "punctualx").adminAcl("punctual").verdict())
                .isEqualTo(Verdict.MISSING);
    }

    @Test
    void proxyUsersNeedHostsAndEveryTeamsUserByNameOrStarElseDependOnGroups() {
        assertThat(settings().proxyUsers("punctual", List.of()).verdict()).isEqualTo(Verdict.MET);
        assertThat(settings().proxyUsers("punctual", List.of("etl")).verdict()).isEqualTo(Verdict.MISSING);
        String p = "hadoop.proxyuser.punctual.";
        assertThat(settings(p + "hosts", "*", p + "users", "etl,bi").proxyUsers("punctual", List.of("etl", "bi"))
                .verdict()).isEqualTo(Verdict.MET);
        var oneShort = settings(p + "hosts", "*", p + "users", "etl").proxyUsers("punctual", List.of("etl", "bi"));
        assertThat(oneShort.verdict()).isEqualTo(Verdict.MISSING);
        assertThat(oneShort.detail()).contains("bi").doesNotContain("etl,");
        assertThat(settings(p + "hosts", "gw1", p + "users", "*").proxyUsers("punctual", List.of("etl")).verdict())
                .isEqualTo(Verdict.MET);
        assertThat(settings(p + "hosts", "*", p + "groups", "analysts").proxyUsers("punctual", List.of("etl"))
                .verdict()).isEqualTo(Verdict.UNKNOWN);
        assertThat(settings(p + "users", "*").proxyUsers("punctual", List.of("etl")).verdict())
                .isEqualTo(Verdict.MISSING);
    }
}
