package io.punctual.history.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Objects;

/**
 * What ingesting a source last concluded. A source whose size and modification time still match is not read
 * again; a log that was in progress is always read again (it may have grown or completed since).
 *
 * @param outcome  {@code stored}, {@code unchanged}, {@code rejected} or {@code skipped}
 * @param runId    the run it produced, or empty text when none
 * @param detail   the reason, for rejected and skipped sources
 */
public record SourceMark(String uri, long sizeBytes, long modifiedMs, boolean inProgress, String outcome,
                         String runId, String detail) {

    public SourceMark {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(detail, "detail");
    }

    /** True when a source with this size and modification time is the one this mark describes. */
    public boolean describes(long size, long modified) {
        return !inProgress && sizeBytes == size && modifiedMs == modified;
    }

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** Its stored form, the same in every store. */
    public byte[] toJson() {
        try {
            return MAPPER.writeValueAsBytes(MAPPER.createObjectNode().put("uri", uri).put("sizeBytes", sizeBytes)
                    .put("modifiedMs", modifiedMs).put("inProgress", inProgress).put("outcome", outcome)
                    .put("runId", runId).put("detail", detail));
        } catch (IOException e) {
            throw new IllegalStateException("a mark of plain fields always writes", e);
        }
    }

    /** Reads the stored form; what is not JSON is an {@link IOException}. */
    public static SourceMark fromJson(byte[] json) throws IOException {
        JsonNode o = MAPPER.readTree(json);
        if (o == null || !o.isObject()) {
            throw new IOException("not a JSON object");
        }
        return new SourceMark(o.path("uri").asText(), o.path("sizeBytes").asLong(), o.path("modifiedMs").asLong(),
                o.path("inProgress").asBoolean(), o.path("outcome").asText(), o.path("runId").asText(),
                o.path("detail").asText());
    }
}
