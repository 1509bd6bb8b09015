package io.punctual.bench.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import io.punctual.yarn.embedded.EmbeddedYarn;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Two gateways ({@code bin/punctual serve}, each with its own home) over one PostgreSQL and the embedded YARN; the
 * leading one is paused with SIGSTOP just after it accepted real batches (so it may be in the middle of launching
 * them), kept paused past its lease's silence, and resumed. Measures how long the other took to lead, whether every
 * batch ran exactly once (one YARN application per batch) and whether the resumed gateway knows it no longer leads.
 *
 * <pre>benchmarks/scripts/two-gateways.sh --pause [--batches 3] [--paused-s 100]</pre>
 */
public final class PausedLeadLive {

    private PausedLeadLive() {
    }

    public static void main(String[] argv) throws Exception {
        int count = Integer.parseInt(GatewayNode.option(argv, "--batches", "3"));
        Duration paused = Duration.ofSeconds(Long.parseLong(GatewayNode.option(argv, "--paused-s", "100")));
        try (TwoGateways gateways = TwoGateways.start(argv, "punctual-paused-lead")) {
            GatewayNode lead = gateways.lead;
            String jar = gateways.workloadsJar();
            List<Integer> ids = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                ids.add(post(lead, jar, "before-pause-" + i));
            }
            signal(lead, "STOP");
            Instant stopped = Instant.now();
            Optional<Duration> takeover = awaitLead(gateways.other, stopped, paused);
            for (int i = 0; i < count; i++) {
                ids.add(post(gateways.other, jar, "while-paused-" + i));
            }
            Thread.sleep(Math.max(0, paused.minus(Duration.between(stopped, Instant.now())).toMillis()));
            signal(lead, "CONT");
            Instant resumed = Instant.now();
            Thread.sleep(15_000);
            boolean resumedLeads = lead.leads();
            Map<Integer, JsonNode> batches = SharedStoreBurst.awaitFinal(gateways.other, Duration.ofMinutes(10));
            gateways.publish(argv, "benchmarks/results/two-gateways-paused.md", report(count, paused, takeover,
                    Duration.between(stopped, resumed), resumedLeads, ids, batches, gateways.yarn,
                    logOf(lead, gateways.output(lead))));
        }
    }

    /** The batch's own account of an end other than success: its admission reason, else its state's detail. */
    private static String why(JsonNode batch) {
        String reason = batch.path("admission").path("reason").asText("");
        return (reason.isBlank() ? batch.path("stateDetail").asText("") : reason).replace('|', '/');
    }

    private static int post(GatewayNode node, String jar, String name) throws Exception {
        return GatewayNode.JSON.readTree(node.send("POST", "/batches", body(jar, name), name).body()).path("id")
                .asInt();
    }

    /** What the gateway printed and wrote to its home's logs. */
    private static String logOf(GatewayNode node, Path out) throws Exception {
        StringBuilder text = new StringBuilder(Files.readString(out));
        Path logs = node.home().resolve("logs");
        if (Files.isDirectory(logs)) {
            try (var files = Files.list(logs)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".log")).toList()) {
                    text.append(Files.readString(file));
                }
            }
        }
        return text.toString();
    }

    private static String body(String jar, String name) {
        return "{\"file\":\"" + jar + "\",\"className\":\"io.punctual.workloads.SyntheticStages\",\"args\":"
                + "[\"1\",\"1\",\"3000\"],\"numExecutors\":1,\"name\":\"" + name + "\",\"conf\":"
                + "{\"spark.deadline.by\":\"15m\"}}";
    }

    private static void signal(GatewayNode node, String signal) throws Exception {
        long pid = node.process().pid();
        if (new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start().waitFor() != 0) {
            throw new IllegalStateException("kill -" + signal + " " + pid + " failed");
        }
    }

    /** How long after the pause the other gateway led; empty when it did not while the lead was paused. */
    private static Optional<Duration> awaitLead(GatewayNode node, Instant since, Duration within) throws Exception {
        Instant giveUp = since.plus(within);
        while (Instant.now().isBefore(giveUp)) {
            if (node.leads()) {
                return Optional.of(Duration.between(since, Instant.now()));
            }
            Thread.sleep(500);
        }
        return Optional.empty();
    }

    private static String report(int count, Duration paused, Optional<Duration> takeover, Duration stoppedFor,
                                 boolean resumedLeads, List<Integer> ids, Map<Integer, JsonNode> batches,
                                 EmbeddedYarn yarn, String pausedLog) {
        StringBuilder rows = new StringBuilder("| batch | submitted to | state | YARN applications | why, when it"
                + " did not succeed |\n|---|---|---|---|---|\n");
        int twice = 0;
        int lost = 0;
        for (int id : ids) {
            JsonNode b = batches.get(id);
            if (b == null) {
                lost++;
                continue;
            }
            int apps = yarn.gateway().applicationsTagged("punctual-sub-" + b.path("submissionId").asText()).size();
            twice += apps > 1 ? 1 : 0;
            boolean succeeded = b.path("state").asText().equals("success");
            rows.append(String.format(Locale.ROOT, "| %s | %s | %s | %d | %s |%n", b.path("name").asText(),
                    b.path("name").asText().startsWith("before") ? "the lead, then paused" : "the other",
                    b.path("state").asText(), apps, succeeded ? "" : why(b)));
        }
        long refused = pausedLog.lines().filter(l -> l.contains("was not recorded for launch")).count();
        boolean told = pausedLog.contains("lost the lead");
        return String.format(Locale.ROOT, """
                # Two gateways over one PostgreSQL, the lead paused with SIGSTOP

                Measured %s with `benchmarks/scripts/two-gateways.sh --pause --batches %d --paused-s %d`: two
                `bin/punctual serve` processes (each its own PUNCTUAL_HOME) over one PostgreSQL and the embedded YARN.
                The lead accepted %d real batches and was paused with SIGSTOP at once (its launches possibly under
                way); %d more were sent to the other gateway (once it led, or at the end of the pause); the paused
                gateway was resumed with SIGCONT after %.0f s.

                | measure | value |
                |---|---|
                | the other gateway leads, after the pause | %s |
                | batches lost | **%d** |
                | batches launched twice (two YARN applications) | **%d** |
                | the resumed gateway leads 15 s after SIGCONT | %s |
                | the resumed gateway logged that it lost the lead | %s |
                | launch records it was refused after resuming | %d |

                %s""", Instant.now(), count, paused.toSeconds(), count, count, stoppedFor.toMillis() / 1000.0,
                takeover.map(t -> String.format(Locale.ROOT, "%.1f s", t.toMillis() / 1000.0))
                        .orElse("not while it was paused"), lost, twice, resumedLeads, told, refused, rows);
    }
}
