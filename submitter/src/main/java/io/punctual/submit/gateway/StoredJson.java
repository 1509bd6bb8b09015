package io.punctual.submit.gateway;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import java.io.IOException;
import java.io.UncheckedIOException;

/** How every store writes a batch record: one JSON form, readable by older and newer gateways alike. */
final class StoredJson {

    static final ObjectMapper MAPPER = new ObjectMapper().registerModule(new Jdk8Module())
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private StoredJson() {
    }

    static byte[] bytes(Object value) {
        try {
            return MAPPER.writeValueAsBytes(value);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + value.getClass().getSimpleName() + " as JSON", e);
        }
    }

    static String text(Object value) {
        return new String(bytes(value), java.nio.charset.StandardCharsets.UTF_8);
    }
}
