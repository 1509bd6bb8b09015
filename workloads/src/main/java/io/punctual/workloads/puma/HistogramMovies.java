package io.punctual.workloads.puma;

import java.util.Locale;
import org.apache.spark.sql.SparkSession;
import scala.Tuple2;

/**
 * PUMA's histogram of movies: how many movies have an average rating in each half-star bin, 1.0-1.5, 1.5-2.0, ...
 * 4.5-5.0 (an average of exactly 5 falls in the last bin). The map computes each movie's average and emits (bin,
 * 1); a combiner and the reduce add them up. Movies without ratings have no average and are left out. Output:
 * {@code <bin's lower edge>\t<count>}, bins ascending within each part file.
 *
 * <p>Arguments: {@code <input> <output> [<partitions>]}; input: {@link io.punctual.workloads.puma.input.InputKind#RATINGS}.
 */
public final class HistogramMovies {

    private HistogramMovies() {
    }

    public static void main(String[] args) {
        PumaMain.main(args, "puma/histogrammovies", HistogramMovies::run);
    }

    public static void run(SparkSession spark, String input, String output, int partitions) {
        var ones = Movie.read(spark, input, partitions)
                .filter(movie -> movie.ratings().length > 0)
                .mapToPair(movie -> new Tuple2<>(halfStars(movie.ratingSum(), movie.ratings().length), 1L));
        SortedGroups.reduced(ones, Long::sum, partitions)
                .map(count -> String.format(Locale.ROOT, "%.1f", count._1() / 2.0) + "\t" + count._2())
                .saveAsTextFile(output);
    }

    /** The bin of an average {@code sum / count}, as its lower edge in half stars (2 to 9), in exact arithmetic. */
    static int halfStars(long sum, int count) {
        return (int) Math.min(9, 2 * sum / count);
    }
}
