package io.punctual.submit.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.punctual.submit.config.PunctualConfig;
import io.punctual.submit.config.TeamConfig;
import io.punctual.yarn.hadoop.ClusterFiles;
import io.punctual.yarn.hadoop.YarnGateways;
import io.punctual.yarn.doctor.ClusterDoctor;
import io.punctual.yarn.doctor.Expectations;
import io.punctual.yarn.doctor.Finding;
import io.punctual.yarn.doctor.Verdict;
import io.punctual.yarn.embedded.EmbeddedYarn;
import io.punctual.yarn.embedded.EmbeddedYarnSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code punctual doctor}: checks the cluster HADOOP_CONF_DIR names against what Punctual needs of it (the
 * prerequisites page, {@code docs/prerequisites.md}) and says what is missing and how to fix it.
 */
public final class DoctorCommand implements Command {

    static final String USAGE = """
            Usage: punctual doctor [--conf-dir <dir>] [--embedded] [--json]

            Checks the YARN cluster that HADOOP_CONF_DIR (or YARN_CONF_DIR) names against what Punctual needs: the
            ResourceManager and its web services answer, the ReservationSystem is on, the plan queue
            (punctual.cluster.plan-queue) is reservable, queues can be changed at run time, this user may change
            them (yarn.admin.acl) and impersonate the teams' proxy-users, and the event-log and Spark archive
            directories are writable. Run it as the user the gateway runs as. It changes nothing on the cluster
            (a probe file is written and removed in each directory). --embedded checks a fresh in-process cluster.
            Exit status 0 when nothing is missing (some checks may be unknown: the output says why), 1 otherwise.
            What each prerequisite is and where to set it: docs/prerequisites.md.
            """;

    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public String summary() {
        return "check a cluster against what Punctual needs of it, and say what is missing";
    }

    @Override
    public int run(List<String> argv, CliContext context) {
        Flags flags = Flags.parse(argv, Set.of(ConfDirs.FLAG), Set.of("--embedded", "--json", "--help"), "doctor");
        if (flags.has("--help")) {
            context.out().print(USAGE);
            return ExitStatus.OK;
        }
        boolean embedded = flags.has("--embedded");
        PunctualConfig config = ConfDirs.load(flags.value(ConfDirs.FLAG), context, embedded);
        if (embedded) {
            try (EmbeddedYarn yarn = EmbeddedYarn.start(EmbeddedYarnSpec.defaults(), context.home().embeddedConf())) {
                return report(examine(yarn.confDir(), config, context), flags.has("--json"), context);
            }
        }
        Path confDir = YarnGateways.confDirFrom(context.env()).orElseThrow(() -> new UsageException(
                "no cluster to check: set HADOOP_CONF_DIR (or YARN_CONF_DIR) to your YARN client configuration,"
                        + " or pass --embedded"));
        return report(examine(confDir, config, context), flags.has("--json"), context);
    }

    private static List<Finding> examine(Path confDir, PunctualConfig config, CliContext context) {
        Set<String> proxyUsers = new TreeSet<>();
        for (TeamConfig team : config.teams().values()) {
            proxyUsers.addAll(team.access().proxyUsers());
        }
        String eventLogs = config.site().history().eventLogUri(context.home());
        String archive = ClusterFiles.fromConfDir(confDir).qualify(config.site().spark().archiveDir());
        var expected = new Expectations(config.site().cluster().planQueue(), System.getProperty("user.name"),
                List.copyOf(proxyUsers), List.of(eventLogs, archive));
        return ClusterDoctor.examine(confDir, expected);
    }

    private static int report(List<Finding> findings, boolean json, CliContext context) {
        boolean missing = findings.stream().anyMatch(f -> f.verdict() == Verdict.MISSING);
        if (json) {
            ObjectNode root = JSON.createObjectNode().put("ok", !missing);
            var list = root.putArray("prerequisites");
            for (Finding f : findings) {
                ObjectNode item = list.addObject().put("prerequisite", f.prerequisite().name().toLowerCase())
                        .put("title", f.prerequisite().title()).put("verdict", f.verdict().name().toLowerCase())
                        .put("detail", f.detail());
                Optional.of(f).filter(x -> x.verdict() == Verdict.MISSING).ifPresent(x -> item.put("fix", x.fix()));
            }
            context.out().println(root);
        } else {
            for (Finding f : findings) {
                context.out().printf("%-8s %s: %s%n", label(f.verdict()), f.prerequisite().title(), f.detail());
                if (f.verdict() == Verdict.MISSING) {
                    context.out().println("         fix: " + f.fix());
                }
            }
            long count = findings.stream().filter(f -> f.verdict() == Verdict.MISSING).count();
            context.out().println(missing ? "punctual doctor: " + count + " prerequisite" + (count == 1 ? "" : "s")
                    + " missing; see docs/prerequisites.md" : "punctual doctor: nothing missing");
        }
        return missing ? ExitStatus.FAILED : ExitStatus.OK;
    }

    private static String label(Verdict verdict) {
        return switch (verdict) {
            case MET -> "ok";
            case MISSING -> "MISSING";
            case UNKNOWN -> "unknown";
        };
    }
}
