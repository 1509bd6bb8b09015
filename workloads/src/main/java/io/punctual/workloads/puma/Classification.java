package io.punctual.workloads.puma;

import java.util.stream.Collectors;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.storage.StorageLevel;
import org.apache.spark.sql.SparkSession;
import scala.Tuple2;

/**
 * PUMA's classification: puts every movie into one of {@value Centroids#CLUSTERS} clusters given by centre movies,
 * the one whose ratings its own resemble most (cosine similarity of the rating vectors; see {@link Centroids}). It is
 * one k-means assignment step without the centre update. PUMA read the centres from a file k-means had written; here
 * they are the movies with the lowest ids, so the job needs no other input. The map assigns each movie; the reduce
 * lists each cluster's movies. Output: {@code <cluster>\t<movie>,<movie>,...}, movies ascending; a cluster of more
 * than {@value SortedGroups#VALUES_PER_LINE} movies continues on the next lines.
 *
 * <p>Arguments: {@code <input> <output> [<partitions>]}; input: {@link io.punctual.workloads.puma.input.InputKind#RATINGS}.
 */
public final class Classification {

    private Classification() {
    }

    public static void main(String[] args) {
        PumaMain.main(args, "puma/classification", Classification::run);
    }

    public static void run(SparkSession spark, String input, String output, int partitions) {
        JavaRDD<Movie> movies = Movie.read(spark, input, partitions).persist(StorageLevel.MEMORY_AND_DISK());
        try {
            write(movies, Centroids.lowestIds(movies, Centroids.CLUSTERS), output, partitions);
        } finally {
            movies.unpersist(false);
        }
    }

    /** Writes each cluster's movies under {@code output}, in this job's output format. */
    static void write(JavaRDD<Movie> movies, Centroids centroids, String output, int partitions) {
        var members = movies.mapToPair(movie -> new Tuple2<>(centroids.nearest(movie), movie.id()));
        SortedGroups.grouped(members, partitions, SortedGroups.VALUES_PER_LINE)
                .map(cluster -> cluster._1() + "\t"
                        + cluster._2().stream().map(String::valueOf).collect(Collectors.joining(",")))
                .saveAsTextFile(output);
    }
}
