"""Spark SQL: a generated sales table summarised per region with a GROUP BY, checked against its own totals."""
import sys

from pyspark.sql import SparkSession


def main(rows):
    # A few shuffle partitions: the data is small, and Spark's default 200 would be 200 tasks per aggregation.
    spark = (SparkSession.builder.appName("py-sql-summary")
             .config("spark.sql.shuffle.partitions", "4").getOrCreate())
    sales = spark.range(rows).selectExpr(
        "id", "element_at(array('north', 'south', 'east', 'west'), cast(id % 4 + 1 as int)) as region",
        "cast(id % 97 as double) as amount")
    sales.createOrReplaceTempView("sales")
    summary = spark.sql("SELECT region, count(*) AS orders, sum(amount) AS revenue FROM sales"
                        " GROUP BY region ORDER BY region").collect()
    total = spark.sql("SELECT sum(amount) AS revenue FROM sales").collect()[0]["revenue"]
    if abs(sum(r["revenue"] for r in summary) - total) > 1e-6 or len(summary) != 4:
        raise SystemExit("the per-region revenues do not add up to the total")
    for r in summary:
        print("%s: %d orders, revenue %.0f" % (r["region"], r["orders"], r["revenue"]))
    spark.stop()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100000)
