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

    /**
     * Edit distance counting an insertion, a deletion, a substitution or a swap of two neighbours as one edit
     * (optimal string alignment): {@code prot} is one edit from {@code port}, as a typist would count it.
     */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(d[i - 1][j - 1] + cost, Math.min(d[i - 1][j], d[i][j - 1]) + 1);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
