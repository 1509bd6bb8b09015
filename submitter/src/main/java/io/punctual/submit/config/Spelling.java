package io.punctual.submit.config;

import java.util.Collection;
import java.util.Optional;

/** "Did you mean": the known key nearest to a misspelt one, by edit distance, when it is near enough to be a typo. */
final class Spelling {

    private Spelling() {
    }

    static Optional<String> closest(String typed, Collection<String> known) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : known) {
            int d = distance(typed.toLowerCase(java.util.Locale.ROOT), candidate.toLowerCase(java.util.Locale.ROOT));
            if (d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        int tolerated = Math.max(1, typed.length() / 3);
        return best != null && bestDistance > 0 && bestDistance <= tolerated ? Optional.of(best) : Optional.empty();
    }

    /** Levenshtein distance with two rows. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
