package io.punctual.yarn.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ResourceManagerWebAppTest {

    private final List<HttpServer> servers = new ArrayList<>();
    private final List<String> seen = new ArrayList<>();

    @AfterEach
    void stop() {
        servers.forEach(server -> server.stop(0));
    }

    @Test
    void aSingleResourceManagerIsFoundAtItsWebAddressUnderTheHttpPolicy() {
        var conf = new YarnConfiguration();
        conf.set("yarn.resourcemanager.hostname", "rm.example");
        assertThat(ResourceManagerWebApp.of(conf).addresses()).containsExactly(URI.create("http://rm.example:8088"));

        conf.set("yarn.resourcemanager.webapp.address", "web.example:8188");
        assertThat(ResourceManagerWebApp.of(conf).addresses()).containsExactly(URI.create("http://web.example:8188"));

        conf.set("yarn.http.policy", "HTTPS_ONLY");
        assertThat(ResourceManagerWebApp.of(conf).addresses()).containsExactly(URI.create("https://rm.example:8090"));
    }

    @Test
    void anHaPairHasOneAddressPerIdFromItsOwnKeyOrElseItsHostname() {
        var conf = haPair("rm1", "rm2");
        conf.set("yarn.resourcemanager.webapp.address.rm1", "a.example:18088");
        conf.set("yarn.resourcemanager.hostname.rm2", "b.example");

        assertThat(ResourceManagerWebApp.of(conf).addresses())
                .containsExactly(URI.create("http://a.example:18088"), URI.create("http://b.example:8088"));

        conf.set("yarn.http.policy", "HTTPS_ONLY");
        conf.set("yarn.resourcemanager.hostname.rm1", "a.example");
        assertThat(ResourceManagerWebApp.of(conf).addresses())
                .containsExactly(URI.create("https://a.example:8090"), URI.create("https://b.example:8090"));
    }

    @Test
    void aCallSkipsAResourceManagerThatIsDownAndStartsWithTheOneThatAnsweredNextTime() throws Exception {
        int down = closedPort();
        int up = serve("active", 200, null);
        var webApp = pair(down, up);

        var answer = webApp.send(base -> get(base, "/ws/v1/cluster/info"));

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.body()).isEqualTo("active");
        assertThat(webApp.current()).isEqualTo(URI.create("http://127.0.0.1:" + up));
        assertThat(webApp.addresses()).containsExactly(URI.create("http://127.0.0.1:" + up),
                URI.create("http://127.0.0.1:" + down));
    }

    @Test
    void aStandbysRedirectIsFollowedToTheActiveOneWithTheMethodAndBodyOfAChange() throws Exception {
        int active = serve("applied", 200, null);
        int standby = serve("This is standby RM", 307, "http://127.0.0.1:" + active);
        var webApp = pair(standby, active);

        var answer = webApp.send(base -> HttpRequest.newBuilder(base.resolve("/ws/v1/cluster/scheduler-conf"))
                .PUT(HttpRequest.BodyPublishers.ofString("<sched-conf/>")).build());

        assertThat(answer.body()).isEqualTo("applied");
        assertThat(seen).containsExactly("standby PUT <sched-conf/>", "active PUT <sched-conf/>");
    }

    @Test
    void whenNoneAnswersTheErrorNamesEachAddressAndTheKeyToCheck() throws IOException {
        int first = closedPort();
        int second = closedPort();
        var webApp = pair(first, second);

        assertThatThrownBy(() -> webApp.send(base -> get(base, "/ws/v1/cluster/info")))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("did not answer at http://127.0.0.1:" + first)
                .hasMessageContaining("http://127.0.0.1:" + second)
                .hasMessageContaining("yarn.resourcemanager.webapp.address.<rm-id>");
    }

    private static YarnConfiguration haPair(String... ids) {
        var conf = new YarnConfiguration();
        conf.setBoolean("yarn.resourcemanager.ha.enabled", true);
        conf.set("yarn.resourcemanager.ha.rm-ids", String.join(",", ids));
        return conf;
    }

    private static ResourceManagerWebApp pair(int first, int second) {
        var conf = haPair("rm1", "rm2");
        conf.set("yarn.resourcemanager.webapp.address.rm1", "127.0.0.1:" + first);
        conf.set("yarn.resourcemanager.webapp.address.rm2", "127.0.0.1:" + second);
        return ResourceManagerWebApp.of(conf);
    }

    private static HttpRequest get(URI base, String path) {
        return HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(5)).GET().build();
    }

    /** A web app that answers every request with {@code status} and {@code body}, redirecting to {@code location}. */
    private int serve(String body, int status, String location) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            String sent = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            synchronized (seen) {
                seen.add((status == 307 ? "standby " : "active ") + exchange.getRequestMethod() + " " + sent);
            }
            if (location != null) {
                exchange.getResponseHeaders().add("Location", location + exchange.getRequestURI());
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
        servers.add(server);
        return server.getAddress().getPort();
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
