package io.punctual.workloads.puma;

import java.io.Serializable;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.spark.sql.SparkSession;
import scala.Tuple2;

/**
 * PUMA's adjacency list: for every node of a directed graph, the nodes linking to it and the nodes it links to, the
 * input PageRank-like algorithms start from. The map emits each edge twice, as an in-link of its destination and as
 * an out-link of its source; the reduce lists each node's distinct links. Output: {@code <node>\tin\t<n>,<n>,...}
 * and {@code <node>\tout\t<n>,<n>,...} (a line only for a side that has links), nodes and links ascending; a node
 * with more than {@value SortedGroups#VALUES_PER_LINE} links on a side continues on the next lines.
 *
 * <p>Arguments: {@code <input> <output> [<partitions>]}; input: {@link io.punctual.workloads.puma.input.InputKind#EDGES}.
 */
public final class AdjacencyList {

    private AdjacencyList() {
    }

    /** One side of a node's links; both sides of a node hash alike, so they meet in the same output file. */
    record Side(long node, boolean out) implements Comparable<Side>, Serializable {

        @Override
        public int compareTo(Side other) {
            int byNode = Long.compare(node, other.node);
            return byNode != 0 ? byNode : Boolean.compare(out, other.out);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(node);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Side side && side.node == node && side.out == out;
        }
    }

    public static void main(String[] args) {
        PumaMain.main(args, "puma/adjacencylist", AdjacencyList::run);
    }

    public static void run(SparkSession spark, String input, String output, int partitions) {
        var links = PumaMain.lines(spark, input, partitions)
                .filter(line -> !line.isBlank())
                .flatMapToPair(line -> {
                    long[] edge = edge(line);
                    return List.of(new Tuple2<>(new Side(edge[1], false), edge[0]),
                            new Tuple2<>(new Side(edge[0], true), edge[1])).iterator();
                });
        SortedGroups.grouped(links, partitions, SortedGroups.VALUES_PER_LINE)
                .map(side -> side._1().node() + "\t" + (side._1().out() ? "out" : "in") + "\t"
                        + side._2().stream().map(String::valueOf).collect(Collectors.joining(",")))
                .saveAsTextFile(output);
    }

    /** An edge line, {@code <from>\t<to>}, as {from, to}. */
    static long[] edge(String line) {
        int tab = line.indexOf('\t');
        try {
            return new long[] {Long.parseLong(line.substring(0, tab)), Long.parseLong(line.substring(tab + 1))};
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("an edge is <from>\\t<to>, two node numbers; got '" + line + "'", e);
        }
    }
}
