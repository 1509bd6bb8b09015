package io.punctual.submit.gateway;

import io.punctual.submit.request.InvalidRequest;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One HTTP request as the gateway's routes read it, apart from the server that received it: the routes are the same
 * whatever serves them, and each answer is a value ({@link Answer}).
 *
 * @param header a request header by name (any case), or null
 * @param body   the request body, read at most once
 */
record HttpCall(String method, String path, String rawQuery, Function<String, String> header,
                Supplier<InputStream> body) {

    /** A body larger than this is refused: files travel by URI, not inline. */
    static final int MAX_BODY = 1 << 20;
    /** How much of an oversized body is read past {@link #MAX_BODY} so that its sender gets the answer. */
    static final long DRAIN_LIMIT = 32L << 20;

    Optional<String> headerValue(String name) {
        return Optional.ofNullable(header.apply(name));
    }

    Map<String, String> query() {
        Map<String, String> values = new HashMap<>();
        if (rawQuery != null) {
            for (String pair : rawQuery.split("&")) {
                int eq = pair.indexOf('=');
                String key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
                String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
                values.put(key, value);
            }
        }
        return values;
    }

    byte[] bodyBytes() {
        try (InputStream in = body.get()) {
            byte[] bytes = in.readNBytes(MAX_BODY + 1);
            if (bytes.length > MAX_BODY) {
                drain(in);
                throw new InvalidRequest("the request body is more than the 1 MiB a batch may take: send files by"
                        + " URI (hdfs://, s3a://) instead of inline");
            }
            return bytes;
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the request body", e);
        }
    }

    /**
     * Reads and drops the rest of an oversized body, up to {@link #DRAIN_LIMIT}: a client still sending when the
     * gateway answers and closes would see its write fail (a reset) instead of the answer saying what is wrong.
     */
    private static void drain(InputStream in) throws IOException {
        byte[] buffer = new byte[64 << 10];
        long left = DRAIN_LIMIT;
        int read;
        while (left > 0 && (read = in.read(buffer, 0, (int) Math.min(buffer.length, left))) > 0) {
            left -= read;
        }
    }

    /** What the gateway answers: a status, a type, a text body and any extra headers. */
    record Answer(int status, String contentType, String body, Map<String, String> headers) {

        Answer {
            headers = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(headers));
        }

        static Answer json(int status, com.fasterxml.jackson.databind.JsonNode body) {
            return new Answer(status, "application/json", body.toString(), Map.of());
        }

        static Answer text(int status, String type, String body) {
            return new Answer(status, type, body, Map.of());
        }

        Answer with(String header, String value) {
            Map<String, String> more = new LinkedHashMap<>(headers);
            more.put(header, value);
            return new Answer(status, contentType, body, more);
        }
    }
}
