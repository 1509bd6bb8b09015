package io.punctual.workloads.puma;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import scala.Tuple2;

/**
 * PUMA's self-join: the candidate-generation step of the Apriori algorithm, which makes (k+1)-item sets from the
 * k-item sets that share their first k-1 items. The map splits each set into its first k-1 items (the key) and its
 * last item; the reduce pairs the distinct last items of each key, in ascending order, and emits the key followed by
 * the pair. Output: one (k+1)-item set per line, items comma-separated and ascending when the input's are.
 *
 * <p>Arguments: {@code <input> <output> [<partitions>]}; input: {@link io.punctual.workloads.puma.input.InputKind#ITEMSETS}.
 */
public final class SelfJoin {

    private SelfJoin() {
    }

    public static void main(String[] args) {
        PumaMain.main(args, "puma/selfjoin", SelfJoin::run);
    }

    public static void run(SparkSession spark, String input, String output, int partitions) {
        var lastItems = PumaMain.lines(spark, input, partitions)
                .filter(line -> !line.isBlank())
                .mapToPair(SelfJoin::split);
        // A group is only as large as the sets sharing a prefix, and all of its items are needed to pair them.
        SortedGroups.grouped(lastItems, partitions, Integer.MAX_VALUE)
                .flatMap(group -> joined(group._1(), group._2()).iterator())
                .saveAsTextFile(output);
    }

    /** A set as (its first k-1 items, its last item). */
    static Tuple2<String, Long> split(String set) {
        int comma = set.lastIndexOf(',');
        try {
            return new Tuple2<>(set.substring(0, Math.max(comma, 0)), Long.parseLong(set.substring(comma + 1).trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("an item set is comma-separated numbers, got '" + set + "'", e);
        }
    }

    /** Every {@code prefix,a,b} with a before b in {@code lastItems}. */
    static List<String> joined(String prefix, List<Long> lastItems) {
        List<String> sets = new ArrayList<>();
        for (int i = 0; i < lastItems.size(); i++) {
            for (int j = i + 1; j < lastItems.size(); j++) {
                sets.add(prefix + "," + lastItems.get(i) + "," + lastItems.get(j));
            }
        }
        return sets;
    }
}
