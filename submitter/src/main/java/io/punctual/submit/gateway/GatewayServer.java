package io.punctual.submit.gateway;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.punctual.submit.config.ConfigSource;
import io.punctual.submit.config.SiteConfig;
import io.punctual.submit.gateway.HttpCall.Answer;
import java.time.Clock;
import java.time.Duration;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.CustomRequestLog;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.Slf4jRequestLogWriter;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The gateway's HTTP face on Jetty (the server Livy runs on): plain HTTP, or TLS from the site's keystore; request
 * headers limited to {@value #MAX_HEADER} bytes and bodies to {@link HttpCall#MAX_BODY}; idle connections closed after
 * the site's timeout, so a slow client holds a thread no longer than that; an access log of method, path, status,
 * size and time, without query strings or headers (a token never reaches a log). {@link GatewayRoutes} answers.
 */
public final class GatewayServer implements AutoCloseable {

    static final int MAX_HEADER = 16 * 1024;
    private static final int THREADS = 64;
    /** Neither the query (it may carry anything) nor any header: {@code %U} is the path alone. */
    private static final String ACCESS_FORMAT = "%{client}a \"%m %U %H\" %s %O bytes %{ms}T ms";

    private final Server server;
    private final ServerConnector connector;
    private final GatewayMetrics metrics;
    private final boolean secure;

    /** What {@code /healthz} reports besides the configuration. */
    @FunctionalInterface
    public interface Health {
        ObjectNode report();
    }

    /** Where and how the server listens. */
    public record Listen(String host, int port, SiteConfig.Tls tls, Duration idleTimeout) {
    }

    /** @param requireAnswering throws when a part a submission needs (YARN, the store) does not answer now */
    public GatewayServer(Listen listen, BatchService batches, ConfigSource config, GatewayMetrics metrics,
                         Clock clock, Health health, Pages pages, Runnable requireAnswering) {
        this.metrics = metrics;
        this.secure = listen.tls().enabled();
        GatewayRoutes routes = new GatewayRoutes(batches, config, metrics, clock, health, pages, requireAnswering);
        QueuedThreadPool threads = new QueuedThreadPool(THREADS);
        threads.setName("punctual-http");
        threads.setDaemon(true);
        server = new Server(threads);
        connector = connector(server, listen);
        server.addConnector(connector);
        server.setHandler(new RoutesHandler(routes));
        server.setRequestLog(new CustomRequestLog(new Slf4jRequestLogWriter(), ACCESS_FORMAT));
        try {
            server.start();
        } catch (Exception e) {
            stopQuietly();
            throw new IllegalStateException("the gateway could not listen on " + listen.host() + ":" + listen.port()
                    + (secure ? " with TLS" : "") + ": " + e.getMessage(), e);
        }
    }

    private static ServerConnector connector(Server server, Listen listen) {
        HttpConfiguration http = new HttpConfiguration();
        http.setRequestHeaderSize(MAX_HEADER);
        http.setSendServerVersion(false);
        ServerConnector connector;
        if (listen.tls().enabled()) {
            SiteConfig.Tls tls = listen.tls();
            SslContextFactory.Server ssl = new SslContextFactory.Server();
            ssl.setKeyStorePath(tls.keystore().orElseThrow().toString());
            ssl.setKeyStorePassword(tls.password());
            ssl.setKeyStoreType(tls.type());
            http.addCustomizer(new SecureRequestCustomizer());
            connector = new ServerConnector(server, ssl, new HttpConnectionFactory(http));
        } else {
            connector = new ServerConnector(server, new HttpConnectionFactory(http));
        }
        connector.setHost(listen.host());
        connector.setPort(listen.port());
        connector.setIdleTimeout(listen.idleTimeout().toMillis());
        connector.setAcceptQueueSize(256);
        return connector;
    }

    public int port() {
        return connector.getLocalPort();
    }

    /** {@code https} when the site configured TLS, else {@code http}. */
    public String scheme() {
        return secure ? "https" : "http";
    }

    /** Carries one Jetty request to the routes and their answer back. */
    private static final class RoutesHandler extends Handler.Abstract {
        private final GatewayRoutes routes;

        RoutesHandler(GatewayRoutes routes) {
            this.routes = routes;
        }

        @Override
        public boolean handle(Request request, Response response, Callback callback) {
            HttpCall call = new HttpCall(request.getMethod(), Request.getPathInContext(request),
                    request.getHttpURI().getQuery(), name -> request.getHeaders().get(name),
                    () -> Content.Source.asInputStream(request));
            Answer answer = routes.answer(call);
            response.setStatus(answer.status());
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, answer.contentType());
            answer.headers().forEach((name, value) -> response.getHeaders().add(name, value));
            Content.Sink.write(response, true, answer.body(), callback);
            return true;
        }
    }

    private void stopQuietly() {
        try {
            server.stop();
        } catch (Exception ignored) {
            // already failing to start; the cause is reported
        }
    }

    @Override
    public void close() {
        stopQuietly();
        // The server is the metrics' only reader; closing them unhooks the JVM listeners they registered.
        metrics.close();
    }
}
