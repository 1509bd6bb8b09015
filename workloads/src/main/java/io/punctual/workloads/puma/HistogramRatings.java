package io.punctual.workloads.puma;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import scala.Tuple2;

/**
 * PUMA's histogram of ratings: how many ratings of each value (1 to 5) the movies received. The map emits
 * (rating, 1) for every rating of a movie; a combiner and the reduce add them up. Output: {@code <rating>\t<count>},
 * ratings ascending within each part file.
 *
 * <p>Arguments: {@code <input> <output> [<partitions>]}; input: {@link io.punctual.workloads.puma.input.InputKind#RATINGS}.
 */
public final class HistogramRatings {

    private HistogramRatings() {
    }

    public static void main(String[] args) {
        PumaMain.main(args, "puma/histogramratings", HistogramRatings::run);
    }

    public static void run(SparkSession spark, String input, String output, int partitions) {
        var ones = Movie.read(spark, input, partitions)
                .flatMapToPair(movie -> {
                    List<Tuple2<Integer, Long>> perRating = new ArrayList<>(movie.ratings().length);
                    for (byte rating : movie.ratings()) {
                        perRating.add(new Tuple2<>((int) rating, 1L));
                    }
                    return perRating.iterator();
                });
        SortedGroups.reduced(ones, Long::sum, partitions)
                .map(count -> count._1() + "\t" + count._2())
                .saveAsTextFile(output);
    }
}
