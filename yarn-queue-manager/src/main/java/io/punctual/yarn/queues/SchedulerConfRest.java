package io.punctual.yarn.queues;

import io.punctual.yarn.GatewayException;
import io.punctual.yarn.queues.QueueChangeOutcome.Stage;
import io.punctual.yarn.queues.SchedConfWire.Format;
import io.punctual.yarn.web.ResourceManagerWebApp;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@link SchedulerConfiguration} over the ResourceManager's REST API ({@code /ws/v1/cluster/scheduler-conf}). Every
 * change goes through three gates, and stops at the first that refuses it: Punctual's own check against the current
 * configuration, YARN's dry run ({@code POST .../validate}), and YARN's mutation ({@code PUT}), which YARN rolls back
 * when the scheduler cannot reinitialise its queues with it.
 *
 * <p>Requests carry {@code user.name}: clusters with simple (pseudo) HTTP authentication need it to know who asks,
 * and others ignore it. The request body is the documented XML; a ResourceManager that cannot read XML (the shaded
 * minicluster) gets the same change as JSON, found out on the dry run, so the switch never costs a mutation.
 */
public final class SchedulerConfRest implements SchedulerConfiguration {

    private static final String CONF = "/ws/v1/cluster/scheduler-conf";
    private static final String VALIDATE = CONF + "/validate";

    private final ResourceManagerWebApp webApp;
    private final String user;
    private final Duration timeout;
    private final AtomicReference<Format> format = new AtomicReference<>(Format.XML);

    public SchedulerConfRest(ResourceManagerWebApp webApp, String user, Duration timeout) {
        this.webApp = Objects.requireNonNull(webApp, "ResourceManager web app");
        this.user = Objects.requireNonNull(user, "user");
        if (user.isBlank()) {
            throw new IllegalArgumentException("a user name is needed to change the scheduler configuration");
        }
        this.timeout = timeout;
    }

    /** A client of the ResourceManager web app at {@code host:port} (or a full http(s) URL), acting as {@code user}. */
    public static SchedulerConfRest at(String webAddress, String user) {
        return at(ResourceManagerWebApp.at(webAddress), user);
    }

    /** A client of {@code webApp} (with HA, whichever ResourceManager answers), acting as {@code user}. */
    public static SchedulerConfRest at(ResourceManagerWebApp webApp, String user) {
        return new SchedulerConfRest(webApp, user, Duration.ofSeconds(60));
    }

    @Override
    public SchedulerConf read() {
        Response response = send(base -> HttpRequest.newBuilder(uri(base, CONF)).GET(),
                "read the scheduler configuration");
        if (response.status() != 200) {
            throw failure("read the scheduler configuration", response);
        }
        try {
            return SchedConfWire.parseConf(response.body());
        } catch (IllegalArgumentException e) {
            throw new GatewayException("could not read the scheduler configuration from " + webApp.current() + ": "
                    + e.getMessage(), e);
        }
    }

    @Override
    public QueueChangeOutcome apply(QueueChange change) {
        Optional<String> conflict = change.conflictWith(read());
        if (conflict.isPresent()) {
            return new QueueChangeOutcome.Refused(Stage.CHECK, conflict.get());
        }
        Response validated = mutate("POST", VALIDATE, change, "validate a queue change");
        if (validated.status() != 200) {
            return refusedOrFail(Stage.VALIDATE, validated, "validate a queue change");
        }
        Response applied = mutate("PUT", CONF, change, "apply a queue change");
        if (applied.status() != 200) {
            return refusedOrFail(Stage.APPLY, applied, "apply a queue change");
        }
        return new QueueChangeOutcome.Applied(read());
    }

    /** Sends the change in the format the ResourceManager reads, learning it on the first (dry-run) request. */
    private Response mutate(String method, String path, QueueChange change, String what) {
        Format tried = format.get();
        Response response = sendChange(method, path, change, tried, what);
        if (!SchedConfWire.formatUnreadable(response.status(), response.body())) {
            return response;
        }
        Format other = tried == Format.XML ? Format.JSON : Format.XML;
        Response retried = sendChange(method, path, change, other, what);
        if (SchedConfWire.formatUnreadable(retried.status(), retried.body())) {
            throw new GatewayException("the ResourceManager at " + webApp.current()
                    + " reads neither XML nor JSON queue changes ("
                    + SchedConfWire.abbreviate(SchedConfWire.message(retried.body())) + ")");
        }
        format.set(other);
        return retried;
    }

    private Response sendChange(String method, String path, QueueChange change, Format body, String what) {
        String text = SchedConfWire.body(change, body);
        return send(base -> HttpRequest.newBuilder(uri(base, path)).header("Content-Type", body.mediaType)
                .method(method, HttpRequest.BodyPublishers.ofString(text)), what);
    }

    private QueueChangeOutcome refusedOrFail(Stage stage, Response response, String what) {
        String message = SchedConfWire.message(response.body());
        if (response.status() == 400 && message.contains("MutableConfScheduler")) {
            throw new GatewayException("the scheduler configuration of the ResourceManager at " + webApp.current()
                    + " cannot be changed at run time (" + message + "); set yarn.scheduler.configuration.store.class"
                    + " (memory, fs, leveldb or zk) on the ResourceManager and restart it");
        }
        if (response.status() == 400) {
            return new QueueChangeOutcome.Refused(stage, message.isEmpty() ? "HTTP 400 without a message" : message);
        }
        throw failure(what, response);
    }

    private GatewayException failure(String what, Response response) {
        String message = SchedConfWire.abbreviate(SchedConfWire.message(response.body()));
        return switch (response.status()) {
            case 401, 403 -> new GatewayException("the ResourceManager at " + webApp.current() + " does not let user '"
                    + user + "' " + what + " (HTTP " + response.status() + ": " + message + "); queue changes need YARN"
                    + " admin rights (yarn.admin.acl) and, on a secure cluster, SPNEGO");
            case 404, 405 -> new GatewayException("the ResourceManager at " + webApp.current()
                    + " has no scheduler configuration API (HTTP " + response.status() + " for " + what
                    + "); it needs the CapacityScheduler of Hadoop 3.3 or later");
            default -> new GatewayException("could not " + what + ": the ResourceManager at " + webApp.current()
                    + " answered HTTP " + response.status() + " (" + message + ")");
        };
    }

    private URI uri(URI base, String path) {
        return base.resolve(path + "?user.name=" + URLEncoder.encode(user, StandardCharsets.UTF_8));
    }

    private Response send(Function<URI, HttpRequest.Builder> request, String what) {
        try {
            HttpResponse<String> response = webApp.send(base -> request.apply(base).timeout(timeout)
                    .header("Accept", "application/json").build());
            return new Response(response.statusCode(), response.body());
        } catch (IOException e) {
            throw new GatewayException("could not " + what + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GatewayException("interrupted while waiting to " + what, e);
        }
    }

    private record Response(int status, String body) {
    }
}
