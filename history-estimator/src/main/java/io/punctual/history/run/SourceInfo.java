package io.punctual.history.run;

import java.util.Objects;

/**
 * Where a run was read from, and enough about that source to tell whether it changed since.
 *
 * @param fingerprint a content fingerprint of the raw bytes (CRC32C and length), or a REST resource's identity
 */
public record SourceInfo(String uri, long sizeBytes, long modifiedMs, String fingerprint) {

    public SourceInfo {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(fingerprint, "fingerprint");
    }
}
