package io.punctual.submit.request;

import java.util.Map;
import java.util.Optional;

/**
 * Punctual's inputs in a request's Spark conf are checked by name: a misspelt {@code spark.deadline.By} would otherwise
 * pass to Spark, which ignores it, and the job would run best-effort without a word.
 */
public final class RequestKeys {

    private RequestKeys() {
    }

    /** @throws InvalidRequest naming the key, the one it probably meant, and every key a request may set */
    public static void requireKnown(Map<String, String> conf) {
        for (String key : conf.keySet()) {
            if (key.regionMatches(true, 0, DeadlineKeys.PREFIX, 0, DeadlineKeys.PREFIX.length())
                    && !DeadlineKeys.REQUEST_KEYS.contains(key)) {
                String hint = key.equals(DeadlineKeys.SUBMISSION_ID) ? " (Punctual sets it itself)"
                        : closest(key).map(k -> "; did you mean '" + k + "'").orElse("");
                throw new InvalidRequest("conf '" + key + "' is not a key Punctual knows" + hint + ". The keys a"
                        + " request may set: " + String.join(", ", DeadlineKeys.REQUEST_KEYS));
            }
        }
    }

    private static Optional<String> closest(String key) {
        return DeadlineKeys.REQUEST_KEYS.stream().filter(k -> k.equalsIgnoreCase(key)
                || k.replace(DeadlineKeys.PREFIX, "").equalsIgnoreCase(key.substring(DeadlineKeys.PREFIX.length())
                        .replace("-", "").replace("_", ""))).findFirst();
    }
}
