package io.punctual.sizing.justice;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * {@link JusticeState} as versioned, human-readable text, so the submitter can persist what Justice learned and
 * read it back after a restart (this module does no I/O itself). Format {@value #HEADER}:
 * <pre>
 * justice-state v1
 * smoothing=exponential:0.3
 * tracked=12
 * minFraction=0.1
 * maxFraction=0.9
 * lastFraction=0.5
 * lastSuccess=true
 * smoothedError=-0.02
 * recentErrors=-0.1,0.05
 * crc32=1a2b3c4d
 * </pre>
 * Lines are separated by {@code \n}; one trailing newline is tolerated. Numbers use {@link Double#toString}, which
 * reads back to the identical {@code double}, so decoding an encoding yields an equal state. The last line is the
 * CRC-32 of every byte before it (UTF-8), in 8 lower-case hex digits, so a truncated or altered file is rejected
 * instead of silently steering sizing.
 */
public final class JusticeStateCodec {

    public static final String HEADER = "justice-state v1";
    private static final String CRC_KEY = "crc32=";
    private static final List<String> KEYS = List.of("smoothing", "tracked", "minFraction", "maxFraction",
            "lastFraction", "lastSuccess", "smoothedError", "recentErrors");
    private static final String START_AFRESH = "; discard the stored state to let Justice learn afresh";

    private JusticeStateCodec() {
    }

    public static String encode(JusticeState state) {
        StringBuilder body = new StringBuilder(64 + 24 * state.recentErrors().size());
        body.append(HEADER).append('\n')
                .append("smoothing=").append(state.smoothing().encode()).append('\n')
                .append("tracked=").append(state.trackedJobs()).append('\n')
                .append("minFraction=").append(state.minFraction()).append('\n')
                .append("maxFraction=").append(state.maxFraction()).append('\n')
                .append("lastFraction=").append(state.lastFraction()).append('\n')
                .append("lastSuccess=").append(state.lastSuccess()).append('\n')
                .append("smoothedError=").append(state.smoothedError()).append('\n')
                .append("recentErrors=");
        for (int i = 0; i < state.recentErrors().size(); i++) {
            body.append(i == 0 ? "" : ",").append(state.recentErrors().get(i));
        }
        body.append('\n');
        return body + CRC_KEY + String.format("%08x", crc(body.toString()));
    }

    /** Reads {@link #encode}'s text; never throws on bad text, it says what is wrong instead. */
    public static DecodedState decode(String text) {
        if (text == null || text.isEmpty()) {
            return new DecodedState.Corrupt("the stored Justice state is empty" + START_AFRESH);
        }
        String content = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
        if (!content.startsWith(HEADER + "\n")) {
            String first = content.lines().findFirst().orElse("");
            return new DecodedState.Corrupt(first.startsWith("justice-state ")
                    ? "unsupported Justice state version '" + first + "'; this build reads '" + HEADER + "'"
                    : "not a Justice state: the first line must be '" + HEADER + "'" + START_AFRESH);
        }
        int crcAt = content.lastIndexOf("\n" + CRC_KEY);
        if (crcAt < 0) {
            return new DecodedState.Corrupt("the Justice state has no " + CRC_KEY + " line (truncated?)" + START_AFRESH);
        }
        String body = content.substring(0, crcAt + 1);
        String stored = content.substring(crcAt + 1 + CRC_KEY.length());
        if (!stored.matches("[0-9a-f]{8}") || Long.parseLong(stored, 16) != crc(body)) {
            return new DecodedState.Corrupt("the Justice state fails its checksum (stored " + stored + ", computed "
                    + String.format("%08x", crc(body)) + "): it was truncated or edited" + START_AFRESH);
        }
        try {
            return new DecodedState.Decoded(parse(fields(body)));
        } catch (IllegalArgumentException e) {
            return new DecodedState.Corrupt("invalid Justice state: " + e.getMessage() + START_AFRESH);
        }
    }

    private static Map<String, String> fields(String body) {
        Map<String, String> fields = new LinkedHashMap<>();
        List<String> lines = body.lines().skip(1).toList();
        for (String line : lines) {
            int eq = line.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("line '" + line + "' is not key=value");
            }
            String key = line.substring(0, eq);
            if (!KEYS.contains(key)) {
                throw new IllegalArgumentException("unknown key '" + key + "'");
            }
            if (fields.put(key, line.substring(eq + 1)) != null) {
                throw new IllegalArgumentException("key '" + key + "' appears twice");
            }
        }
        for (String key : KEYS) {
            if (!fields.containsKey(key)) {
                throw new IllegalArgumentException("missing key '" + key + "'");
            }
        }
        return fields;
    }

    private static JusticeState parse(Map<String, String> f) {
        return new JusticeState(ErrorSmoothing.decode(f.get("smoothing")), parseLong("tracked", f.get("tracked")),
                number("minFraction", f.get("minFraction")), number("maxFraction", f.get("maxFraction")),
                number("lastFraction", f.get("lastFraction")), bool(f.get("lastSuccess")),
                number("smoothedError", f.get("smoothedError")), errors(f.get("recentErrors")));
    }

    private static List<Double> errors(String text) {
        List<Double> errors = new ArrayList<>();
        if (!text.isEmpty()) {
            for (String item : text.split(",", -1)) {
                errors.add(number("recentErrors", item));
            }
        }
        return errors;
    }

    private static double number(String key, String text) {
        try {
            double value = Double.parseDouble(text);
            if (!Double.isFinite(value) || !text.equals(text.strip())) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " '" + text + "' is not a finite number");
        }
    }

    private static long parseLong(String key, String text) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " '" + text + "' is not a whole number");
        }
    }

    private static boolean bool(String text) {
        return switch (text) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("lastSuccess '" + text + "' is neither true nor false");
        };
    }

    private static long crc(String body) {
        CRC32 crc = new CRC32();
        crc.update(body.getBytes(StandardCharsets.UTF_8));
        return crc.getValue();
    }
}
