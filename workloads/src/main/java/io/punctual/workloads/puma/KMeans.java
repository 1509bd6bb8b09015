package io.punctual.workloads.puma;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;

/**
 * PUMA's k-means: clusters movies by their ratings into {@value Centroids#CLUSTERS} clusters whose centres are
 * movies (see {@link Centroids}), starting from the movies with the lowest ids. Each of {@value #ITERATIONS}
 * iterations is PUMA's map and reduce: the map assigns every movie to its nearest centre and notes how similar it
 * is; the reduce takes as a cluster's new centre the member whose similarity is closest to the cluster's average
 * similarity (PUMA's rule; the lowest id among equals), an empty cluster keeping its centre. A last assignment with
 * the final centres is the result. Output, under {@code <output>}: {@code clusters/} in
 * {@link Classification}'s format and {@code centroids/}, {@code <cluster>\t<movie>}.
 *
 * <p>Similarities are summed as whole billionths, so the average, and with it the choice of centre, does not depend
 * on the order in which partitions are added up.
 *
 * <p>Arguments: {@code <input> <output> [<partitions>]}; input: {@link io.punctual.workloads.puma.input.InputKind#RATINGS}.
 */
public final class KMeans {

    /** How many times the centres are recomputed. */
    public static final int ITERATIONS = 5;

    private KMeans() {
    }

    public static void main(String[] args) {
        PumaMain.main(args, "puma/kmeans", KMeans::run);
    }

    public static void run(SparkSession spark, String input, String output, int partitions) {
        JavaRDD<Movie> movies = Movie.read(spark, input, partitions).persist(StorageLevel.MEMORY_AND_DISK());
        try {
            Centroids centroids = Centroids.lowestIds(movies, Centroids.CLUSTERS);
            for (int i = 0; i < ITERATIONS; i++) {
                centroids = iterate(movies, centroids, partitions);
            }
            Classification.write(movies, centroids, output + "/clusters", partitions);
            List<String> lines = new ArrayList<>();
            for (int cluster = 0; cluster < centroids.movies().size(); cluster++) {
                lines.add(cluster + "\t" + centroids.ids().get(cluster));
            }
            JavaSparkContext.fromSparkContext(spark.sparkContext()).parallelize(lines, 1)
                    .saveAsTextFile(output + "/centroids");
        } finally {
            movies.unpersist(false);
        }
    }

    /** One iteration: the new centres after assigning every movie to the nearest of {@code centroids}. */
    static Centroids iterate(JavaRDD<Movie> movies, Centroids centroids, int partitions) {
        // (cluster, (similarity in billionths, movie))
        JavaPairRDD<Integer, Tuple2<Long, Movie>> assigned = movies.mapToPair(movie -> {
            int cluster = centroids.nearest(movie);
            long similarity = Math.round(centroids.similarity(movie, cluster) * 1e9);
            return new Tuple2<>(cluster, new Tuple2<>(similarity, movie));
        });
        // (cluster, (sum of similarities, members))
        Map<Integer, Tuple2<Long, Long>> totals = new HashMap<>(assigned
                .mapValues(member -> new Tuple2<>(member._1(), 1L))
                .reduceByKey((a, b) -> new Tuple2<>(a._1() + b._1(), a._2() + b._2()), partitions)
                .collectAsMap());
        // (cluster, (distance from the average similarity, times the member count; movie))
        Map<Integer, Tuple2<Long, Movie>> closest = new HashMap<>(assigned
                .mapToPair(member -> {
                    Tuple2<Long, Long> total = totals.get(member._1());
                    long distance = Math.abs(member._2()._1() * total._2() - total._1());
                    return new Tuple2<>(member._1(), new Tuple2<>(distance, member._2()._2()));
                })
                .reduceByKey(KMeans::closer, partitions)
                .collectAsMap());
        List<Movie> next = new ArrayList<>(centroids.movies());
        closest.forEach((cluster, candidate) -> next.set(cluster, candidate._2()));
        return new Centroids(next);
    }

    /** Of two (distance, movie) candidates, the nearer; the lower movie id among equals. */
    private static Tuple2<Long, Movie> closer(Tuple2<Long, Movie> a, Tuple2<Long, Movie> b) {
        int byDistance = Long.compare(a._1(), b._1());
        return byDistance < 0 || byDistance == 0 && a._2().id() <= b._2().id() ? a : b;
    }
}
