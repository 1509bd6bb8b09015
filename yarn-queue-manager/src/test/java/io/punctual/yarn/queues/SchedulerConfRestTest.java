package io.punctual.yarn.queues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.punctual.yarn.GatewayException;
import io.punctual.yarn.web.ResourceManagerWebApp;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The client against a stand-in ResourceManager on a local port, to see exactly what goes over the wire. */
class SchedulerConfRestTest {

    private static final String CONF_JSON = "{\"property\":["
            + "{\"name\":\"yarn.scheduler.capacity.root.queues\",\"value\":\"sla,adhoc\"},"
            + "{\"name\":\"yarn.scheduler.capacity.root.sla.capacity\",\"value\":\"70\"},"
            + "{\"name\":\"yarn.scheduler.capacity.root.adhoc.capacity\",\"value\":\"30\"}]}";
    private static final QueueChange ADD_TEAM = QueueChange.builder()
            .add(QueuePath.of("root.team-etl"), Map.of("capacity", "10"))
            .update(QueuePath.of("root.adhoc"), Map.of("capacity", "20")).build();

    record Request(String method, String path, String query, String contentType, String body) {
    }

    record Answer(int status, String body) {
    }

    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private HttpServer server;

    private SchedulerConfRest resourceManager(Function<Request, Answer> mutations) throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/ws/v1/cluster/scheduler-conf", exchange -> {
            Request request = new Request(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                    exchange.getRequestURI().getQuery(), exchange.getRequestHeaders().getFirst("Content-Type"),
                    new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            requests.add(request);
            answer(exchange, request.method().equals("GET") ? new Answer(200, CONF_JSON) : mutations.apply(request));
        });
        server.start();
        return new SchedulerConfRest(ResourceManagerWebApp.at("127.0.0.1:" + server.getAddress().getPort()),
                "punctual", Duration.ofSeconds(5));
    }

    private static void answer(HttpExchange exchange, Answer answer) throws IOException {
        byte[] body = answer.body().getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(answer.status(), body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    private List<String> calls() {
        return requests.stream().map(r -> r.method() + " " + r.path()).toList();
    }

    @Test
    void aChangeIsValidatedThenAppliedAsXmlAndEveryRequestSaysWhoAsks() throws IOException {
        var client = resourceManager(r -> new Answer(200, "Configuration change successfully applied."));

        var outcome = client.apply(ADD_TEAM);

        assertThat(outcome).isInstanceOf(QueueChangeOutcome.Applied.class);
        assertThat(((QueueChangeOutcome.Applied) outcome).configuration().children(QueuePath.ROOT))
                .containsExactly("sla", "adhoc");
        assertThat(calls()).containsExactly("GET /ws/v1/cluster/scheduler-conf",
                "POST /ws/v1/cluster/scheduler-conf/validate", "PUT /ws/v1/cluster/scheduler-conf",
                "GET /ws/v1/cluster/scheduler-conf");
        assertThat(requests).allSatisfy(r -> assertThat(r.query()).isEqualTo("user.name=punctual"));
        assertThat(requests.get(2).contentType()).isEqualTo("application/xml");
        assertThat(requests.get(2).body()).isEqualTo(SchedConfWire.xml(ADD_TEAM));
    }

    @Test
    void aChangeTheDryRunRefusesIsNeverApplied() throws IOException {
        String yarnSays = "CapacityScheduler configuration validation failed:java.io.IOException: Failed to re-init"
                + " queues : Illegal capacity of 1.05 for children of queue root";
        var client = resourceManager(r -> new Answer(400, yarnSays));

        var outcome = client.apply(ADD_TEAM);

        assertThat(outcome).isEqualTo(new QueueChangeOutcome.Refused(QueueChangeOutcome.Stage.VALIDATE, yarnSays));
        assertThat(calls()).doesNotContain("PUT /ws/v1/cluster/scheduler-conf");
    }

    @Test
    void aResourceManagerThatCannotReadXmlGetsJsonFromTheDryRunOn() throws IOException {
        var client = resourceManager(r -> "application/xml".equals(r.contentType())
                ? new Answer(500, "{\"exception\":\"WebApplicationException\",\"message\":\"A message body reader for"
                        + " Java class org.apache.hadoop.yarn.webapp.dao.SchedConfUpdateInfo was not found\"}")
                : new Answer(200, "ok"));

        assertThat(client.apply(ADD_TEAM)).isInstanceOf(QueueChangeOutcome.Applied.class);
        assertThat(client.apply(ADD_TEAM)).isInstanceOf(QueueChangeOutcome.Applied.class);

        var mutations = requests.stream().filter(r -> !r.method().equals("GET"))
                .map(r -> r.method() + " " + r.contentType()).toList();
        assertThat(mutations).containsExactly("POST application/xml", "POST application/json", "PUT application/json",
                "POST application/json", "PUT application/json");
    }

    @Test
    void aQueueUnderAnUnknownParentIsRefusedWithoutAskingTheResourceManager() throws IOException {
        var client = resourceManager(r -> new Answer(200, "ok"));

        var outcome = client.apply(QueueChange.builder()
                .add(QueuePath.of("root.nope.etl"), Map.of("capacity", "100")).build());

        assertThat(outcome).isInstanceOf(QueueChangeOutcome.Refused.class);
        assertThat(((QueueChangeOutcome.Refused) outcome).stage()).isEqualTo(QueueChangeOutcome.Stage.CHECK);
        assertThat(calls()).containsExactly("GET /ws/v1/cluster/scheduler-conf");
    }

    @Test
    void aRefusedMutationIsRefusedAtTheApplyStage() throws IOException {
        var client = resourceManager(r -> r.method().equals("PUT") ? new Answer(400, "Failed to re-init queues :"
                + " root.team-etl cannot be deleted from the capacity scheduler configuration, as the queue is not yet"
                + " in stopped state. Current State : RUNNING") : new Answer(200, "ok"));

        var outcome = client.apply(ADD_TEAM);

        assertThat(outcome).isInstanceOf(QueueChangeOutcome.Refused.class);
        assertThat(((QueueChangeOutcome.Refused) outcome).stage()).isEqualTo(QueueChangeOutcome.Stage.APPLY);
        assertThat(((QueueChangeOutcome.Refused) outcome).reason()).contains("not yet in stopped state");
    }

    @Test
    void whatNoChangeCanFixIsAGatewayExceptionThatSaysWhatToDo() throws IOException {
        var forbidden = resourceManager(r -> new Answer(403,
                "{\"RemoteException\":{\"message\":\"Only admins can carry out this operation.\"}}"));
        assertThatThrownBy(() -> forbidden.apply(ADD_TEAM)).isInstanceOf(GatewayException.class)
                .hasMessageContaining("user 'punctual'").hasMessageContaining("yarn.admin.acl")
                .hasMessageContaining("Only admins");
        stop();

        var immutable = resourceManager(r -> new Answer(400,
                "Configuration change validation only supported by MutableConfScheduler."));
        assertThatThrownBy(() -> immutable.apply(ADD_TEAM)).isInstanceOf(GatewayException.class)
                .hasMessageContaining("yarn.scheduler.configuration.store.class");
        int port = server.getAddress().getPort();
        stop();

        var gone = new SchedulerConfRest(ResourceManagerWebApp.at("127.0.0.1:" + port), "punctual",
                Duration.ofSeconds(2));
        assertThatThrownBy(gone::read).isInstanceOf(GatewayException.class).hasMessageContaining("did not answer")
                .hasMessageContaining("127.0.0.1:" + port).hasMessageContaining("check that the ResourceManager runs");
    }
}
