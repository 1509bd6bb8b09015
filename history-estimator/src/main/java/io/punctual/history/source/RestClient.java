package io.punctual.history.source;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;

/** GETs against a Spark History Server, with failures turned into messages a user can act on. */
final class RestClient {

    /** A response that is not 200, kept apart from transport failures so callers can fall back (e.g. on 404). */
    static final class StatusException extends IOException {
        final int status;

        StatusException(URI uri, int status) {
            super("History Server answered HTTP " + status + " for " + uri);
            this.status = status;
        }
    }

    private final HttpClient http;
    private final Duration timeout;
    private final ObjectMapper mapper = new ObjectMapper();

    RestClient(Duration timeout) {
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NORMAL).build();
    }

    JsonNode json(URI uri) throws IOException {
        try (InputStream body = stream(uri)) {
            return mapper.readTree(body);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IOException("not a Spark History Server: " + uri + " did not answer JSON ("
                    + e.getOriginalMessage() + ")", e);
        }
    }

    InputStream stream(URI uri) throws IOException {
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(timeout).GET().build();
        HttpResponse<InputStream> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while asking " + uri, e);
        } catch (IOException | IllegalArgumentException e) {
            throw unreachable(uri, e);
        }
        if (response.statusCode() != 200) {
            response.body().close();
            throw new StatusException(uri, response.statusCode());
        }
        return response.body();
    }

    private static IOException unreachable(URI uri, Exception e) {
        String why;
        if (e instanceof HttpConnectTimeoutException || e instanceof HttpTimeoutException) {
            why = "no answer within the timeout";
        } else if (e instanceof ConnectException) {
            why = "connection refused";
        } else if (e instanceof UnresolvedAddressException) {
            why = "unknown host";
        } else {
            why = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
        }
        String server = uri.getScheme() + "://" + uri.getAuthority();
        return new IOException("History Server at " + server + " is unreachable (" + why
                + "); check the URL and that the server is running (its default port is 18080)", e);
    }
}
