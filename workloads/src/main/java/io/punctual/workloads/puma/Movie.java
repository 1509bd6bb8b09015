package io.punctual.workloads.puma;

import java.io.Serializable;
import java.util.Arrays;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.SparkSession;

/**
 * A movie and its ratings, one line of the ratings input in PUMA's format:
 * {@code <movie>:<user>_<rating>,<user>_<rating>,...} (see {@link io.punctual.workloads.puma.input.RatingsGenerator}).
 * Its ratings, as a vector over users (0 where a user did not rate it), are what classification and k-means compare.
 * Arrays make equality that of identity; movies are compared by {@link #id}.
 *
 * @param id      the movie
 * @param users   the users who rated it, ascending
 * @param ratings {@code ratings[i]} is the rating {@code users[i]} gave
 */
record Movie(long id, int[] users, byte[] ratings) implements Serializable {

    /** The ratings input's movies. */
    static JavaRDD<Movie> read(SparkSession spark, String input, int partitions) {
        return PumaMain.lines(spark, input, partitions).filter(line -> !line.isBlank()).map(Movie::parse);
    }

    /** A line of the ratings input. */
    static Movie parse(String line) {
        int colon = line.indexOf(':');
        try {
            long id = Long.parseLong(line.substring(0, colon));
            String[] reviews = colon == line.length() - 1 ? new String[0] : line.substring(colon + 1).split(",");
            // user and rating in one number, so that one sort puts users in order with their ratings
            long[] byUser = new long[reviews.length];
            for (int i = 0; i < reviews.length; i++) {
                int underscore = reviews[i].indexOf('_');
                byUser[i] = Long.parseLong(reviews[i].substring(0, underscore)) * 8
                        + Integer.parseInt(reviews[i].substring(underscore + 1));
            }
            Arrays.sort(byUser);
            int[] users = new int[byUser.length];
            byte[] ratings = new byte[byUser.length];
            for (int i = 0; i < byUser.length; i++) {
                users[i] = (int) (byUser[i] / 8);
                ratings[i] = (byte) (byUser[i] % 8);
            }
            return new Movie(id, users, ratings);
        } catch (RuntimeException e) {
            String start = line.length() > 80 ? line.substring(0, 80) + "..." : line;
            throw new IllegalArgumentException("a ratings line is <movie>:<user>_<rating>,... with ratings 1 to 5; got '"
                    + start + "'", e);
        }
    }

    /** The sum of its ratings. */
    long ratingSum() {
        long sum = 0;
        for (byte rating : ratings) {
            sum += rating;
        }
        return sum;
    }

    /**
     * The cosine of the angle between the two movies' rating vectors, 0 when either has no ratings. Ratings are
     * whole numbers, so the dot product and the norms are exact and the result does not depend on summing order.
     */
    double cosine(Movie other) {
        long dot = 0;
        int i = 0;
        int j = 0;
        while (i < users.length && j < other.users.length) {
            if (users[i] == other.users[j]) {
                dot += (long) ratings[i++] * other.ratings[j++];
            } else if (users[i] < other.users[j]) {
                i++;
            } else {
                j++;
            }
        }
        long norms = squaredNorm() * other.squaredNorm();
        return norms == 0 ? 0.0 : dot / Math.sqrt((double) norms);
    }

    private long squaredNorm() {
        long sum = 0;
        for (byte rating : ratings) {
            sum += (long) rating * rating;
        }
        return sum;
    }
}
