"""Word count: the words of the text files under argv[1], counted in argv[2] partitions (default 4)."""
import sys

from pyspark.sql import SparkSession


def main(path, partitions):
    spark = SparkSession.builder.appName("py-wordcount").getOrCreate()
    lines = spark.sparkContext.textFile(path, partitions)
    counts = (lines.flatMap(lambda line: line.split())
              .map(lambda word: (word, 1))
              .reduceByKey(lambda a, b: a + b, partitions))
    top = counts.takeOrdered(5, key=lambda wc: (-wc[1], wc[0]))
    print("distinct words: %d; top: %s" % (counts.count(), top))
    spark.stop()


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 4)
