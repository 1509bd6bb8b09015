package io.punctual.workloads.puma.input;

import java.util.BitSet;
import java.util.SplittableRandom;

/**
 * Movie ratings for PUMA's histogram, classification and k-means jobs, in the format PUMA read the Netflix Prize
 * data in: one movie per line, {@code <movie>:<user>_<rating>,<user>_<rating>,...}, users ascending, ratings 1 to 5.
 *
 * <p>So that clustering has something to find, each movie has one of 8 hidden genres: most of its raters (70%)
 * come from the users who favour that genre. A rating is the user's taste for the genre (fixed per user and genre,
 * drawn from the seed, 2 to 4) plus the movie's quality (-1.5 to +1.5, so that movie averages spread over the
 * histogram's bins) give or take one, rounded and kept within 1 to 5. A movie has 20 to 1,020 ratings, most of them
 * few (about 2.8 KB a line on average); there are 50,000 users.
 */
public final class RatingsGenerator implements RecordGenerator {

    /** How many users rate movies; user ids are 1..USERS. */
    public static final int USERS = 50_000;
    /** How many hidden genres the movies fall into. */
    public static final int GENRES = 8;

    private static final double GENRE_FANS = 0.7;
    private static final int MIN_RATINGS = 20;
    private static final int EXTRA_RATINGS = 1_000;

    /** Each user's taste for each genre, in half stars (4 to 8). */
    private final byte[] tastes = new byte[USERS * GENRES];

    /** Draws every user's taste for every genre from {@code random}; the size is not needed. */
    public RatingsGenerator(long totalBytes, SplittableRandom random) {
        for (int i = 0; i < tastes.length; i++) {
            tastes[i] = (byte) random.nextInt(4, 9);
        }
    }

    @Override
    public void append(long id, SplittableRandom random, StringBuilder out) {
        int genre = random.nextInt(GENRES);
        double quality = random.nextDouble() * 3 - 1.5;
        double popularity = random.nextDouble();
        int[] users = raters(genre, MIN_RATINGS + (int) (popularity * popularity * EXTRA_RATINGS), random);
        out.append(id).append(':');
        for (int i = 0; i < users.length; i++) {
            int user = users[i];
            int draw = random.nextInt(4); // -1, 0, 0, +1: most ratings match the taste
            int noise = draw == 0 ? -1 : draw == 3 ? 1 : 0;
            long rating = Math.max(1, Math.min(5, Math.round(tastes[user * GENRES + genre] / 2.0 + quality + noise)));
            out.append(i > 0 ? "," : "").append(user + 1).append('_').append(rating);
        }
        out.append('\n');
    }

    /** {@code count} different users (0-based), ascending; most of them fans of {@code genre}. */
    private static int[] raters(int genre, int count, SplittableRandom random) {
        BitSet chosen = new BitSet(USERS);
        int found = 0;
        while (found < count) {
            int user = random.nextDouble() < GENRE_FANS
                    ? genre + GENRES * random.nextInt(USERS / GENRES)
                    : random.nextInt(USERS);
            if (!chosen.get(user)) {
                chosen.set(user);
                found++;
            }
        }
        return chosen.stream().toArray();
    }
}
