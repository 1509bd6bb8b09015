package io.punctual.submit.config;

import io.punctual.submit.request.InvalidRequest;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigOrigin;
import com.typesafe.config.ConfigRenderOptions;
import com.typesafe.config.ConfigUtil;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;
import io.punctual.submit.request.SparkMemory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.DoublePredicate;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Reads typed values out of one resolved HOCON tree and records every problem instead of stopping at the first.
 * It remembers each path it was asked about, so that afterwards {@link #reportUnknownKeys()} can name every key
 * nobody reads — with a "did you mean" when it looks like a typo of a key that is read.
 */
final class ConfigReader {

    enum Need { REQUIRED, OPTIONAL }

    private static final int MAX_SHOWN = 60;

    private final Config config;
    private final String file;
    private final String parsedFile;
    private final List<ConfigProblem> problems;
    private final Set<String> known = new HashSet<>();
    private final Set<String> open = new HashSet<>();
    private final Set<String> nameMaps = new HashSet<>();
    private int reported;

    /**
     * @param file       the file's name as the user should see it
     * @param parsedFile the name the HOCON parser recorded for the file, to tell its values from included ones
     */
    ConfigReader(Config config, String file, String parsedFile, List<ConfigProblem> problems) {
        this.config = config;
        this.file = file;
        this.parsedFile = parsedFile;
        this.problems = problems;
    }

    static String path(String... keys) {
        return ConfigUtil.joinPath(keys);
    }

    /** The file as the user should see it. */
    String file() {
        return file;
    }

    /** One spelling per path, so that {@code a."b"} and {@code a.b} are the same key to the unknown-key walk. */
    private static String canonical(String path) {
        return ConfigUtil.joinPath(ConfigUtil.splitPath(path));
    }

    /** How many problems this reader has reported; callers compare before and after reading a part. */
    int reported() {
        return reported;
    }

    boolean has(String path) {
        known.add(canonical(path));
        return config.hasPathOrNull(path);
    }

    Optional<String> text(String path, Need need, Pattern ok, String expected) {
        return value(path, need, expected).flatMap(v -> {
            if (v.valueType() == ConfigValueType.OBJECT || v.valueType() == ConfigValueType.LIST) {
                return wrong(path, v, expected);
            }
            String text = scalarText(v);
            return ok.matcher(text).matches() ? Optional.of(text) : wrong(path, v, expected);
        });
    }

    /** Like {@link #text}, but a problem never shows the value: it is a secret even when it is malformed. */
    Optional<String> secret(String path, Need need, Pattern ok, String expected) {
        return value(path, need, expected).flatMap(v -> {
            boolean scalar = v.valueType() != ConfigValueType.OBJECT && v.valueType() != ConfigValueType.LIST;
            if (scalar && ok.matcher(scalarText(v)).matches()) {
                return Optional.of(scalarText(v));
            }
            report(v.origin(), path, "expected " + expected + ", got " + (scalar ? "a value of "
                    + scalarText(v).length() + " characters (not shown)" : "a " + v.valueType().name().toLowerCase(
                    java.util.Locale.ROOT)));
            return Optional.empty();
        });
    }

    Optional<Double> number(String path, Need need, DoublePredicate ok, String expected) {
        return value(path, need, expected).flatMap(v -> {
            Optional<Double> number = asNumber(v);
            return number.isPresent() && ok.test(number.get()) ? number : wrong(path, v, expected);
        });
    }

    Optional<Integer> whole(String path, Need need, int min, int max) {
        String expected = max == Integer.MAX_VALUE ? "a whole number of at least " + min
                : "a whole number from " + min + " to " + max;
        return number(path, need, d -> d == Math.rint(d) && d >= min && d <= max, expected).map(Double::intValue);
    }

    /** A duration written with its unit; a bare number is refused because HOCON would read it as milliseconds. */
    Optional<Duration> duration(String path, Need need, Predicate<Duration> ok, String expected) {
        String withUnit = expected + " with a unit, such as 90s, 10m or 1h";
        return value(path, need, withUnit).flatMap(v -> {
            if (v.valueType() != ConfigValueType.STRING) {
                return wrong(path, v, withUnit + " (a bare number would be read as milliseconds)");
            }
            try {
                Duration d = config.getDuration(path);
                return ok.test(d) ? Optional.of(d) : wrong(path, v, withUnit);
            } catch (com.typesafe.config.ConfigException e) {
                return wrong(path, v, withUnit);
            }
        });
    }

    /** Memory the way Spark reads {@code spark.executor.memory}: {@code 512m}, {@code 4g}; a bare number is MiB. */
    Optional<Long> memoryMb(String path, Need need) {
        String expected = "a memory size such as 512m or 4g (a bare number is MiB, as Spark reads it)";
        return value(path, need, expected).flatMap(v -> {
            if (v.valueType() == ConfigValueType.NUMBER) {
                double d = ((Number) v.unwrapped()).doubleValue();
                return d == Math.rint(d) && d >= 1 ? Optional.of((long) d) : wrong(path, v, expected);
            }
            if (v.valueType() != ConfigValueType.STRING) {
                return wrong(path, v, expected);
            }
            try {
                long mb = SparkMemory.mebibytes((String) v.unwrapped(), path);
                return mb >= 1 ? Optional.of(mb) : wrong(path, v, expected);
            } catch (InvalidRequest | NumberFormatException e) {
                return wrong(path, v, expected);
            }
        });
    }

    Optional<List<String>> textList(String path, Need need, String expected) {
        return value(path, need, expected).flatMap(v -> {
            if (v.valueType() != ConfigValueType.LIST) {
                return wrong(path, v, expected);
            }
            List<String> items = new ArrayList<>();
            for (ConfigValue item : config.getList(path)) {
                if (item.valueType() == ConfigValueType.OBJECT || item.valueType() == ConfigValueType.LIST
                        || item.valueType() == ConfigValueType.NULL) {
                    return wrong(path, v, expected);
                }
                items.add(scalarText(item));
            }
            return Optional.of(List.copyOf(items));
        });
    }

    /** The keys of an object whose keys are names the user chose (job keys, group names), sorted. */
    List<String> names(String path, Need need, String expected) {
        nameMaps.add(canonical(path));
        return object(path, need, expected).map(o -> List.copyOf(new TreeSet<>(o.keySet()))).orElse(List.of());
    }

    /** An object whose every key is valid (Spark conf): nothing under it is reported as unknown. */
    Optional<ConfigObject> openObject(String path, Need need, String expected) {
        open.add(canonical(path));
        return object(path, need, expected);
    }

    private Optional<ConfigObject> object(String path, Need need, String expected) {
        return value(path, need, expected).flatMap(v -> v instanceof ConfigObject o ? Optional.of(o)
                : wrong(path, v, expected));
    }

    void problem(String path, String message) {
        ConfigOrigin origin = config.hasPath(path) ? config.getValue(path).origin() : null;
        report(origin, path, message);
    }

    /** {@code file:line: path}, for {@link Origin#location()}. */
    String location(String path) {
        ConfigOrigin origin = config.hasPath(path) ? config.getValue(path).origin() : null;
        int line = origin == null ? -1 : origin.lineNumber();
        return fileOf(origin) + (line > 0 ? ":" + line : "") + ": " + path;
    }

    /** {@code fallback}, unless the value was set in a classpath resource ({@code reference.conf}). */
    Level levelOf(String path, Level fallback) {
        return config.hasPath(path) && config.getValue(path).origin().resource() != null ? Level.REFERENCE : fallback;
    }

    /** Reports every key that no read asked about; call after everything has been read. */
    void reportUnknownKeys() {
        walk(config.root(), List.of());
    }

    private void walk(ConfigObject object, List<String> keys) {
        for (String key : new TreeSet<>(object.keySet())) {
            List<String> childKeys = new ArrayList<>(keys);
            childKeys.add(key);
            String child = ConfigUtil.joinPath(childKeys);
            ConfigValue value = object.get(key);
            if (open.contains(child)) {
                continue;
            }
            boolean readBelow = known.stream().anyMatch(k -> k.startsWith(child + "."));
            if (readBelow && value instanceof ConfigObject inner) {
                walk(inner, childKeys);
            } else if (readBelow) {
                report(value.origin(), child, "expected an object with keys " + String.join(", ", knownChildren(childKeys))
                        + ", got " + shown(value));
            } else if (!known.contains(child)) {
                unknown(childKeys, value);
            }
        }
    }

    private void unknown(List<String> keys, ConfigValue value) {
        String key = keys.get(keys.size() - 1);
        Set<String> siblings = knownChildren(keys.subList(0, keys.size() - 1));
        StringBuilder message = new StringBuilder("unknown key");
        Optional<String> suggestion = Spelling.closest(key, siblings);
        suggestion.ifPresent(s -> message.append("; did you mean '").append(s).append("'?"));
        if (!siblings.isEmpty()) {
            message.append(suggestion.isPresent() ? " Known" : "; known").append(" keys here: ")
                    .append(String.join(", ", siblings));
        }
        if (keys.size() >= 3 && nameMaps.contains(ConfigUtil.joinPath(keys.subList(0, keys.size() - 2)))) {
            String name = keys.get(keys.size() - 2) + "." + key;
            message.append(" (if '").append(name).append("' is one name, quote it: \"").append(name).append("\")");
        }
        report(value.origin(), ConfigUtil.joinPath(keys), message.toString());
    }

    private Set<String> knownChildren(List<String> parent) {
        Set<String> children = new TreeSet<>();
        for (String path : union(known, open)) {
            List<String> keys = ConfigUtil.splitPath(path);
            if (keys.size() > parent.size() && keys.subList(0, parent.size()).equals(parent)) {
                children.add(keys.get(parent.size()));
            }
        }
        return children;
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new HashSet<>(a);
        all.addAll(b);
        return all;
    }

    private Optional<ConfigValue> value(String path, Need need, String expected) {
        known.add(canonical(path));
        if (!config.hasPathOrNull(path)) {
            if (need == Need.REQUIRED && !underScalar(path)) {
                report(null, path, "missing required key: expected " + expected);
            }
            return Optional.empty();
        }
        if (config.getIsNull(path)) {
            report(config.getValue(path).origin(), path, "expected " + expected + ", got null");
            return Optional.empty();
        }
        return Optional.of(config.getValue(path));
    }

    /** True when an enclosing key holds a plain value: the walk reports that once, instead of every missing child. */
    private boolean underScalar(String path) {
        List<String> keys = ConfigUtil.splitPath(path);
        for (int i = 1; i < keys.size(); i++) {
            String prefix = ConfigUtil.joinPath(keys.subList(0, i));
            if (config.hasPathOrNull(prefix) && config.getValue(prefix).valueType() != ConfigValueType.OBJECT) {
                return true;
            }
        }
        return false;
    }

    private <T> Optional<T> wrong(String path, ConfigValue value, String expected) {
        report(value.origin(), path, "expected " + expected + ", got " + shown(value));
        return Optional.empty();
    }

    private void report(ConfigOrigin origin, String path, String message) {
        reported++;
        problems.add(ConfigProblem.at(fileOf(origin), origin == null ? -1 : origin.lineNumber(), path, message));
    }

    private String fileOf(ConfigOrigin origin) {
        if (origin == null) {
            return file;
        }
        if (origin.resource() != null) {
            return origin.resource();
        }
        return origin.filename() != null && !origin.filename().equals(parsedFile) ? origin.filename() : file;
    }

    private static Optional<Double> asNumber(ConfigValue v) {
        if (v.valueType() == ConfigValueType.NUMBER) {
            return Optional.of(((Number) v.unwrapped()).doubleValue());
        }
        if (v.valueType() == ConfigValueType.STRING) {
            try {
                double d = Double.parseDouble(((String) v.unwrapped()).trim());
                return Double.isFinite(d) ? Optional.of(d) : Optional.empty();
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** A scalar as the user wrote it: {@code 200}, {@code 0.5}, {@code true}, or the string's text. */
    static String scalarText(ConfigValue v) {
        return v.valueType() == ConfigValueType.STRING ? (String) v.unwrapped()
                : v.render(ConfigRenderOptions.concise());
    }

    static String shown(ConfigValue v) {
        String text = v.render(ConfigRenderOptions.concise());
        return text.length() <= MAX_SHOWN ? text : text.substring(0, MAX_SHOWN) + "…";
    }
}
