package io.punctual.workloads.puma;

import java.io.Serializable;
import java.util.Comparator;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;

/**
 * The cluster centres of PUMA's classification and k-means: movies, as PUMA's are (a cluster's centre is one of its
 * members, not an average). A movie belongs to the centre whose ratings are most similar to its own, by
 * {@link Movie#cosine}; on equal similarity to the lowest-numbered, and to cluster 0 when it resembles none (as in
 * PUMA). Small enough (PUMA's 16 movies) to travel with every task.
 *
 * @param movies cluster {@code i}'s centre is {@code movies.get(i)}
 */
record Centroids(List<Movie> movies) implements Serializable {

    /** How many clusters PUMA's classification and k-means make. */
    static final int CLUSTERS = 16;

    private static final Comparator<Movie> BY_ID =
            (Comparator<Movie> & Serializable) (a, b) -> Long.compare(a.id(), b.id());

    Centroids {
        movies = List.copyOf(movies);
    }

    /** The movies with the {@code count} lowest ids: the starting centres, the same on every run. */
    static Centroids lowestIds(JavaRDD<Movie> movies, int count) {
        return new Centroids(movies.takeOrdered(count, BY_ID));
    }

    /** The cluster {@code movie} belongs to. */
    int nearest(Movie movie) {
        int best = 0;
        double bestSimilarity = 0.0;
        for (int cluster = 0; cluster < movies.size(); cluster++) {
            double similarity = movie.cosine(movies.get(cluster));
            if (similarity > bestSimilarity) {
                best = cluster;
                bestSimilarity = similarity;
            }
        }
        return best;
    }

    /** How similar {@code movie} is to the centre of {@code cluster}. */
    double similarity(Movie movie, int cluster) {
        return movies.isEmpty() ? 0.0 : movie.cosine(movies.get(cluster));
    }

    /** The centres' movie ids, by cluster. */
    List<Long> ids() {
        return movies.stream().map(Movie::id).toList();
    }
}
