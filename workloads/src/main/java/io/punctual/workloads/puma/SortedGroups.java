package io.punctual.workloads.puma;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.spark.Partitioner;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.Function2;
import scala.Tuple2;

/**
 * The reduce side of Hadoop MapReduce, which the PUMA jobs were written for, on Spark: pairs are partitioned by the
 * hash of their key and each partition is sorted by key and then by value, so a key's values arrive together and in
 * order. Spark's shuffle sort spills to disk, so a key with millions of values (a common word's documents) fits; and
 * the output comes in the same order on every run, which Spark's hash-based grouping does not promise.
 */
final class SortedGroups {

    /**
     * How many values one output line of a grouped job holds at most: a key with more continues on the next lines,
     * so that neither a line nor a task's buffer grows with the input.
     */
    static final int VALUES_PER_LINE = 1_000;

    private SortedGroups() {
    }

    /**
     * Each key with its distinct values, ascending, at most {@code maxValues} at a time (a key with more comes
     * again, with the next values); keys ascending within each partition.
     */
    static <K extends Comparable<? super K>, V extends Comparable<? super V>> JavaRDD<Tuple2<K, List<V>>> grouped(
            JavaPairRDD<K, V> pairs, int partitions, int maxValues) {
        return sorted(pairs, partitions).mapPartitions(sorted -> new Groups<>(sorted, maxValues));
    }

    /**
     * Each distinct key with how often it occurs; keys ascending within each partition. Hadoop's count without a
     * combiner, for keys that seldom repeat (where combining would cost more than it saves).
     */
    static <K extends Comparable<? super K>> JavaPairRDD<K, Long> counted(JavaRDD<K> keys, int partitions) {
        JavaPairRDD<K, Boolean> occurrences = keys.mapToPair(key -> new Tuple2<>(key, Boolean.TRUE));
        return sorted(occurrences, partitions).mapPartitionsToPair(Counts::new);
    }

    /**
     * Each key with its values combined by {@code reduce}, map-side too (Hadoop's combiner); keys ascending within
     * each partition. For aggregates with few keys (a vocabulary's words, a histogram's bins): each partition's keys
     * are sorted in memory, which saves the second shuffle a sort by key would cost.
     */
    static <K extends Comparable<? super K>, V> JavaPairRDD<K, V> reduced(JavaPairRDD<K, V> pairs,
                                                                        Function2<V, V, V> reduce, int partitions) {
        return pairs.reduceByKey(reduce, partitions).mapPartitionsToPair(reduced -> {
            List<Tuple2<K, V>> sorted = new ArrayList<>();
            reduced.forEachRemaining(sorted::add);
            sorted.sort((a, b) -> a._1().compareTo(b._1()));
            return sorted.iterator();
        }, true);
    }

    private static <K extends Comparable<? super K>, V extends Comparable<? super V>> JavaRDD<KeyValue<K, V>> sorted(
            JavaPairRDD<K, V> pairs, int partitions) {
        Comparator<KeyValue<K, V>> order = (Comparator<KeyValue<K, V>> & Serializable) KeyValue::compareTo;
        // The pair is the shuffle key; the shuffle value is empty, as in Spark's own distinct().
        return pairs.mapToPair(pair -> new Tuple2<>(new KeyValue<>(pair._1(), pair._2()), (Object) null))
                .repartitionAndSortWithinPartitions(new ByKey(partitions), order)
                .keys();
    }

    /** A pair as the shuffle sorts it: by key, then by value. */
    record KeyValue<K extends Comparable<? super K>, V extends Comparable<? super V>>(K key, V value)
            implements Comparable<KeyValue<K, V>>, Serializable {

        @Override
        public int compareTo(KeyValue<K, V> other) {
            int byKey = key.compareTo(other.key);
            return byKey != 0 ? byKey : value.compareTo(other.value);
        }
    }

    /** Partitions pairs by their key alone, so all values of a key meet in one partition. */
    private static final class ByKey extends Partitioner {

        private final int partitions;

        ByKey(int partitions) {
            this.partitions = partitions;
        }

        @Override
        public int numPartitions() {
            return partitions;
        }

        @Override
        public int getPartition(Object pair) {
            return Math.floorMod(((KeyValue<?, ?>) pair).key().hashCode(), partitions);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof ByKey by && by.partitions == partitions;
        }

        @Override
        public int hashCode() {
            return partitions;
        }
    }

    /** Runs of one key in a sorted partition, as (key, distinct values), at most {@code max} values per run. */
    private static final class Groups<K extends Comparable<? super K>, V extends Comparable<? super V>>
            implements Iterator<Tuple2<K, List<V>>> {

        private final Iterator<KeyValue<K, V>> sorted;
        private final int max;
        private KeyValue<K, V> pending;

        Groups(Iterator<KeyValue<K, V>> sorted, int max) {
            this.sorted = sorted;
            this.max = max;
            this.pending = sorted.hasNext() ? sorted.next() : null;
        }

        @Override
        public boolean hasNext() {
            return pending != null;
        }

        @Override
        public Tuple2<K, List<V>> next() {
            if (pending == null) {
                throw new NoSuchElementException();
            }
            K key = pending.key();
            List<V> values = new ArrayList<>();
            values.add(pending.value());
            pending = null;
            while (sorted.hasNext()) {
                KeyValue<K, V> pair = sorted.next();
                boolean sameKey = pair.key().compareTo(key) == 0;
                if (sameKey && pair.value().compareTo(values.get(values.size() - 1)) == 0) {
                    continue;
                }
                if (!sameKey || values.size() == max) {
                    pending = pair;
                    break;
                }
                values.add(pair.value());
            }
            return new Tuple2<>(key, values);
        }
    }

    /** Runs of one key in a sorted partition, as (key, length of the run). */
    private static final class Counts<K extends Comparable<? super K>> implements Iterator<Tuple2<K, Long>> {

        private final Iterator<? extends KeyValue<K, ?>> sorted;
        private K pending;
        private boolean hasPending;

        Counts(Iterator<? extends KeyValue<K, ?>> sorted) {
            this.sorted = sorted;
            this.hasPending = sorted.hasNext();
            this.pending = hasPending ? sorted.next().key() : null;
        }

        @Override
        public boolean hasNext() {
            return hasPending;
        }

        @Override
        public Tuple2<K, Long> next() {
            if (!hasPending) {
                throw new NoSuchElementException();
            }
            K key = pending;
            long count = 1;
            hasPending = false;
            while (sorted.hasNext()) {
                K next = sorted.next().key();
                if (next.compareTo(key) != 0) {
                    pending = next;
                    hasPending = true;
                    break;
                }
                count++;
            }
            return new Tuple2<>(key, count);
        }
    }
}
