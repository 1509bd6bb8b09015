package io.punctual.bench.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.punctual.yarn.ClusterGateway;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Two gateways ({@code bin/punctual serve}, real processes, each with its own {@code PUNCTUAL_HOME} as on two hosts)
 * over one PostgreSQL store and one YARN (the embedded cluster, in this process). A burst of clients, half sent to
 * each gateway, each with its own Idempotency-Key; the leading gateway is killed with SIGKILL while the burst is in
 * flight, and a client whose request failed retries on the other gateway with the same key, as behind a load
 * balancer. Counts batches lost, duplicated and launched twice (all must be 0), and how long the lead took to move.
 *
 * <pre>benchmarks/scripts/two-gateways.sh [--clients 200] [--real 4] [--kill-after-ms 300] [--out file.md]</pre>
 */
public final class SharedStoreBurst {

    private static final ObjectMapper JSON = GatewayNode.JSON;

    private SharedStoreBurst() {
    }

    /** A client's outcome: the batch id each answer named, and how many tries it took. */
    private record Answered(String key, Set<Integer> ids, int tries, boolean real) {
    }

    public static void main(String[] argv) throws Exception {
        int clients = Integer.parseInt(GatewayNode.option(argv, "--clients", "200"));
        int real = Integer.parseInt(GatewayNode.option(argv, "--real", "4"));
        long killAfter = Long.parseLong(GatewayNode.option(argv, "--kill-after-ms", "300"));
        try (TwoGateways gateways = TwoGateways.start(argv, "punctual-two-gateways")) {
            Instant started = Instant.now();
            List<Answered> answers = burst(gateways.workloadsJar(), gateways.one, gateways.two, clients, real,
                    () -> kill(gateways.lead, killAfter));
            Duration takeover = awaitLead(gateways.other, started);
            Map<Integer, JsonNode> batches = awaitFinal(gateways.other, Duration.ofMinutes(10));
            gateways.publish(argv, "benchmarks/results/two-gateways.md", report(clients, real, killAfter, answers,
                    batches, takeover, gateways.yarn.gateway(), Duration.between(started, Instant.now())));
        }
    }

    private static void kill(GatewayNode node, long afterMs) {
        try {
            Thread.sleep(afterMs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        node.process().toHandle().destroyForcibly();
    }

    private static List<Answered> burst(String jar, GatewayNode one, GatewayNode two, int clients, int real,
                                        Runnable killer)
            throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients + 1);
        CountDownLatch ready = new CountDownLatch(clients);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Answered>> results = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            boolean isReal = i < real;
            String key = "burst-" + i;
            // Most batches are rejected by sizing (50 executors), so the burst measures the gateways, not Spark; the
            // few real ones run on YARN, where a launch repeated by the new lead would show as a second application.
            String body = isReal
                    ? "{\"file\":\"" + jar + "\",\"className\":\"io.punctual.workloads.SyntheticStages\",\"args\":"
                    + "[\"1\",\"1\",\"3000\"],\"numExecutors\":1,\"name\":\"" + key + "\",\"conf\":{\"spark.deadline.by\":\"8m\"}}"
                    : "{\"file\":\"" + jar + "\",\"numExecutors\":50,\"name\":\"" + key
                    + "\",\"conf\":{\"spark.deadline.by\":\"10m\"}}";
            GatewayNode first = i % 2 == 0 ? one : two;
            GatewayNode second = first == one ? two : one;
            results.add(pool.submit(() -> {
                ready.countDown();
                go.await();
                return client(key, body, first, second, isReal);
            }));
        }
        ready.await();
        pool.submit(killer);
        go.countDown();
        List<Answered> answers = new ArrayList<>();
        for (Future<Answered> result : results) {
            answers.add(result.get());
        }
        pool.shutdown();
        return answers;
    }

    /** Sends until answered, switching gateway after a failure, as a client behind a load balancer would. */
    private static Answered client(String key, String body, GatewayNode first, GatewayNode second, boolean real)
            throws Exception {
        Set<Integer> ids = new HashSet<>();
        GatewayNode to = first;
        for (int attempt = 1; attempt <= 20; attempt++) {
            try {
                HttpResponse<String> response = to.send("POST", "/batches", body, key);
                if (response.statusCode() == 200 || response.statusCode() == 201) {
                    ids.add(JSON.readTree(response.body()).get("id").asInt());
                    return new Answered(key, ids, attempt, real);
                }
            } catch (IOException refusedOrReset) {
                // the gateway died under this request: try the other one with the same key
            }
            to = to == first ? second : first;
            Thread.sleep(200);
        }
        return new Answered(key, ids, 20, real);
    }

    private static Duration awaitLead(GatewayNode node, Instant since) throws Exception {
        Instant giveUp = Instant.now().plusSeconds(60);
        while (Instant.now().isBefore(giveUp)) {
            if (node.leads()) {
                return Duration.between(since, Instant.now());
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("the surviving gateway did not take the lead in 60 s");
    }

    /** Every batch the gateway lists, once all of them are final or {@code within} has passed. */
    static Map<Integer, JsonNode> awaitFinal(GatewayNode node, Duration within) throws Exception {
        Instant giveUp = Instant.now().plus(within);
        Map<Integer, JsonNode> batches = new HashMap<>();
        while (Instant.now().isBefore(giveUp)) {
            batches.clear();
            for (JsonNode b : JSON.readTree(node.send("GET", "/batches?size=100000", null, null).body())
                    .path("sessions")) {
                batches.put(b.get("id").asInt(), b);
            }
            if (batches.values().stream().allMatch(SharedStoreBurst::isFinal)) {
                return batches;
            }
            Thread.sleep(1000);
        }
        return batches;
    }

    static boolean isFinal(JsonNode batch) {
        return Set.of("success", "dead", "killed").contains(batch.path("state").asText());
    }

    private static String report(int clients, int real, long killAfter, List<Answered> answers,
                                 Map<Integer, JsonNode> batches, Duration takeover, ClusterGateway yarn,
                                 Duration wall) {
        Set<Integer> answeredIds = new HashSet<>();
        answers.forEach(a -> answeredIds.addAll(a.ids()));
        long unanswered = answers.stream().filter(a -> a.ids().isEmpty()).count();
        long lost = answeredIds.stream().filter(id -> !batches.containsKey(id)).count();
        long split = answers.stream().filter(a -> a.ids().size() > 1).count();
        Map<String, Integer> perName = new ConcurrentHashMap<>();
        batches.values().forEach(b -> perName.merge(b.path("name").asText(), 1, Integer::sum));
        long duplicated = perName.values().stream().filter(n -> n > 1).count();
        long notFinal = batches.values().stream().filter(b -> !isFinal(b)).count();
        long retried = answers.stream().filter(a -> a.tries() > 1).count();
        int launchedTwice = 0;
        int realSucceeded = 0;
        for (JsonNode b : batches.values()) {
            List<?> apps = yarn.applicationsTagged("punctual-sub-" + b.path("submissionId").asText());
            launchedTwice += apps.size() > 1 ? 1 : 0;
            realSucceeded += b.path("state").asText().equals("success") ? 1 : 0;
        }
        return String.format(Locale.ROOT, """
                # Two gateways over one PostgreSQL store, the lead killed mid-burst

                Measured %s with `benchmarks/scripts/two-gateways.sh --clients %d --real %d --kill-after-ms %d`: two
                `bin/punctual serve` processes (each its own PUNCTUAL_HOME, as on two hosts) over one PostgreSQL and the
                embedded YARN; %d clients released at once, alternately to each gateway, each with its own Idempotency-Key
                (%d of them real Spark applications, the rest rejected by sizing); the leading gateway killed with SIGKILL
                %d ms into the burst; a client whose request failed retried on the other gateway with the same key.

                | measure | value |
                |---|---|
                | requests answered (2xx) | %d of %d |
                | clients that had to retry on the other gateway | %d |
                | batches lost (answered, not in the store) | **%d** |
                | batches duplicated (one key, two batches) | **%d** (keys answered with two ids: %d) |
                | batches launched twice (two YARN applications) | **%d** |
                | batches not finished %s after the burst | %d |
                | real applications that succeeded (below: how each ended) | %d of %d |
                | lead taken over by the survivor after the burst began | %.1f s |
                | wall time | %.0f s |
                """, Instant.now(), clients, real, killAfter, clients, real, killAfter,
                clients - unanswered, clients, retried, lost, duplicated, split, launchedTwice, "10 minutes", notFinal,
                realSucceeded, real, takeover.toMillis() / 1000.0, wall.toMillis() / 1000.0)
                + realBatches(answers, batches, yarn);
    }

    /** How each real application ended, so a failure that is not the failover's shows as what it is. */
    private static String realBatches(List<Answered> answers, Map<Integer, JsonNode> batches, ClusterGateway yarn) {
        StringBuilder table = new StringBuilder("\nThe real applications:\n\n| batch | state | YARN applications"
                + " | admission | reason |\n|---|---|---|---|---|\n");
        answers.stream().filter(Answered::real).flatMap(a -> a.ids().stream()).sorted().map(batches::get)
                .filter(java.util.Objects::nonNull).forEach(b -> table.append(String.format(Locale.ROOT,
                        "| %s | %s | %d | %s | %s |%n", b.path("name").asText(), b.path("state").asText(),
                        yarn.applicationsTagged("punctual-sub-" + b.path("submissionId").asText()).size(),
                        b.path("admission").path("verdict").asText(), b.path("admission").path("reason").asText()
                                .replace('|', '/').replace('\n', ' '))));
        return table.toString();
    }
}
