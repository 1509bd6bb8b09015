package io.punctual.simulate.workload;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/** The {@code key=value,key=value} specs generated workloads are written in ({@code synthetic:}, {@code bursts:}, …). */
public final class SpecFields {

    private final Map<String, String> fields;
    private final String spec;
    private final String format;

    private SpecFields(Map<String, String> fields, String spec, String format) {
        this.fields = fields;
        this.spec = spec;
        this.format = format;
    }

    /** Reads {@code spec}, refusing a part that is not {@code key=value} or a key not in {@code known}. */
    public static SpecFields parse(String spec, List<String> known, String format) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String part : spec.split(",")) {
            String[] kv = part.split("=", 2);
            String key = kv[0].strip().toLowerCase(Locale.ROOT);
            if (kv.length != 2 || key.isEmpty()) {
                throw new TraceException("cannot read '" + part + "' in '" + spec + "'; write " + format);
            }
            if (!known.contains(key)) {
                throw new TraceException("unknown field '" + key + "' in '" + spec + "'; write " + format);
            }
            fields.put(key, kv[1].strip());
        }
        return new SpecFields(fields, spec, format);
    }

    public boolean has(String key) {
        return fields.containsKey(key);
    }

    public int whole(String key, int fallback) {
        return value(key, fallback, Integer::parseInt);
    }

    public long wholeLong(String key, long fallback) {
        return value(key, fallback, Long::parseLong);
    }

    public double number(String key, double fallback) {
        return value(key, fallback, Double::parseDouble);
    }

    private <T> T value(String key, T fallback, Function<String, T> parse) {
        String text = fields.get(key);
        try {
            return text == null ? fallback : parse.apply(text);
        } catch (NumberFormatException e) {
            throw notANumber(key, text);
        }
    }

    private TraceException notANumber(String key, String text) {
        return new TraceException(key + "=" + text + " in '" + spec + "' is not a number; write " + format);
    }
}
