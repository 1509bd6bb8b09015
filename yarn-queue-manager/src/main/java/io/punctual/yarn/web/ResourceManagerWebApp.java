package io.punctual.yarn.web;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.conf.HAUtil;
import org.apache.hadoop.yarn.webapp.util.WebAppUtils;

/**
 * Where the ResourceManager's web app answers, found the way YARN's own clients find it: {@code yarn.http.policy}
 * picks the HTTP or HTTPS address, and with ResourceManager HA every {@code yarn.resourcemanager.ha.rm-ids} entry
 * has its own ({@code yarn.resourcemanager.webapp[.https].address.<id>}, else its hostname with the default port).
 *
 * <p>A call goes first to the address that answered last, then to the others in turn, so a failover costs one
 * connection attempt: YARN's RPC client rotates through the ids the same way. A standby ResourceManager redirects
 * its REST calls to the active one (307), which the one client every caller shares follows (method and body kept).
 */
public final class ResourceManagerWebApp {

    private final List<URI> addresses;
    private final String advice;
    private final AtomicInteger answered = new AtomicInteger();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
            .followRedirects(HttpClient.Redirect.NORMAL).build();

    private ResourceManagerWebApp(List<URI> addresses, String advice) {
        if (addresses.isEmpty()) {
            throw new IllegalArgumentException("no ResourceManager web address");
        }
        this.addresses = List.copyOf(addresses);
        this.advice = advice;
    }

    /** The web app of the ResourceManager (or HA pair) a client configuration describes. */
    public static ResourceManagerWebApp of(Configuration conf) {
        List<URI> found = new ArrayList<>();
        if (HAUtil.isHAEnabled(conf)) {
            int ids = HAUtil.getRMHAIds(conf).size();
            for (int index = 0; index < ids; index++) {
                found.add(URI.create(WebAppUtils.getRMWebAppURLWithScheme(conf, index)));
            }
        }
        if (found.isEmpty()) {
            found.add(URI.create(WebAppUtils.getRMWebAppURLWithScheme(conf)));
        }
        String https = WebAppUtils.getHttpSchemePrefix(conf).startsWith("https") ? " (HTTPS: yarn.http.policy)" : "";
        String key = HAUtil.isHAEnabled(conf) ? "yarn.resourcemanager.webapp.address.<rm-id>"
                : "yarn.resourcemanager.webapp.address";
        return new ResourceManagerWebApp(found, "check that the ResourceManager runs and " + key + https
                + " in yarn-site.xml");
    }

    /** One web app at {@code address}: {@code host:port} (HTTP) or a full http(s) URL. */
    public static ResourceManagerWebApp at(String address) {
        String url = address.contains("://") ? address : "http://" + address;
        return new ResourceManagerWebApp(List.of(URI.create(url)), "check that the ResourceManager runs at " + url);
    }

    /** Every address, in the order a call tries them now. */
    public List<URI> addresses() {
        int first = answered.get();
        List<URI> ordered = new ArrayList<>(addresses.subList(first, addresses.size()));
        ordered.addAll(addresses.subList(0, first));
        return ordered;
    }

    /** The address that answered last (the first one before any call). */
    public URI current() {
        return addresses.get(answered.get());
    }

    /**
     * Sends the request {@code at} builds for an address, to each address in turn until one answers at all (any
     * HTTP status counts as an answer: only a connection that fails or times out moves on).
     *
     * @throws IOException naming every address tried and why it failed, and what to check
     */
    public HttpResponse<String> send(Function<URI, HttpRequest> at) throws IOException, InterruptedException {
        Objects.requireNonNull(at, "request");
        List<String> failures = new ArrayList<>();
        int first = answered.get();
        for (int k = 0; k < addresses.size(); k++) {
            int index = (first + k) % addresses.size();
            URI base = addresses.get(index);
            try {
                HttpResponse<String> response = http.send(at.apply(base), HttpResponse.BodyHandlers.ofString());
                answered.set(index);
                return response;
            } catch (IOException e) {
                failures.add(base + " (" + describe(e) + ")");
            }
        }
        throw new IOException("the ResourceManager web app did not answer at " + String.join(", ", failures)
                + "; " + advice);
    }

    /** {@code GET path} asking for JSON, sent as {@link #send} sends, waiting {@code timeout} for the answer. */
    public HttpResponse<String> getJson(String path, Duration timeout) throws IOException, InterruptedException {
        return send(base -> HttpRequest.newBuilder(base.resolve(path)).timeout(timeout)
                .header("Accept", "application/json").GET().build());
    }

    private static String describe(IOException e) {
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
    }

    @Override
    public String toString() {
        return addresses.size() == 1 ? addresses.get(0).toString() : addresses.toString();
    }
}
