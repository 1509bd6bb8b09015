package io.punctual.bench.gateway;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.net.ssl.SSLContext;

/**
 * The gateway's added latency under a burst: {@code bin/punctual serve --embedded} as a real process, and 200 clients
 * on loopback sending their request at the same instant. Three bursts: batches that are recorded and then rejected by
 * sizing (so the burst measures the gateway, not Spark), dry runs (sizing and planning in the request), and reads of
 * single batches. Reports p50 / p90 / p99 / max of each, and checks that no batch was lost or duplicated.
 *
 * With {@code --tls} the gateway serves HTTPS from a keystore made for the run (written to gateway-latency-tls.md).
 *
 * <pre>benchmarks/scripts/gateway-latency.sh [--clients 200] [--rounds 5] [--tls]</pre>
 */
public final class GatewayLatency {

    private static final String TOKEN = "Bearer analytics-local-token-0001";
    private static final int FRESH_CONNECTIONS = 200;
    private static HttpClient http = client(null);

    private GatewayLatency() {
    }

    public static void main(String[] argv) throws Exception {
        int clients = option(argv, "--clients", 200);
        int rounds = option(argv, "--rounds", 5);
        boolean tls = Arrays.asList(argv).contains("--tls");
        Path root = Path.of(System.getProperty("punctual.install", "."));
        Path out = root.resolve("benchmarks/results/gateway-latency" + (tls ? "-tls" : "") + ".md");
        Path home = Files.createTempDirectory("punctual-latency");
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        ProcessBuilder serve = new ProcessBuilder(root.resolve("bin/punctual").toString(), "serve", "--embedded",
                "--port", Integer.toString(port)).redirectErrorStream(true)
                .redirectOutput(home.resolve("gateway.out").toFile());
        SSLContext trust = null;
        if (tls) {
            Path keystore = TlsIdentity.create(home);
            serve.environment().put("PUNCTUAL_JAVA_OPTS", "-Xmx1536m -Dpunctual.gateway.tls.keystore=" + keystore
                    + " -Dpunctual.gateway.tls.keystore-password=" + TlsIdentity.PASSWORD);
            trust = TlsIdentity.trusting(keystore);
            http = client(trust);
        }
        Process gateway = serve.start();
        try {
            String base = (tls ? "https" : "http") + "://127.0.0.1:" + port;
            awaitHealthy(base);
            String jar = root.resolve("workloads/target/punctual-workloads.jar").toString();
            String rejected = "{\"file\":\"" + jar + "\",\"numExecutors\":50,\"conf\":{\"spark.deadline.by\":\"10m\"}}";
            String dryRun = "{\"file\":\"" + jar + "\",\"className\":\"io.punctual.workloads.SyntheticStages\","
                    + "\"conf\":{\"spark.deadline.by\":\"10m\"}}";
            // Warm-up, one burst of each kind: JIT, first store writes, the first sizing and plan reads.
            burst(base, "POST", "/batches", rejected, clients);
            burst(base, "POST", "/batches?dryRun=true", dryRun, clients);
            burst(base, "GET", "/batches/0", null, clients);
            List<Burst> submits = new ArrayList<>();
            List<Burst> dryRuns = new ArrayList<>();
            List<Burst> reads = new ArrayList<>();
            for (int round = 0; round < rounds; round++) {
                submits.add(burst(base, "POST", "/batches", rejected, clients));
                dryRuns.add(burst(base, "POST", "/batches?dryRun=true", dryRun, clients));
                reads.add(burst(base, "GET", "/batches/0", null, clients));
            }
            Set<String> ids = new HashSet<>();
            submits.forEach(b -> b.bodies().stream().map(GatewayLatency::id).forEach(ids::add));
            double[] fresh = freshConnections(base, trust);
            String report = report(clients, rounds, submits, dryRuns, reads, ids.size(), tls)
                    + String.format(Locale.ROOT, "%nA new connection for each request (%s; %d sequential GET /version,"
                    + " each from a new client, so each pays the TCP%s set-up): p50 %.1f ms, p90 %.1f ms, p99 %.1f"
                    + " ms.%n", tls ? "HTTPS, TLS from the site's keystore" : "plain HTTP", FRESH_CONNECTIONS,
                    tls ? " and TLS handshake" : "", quantile(fresh, 0.5), quantile(fresh, 0.9), quantile(fresh, 0.99));
            Files.writeString(out, report);
            System.out.println(report);
        } finally {
            gateway.destroy();
            gateway.waitFor();
        }
    }

    /**
     * One burst: client-side latencies in milliseconds (sorted), the gateway's own time per request from its
     * {@code Server-Timing} header where it sends one (sorted; empty otherwise), and the response bodies.
     */
    record Burst(double[] millis, double[] serverMillis, List<String> bodies, int failures) {
    }

    private static Burst burst(String base, String method, String path, String body, int clients) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        CountDownLatch ready = new CountDownLatch(clients);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Object[]>> results = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            results.add(pool.submit(() -> {
                HttpRequest request = HttpRequest.newBuilder(URI.create(base + path)).header("Authorization", TOKEN)
                        .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofString(body)).build();
                ready.countDown();
                go.await();
                long start = System.nanoTime();
                HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
                double server = response.headers().firstValue("Server-Timing")
                        .map(t -> Double.parseDouble(t.replaceFirst("^\\w+;dur=", ""))).orElse(-1.0);
                return new Object[] {(System.nanoTime() - start) / 1e6, response.statusCode(), response.body(), server};
            }));
        }
        ready.await();
        go.countDown();
        double[] millis = new double[clients];
        List<Double> server = new ArrayList<>();
        List<String> bodies = new ArrayList<>();
        int failures = 0;
        for (int i = 0; i < clients; i++) {
            Object[] r = results.get(i).get();
            millis[i] = (double) r[0];
            failures += ((int) r[1]) >= 300 ? 1 : 0;
            bodies.add((String) r[2]);
            if ((double) r[3] >= 0) {
                server.add((double) r[3]);
            }
        }
        pool.shutdown();
        Arrays.sort(millis);
        return new Burst(millis, server.stream().mapToDouble(Double::doubleValue).sorted().toArray(), bodies, failures);
    }

    private static HttpClient client(SSLContext trust) {
        HttpClient.Builder builder = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10));
        return (trust == null ? builder : builder.sslContext(trust)).build();
    }

    /** Sequential requests, each on a connection of its own: what a handshake costs a client that does not reuse. */
    private static double[] freshConnections(String base, SSLContext trust) throws Exception {
        double[] millis = new double[FRESH_CONNECTIONS];
        for (int i = 0; i < millis.length; i++) {
            HttpClient once = client(trust);
            long start = System.nanoTime();
            once.send(HttpRequest.newBuilder(URI.create(base + "/version")).build(),
                    HttpResponse.BodyHandlers.discarding());
            millis[i] = (System.nanoTime() - start) / 1e6;
        }
        Arrays.sort(millis);
        return millis;
    }

    private static String id(String body) {
        int at = body.indexOf("\"id\":");
        return at < 0 ? "?" : body.substring(at + 5, body.indexOf(',', at));
    }

    private static void awaitHealthy(String base) throws Exception {
        Instant giveUp = Instant.now().plusSeconds(120);
        while (Instant.now().isBefore(giveUp)) {
            try {
                if (http.send(HttpRequest.newBuilder(URI.create(base + "/healthz")).build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // starting
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException("the gateway did not start in 2 minutes");
    }

    private static double quantile(double[] sorted, double q) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1)];
    }

    private static int option(String[] argv, String name, int otherwise) {
        for (int i = 0; i + 1 < argv.length; i++) {
            if (argv[i].equals(name)) {
                return Integer.parseInt(argv[i + 1]);
            }
        }
        return otherwise;
    }

    /** Pooled quantiles over every round, then the lowest and highest p99 of a single round. */
    private static String row(String name, List<double[]> rounds, int failures) {
        double[] m = rounds.stream().flatMapToDouble(Arrays::stream).sorted().toArray();
        double[] p99s = rounds.stream().mapToDouble(r -> quantile(r, 0.99)).sorted().toArray();
        return String.format(Locale.ROOT, "| %s | %.1f | %.1f | **%.1f** | %.1f–%.1f | %.1f | %d |%n", name,
                quantile(m, 0.5), quantile(m, 0.9), quantile(m, 0.99), p99s[0], p99s[p99s.length - 1],
                m[m.length - 1], failures);
    }

    private static String row(String name, List<Burst> rounds) {
        return row(name, rounds.stream().map(Burst::millis).toList(),
                rounds.stream().mapToInt(Burst::failures).sum());
    }

    private static String report(int clients, int rounds, List<Burst> submits, List<Burst> dryRuns,
                                 List<Burst> reads, int distinctIds, boolean tls) {
        return "# Gateway latency under a burst\n\n"
                + "Measured " + Instant.now() + " with `benchmarks/scripts/gateway-latency.sh" + (tls ? " --tls" : "")
                + "`: `bin/punctual serve"
                + " --embedded` as its own process, " + clients + " clients on loopback releasing their requests at the"
                + " same instant, after one warm-up burst of each kind; then " + rounds + " measured rounds of one"
                + " burst of each kind. Times are client-side, request sent to response read, in ms, pooled over"
                + " the rounds; the p99 of the best and the worst single round shows how much a burst varies."
                + " Submissions are real batches, recorded durably (fsync) before the answer and then rejected by"
                + " sizing, so no Spark runs during the burst.\n\n"
                + "| burst | p50 | p90 | p99 | p99 of one round | max | errors |\n|---|---|---|---|---|---|---|\n"
                + row("POST /batches (record + queue)", submits)
                + row("… of which the gateway's own time (Server-Timing)",
                        submits.stream().map(Burst::serverMillis).toList(), 0)
                + row("POST /batches?dryRun=true (size + plan)", dryRuns)
                + row("GET /batches/{id}", reads)
                + "\nThe second row is the gateway's own time per submission of the measured bursts, from the"
                + " `Server-Timing` header it sends (parse, authenticate, record durably, queue); the rest of the"
                + " client-side time is waiting for a connection, a request thread or a CPU while " + clients
                + " clients and the gateway (with its in-process YARN) share the machine's cores.\n"
                + "\nBatches created by the measured bursts: " + distinctIds + " distinct ids for " + clients * rounds
                + " requests (none lost, none duplicated when equal).\n";
    }
}
