package io.punctual.submit.config;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A team's secret for {@code Authorization: Bearer <token>} (RFC 6750). It never prints itself, and it is looked up by
 * its SHA-256 digest, so that neither a log line nor the timing of a map lookup gives the secret away.
 */
public final class BearerToken {

    /** Shorter tokens can be guessed; 16 characters of a random string is the least a team should use. */
    public static final int MIN_LENGTH = 16;

    private final String digest;

    private BearerToken(String digest) {
        this.digest = digest;
    }

    public static BearerToken of(String secret) {
        Objects.requireNonNull(secret, "secret");
        return new BearerToken(digestOf(secret));
    }

    /** The token in an {@code Authorization} header value, if it uses the Bearer scheme (any letter case). */
    public static Optional<String> fromAuthorizationHeader(String header) {
        if (header == null) {
            return Optional.empty();
        }
        String trimmed = header.trim();
        int space = trimmed.indexOf(' ');
        if (space < 0 || !trimmed.substring(0, space).toLowerCase(Locale.ROOT).equals("bearer")) {
            return Optional.empty();
        }
        String token = trimmed.substring(space + 1).trim();
        return token.isEmpty() ? Optional.empty() : Optional.of(token);
    }

    /** True when {@code presented} is this token; compares digests in constant time. */
    public boolean matches(String presented) {
        return presented != null && MessageDigest.isEqual(digest.getBytes(StandardCharsets.US_ASCII),
                digestOf(presented).getBytes(StandardCharsets.US_ASCII));
    }

    String digest() {
        return digest;
    }

    static String digestOf(String secret) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java 17 runtime has SHA-256", e);
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof BearerToken token && token.digest.equals(digest);
    }

    @Override
    public int hashCode() {
        return digest.hashCode();
    }

    @Override
    public String toString() {
        return "BearerToken(redacted)";
    }
}
