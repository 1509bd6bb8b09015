package io.punctual.workloads.tpcds;

import static org.assertj.core.api.Assertions.assertThat;

import io.trino.tpcds.Table;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DecimalType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The load and three star-join queries run for real in local Spark at scale {@code tiny}, checked against the same
 * numbers computed in plain Java from the generator's raw rows.
 */
class TpcdsSparkTest {

    private static String scaleDir;
    private static Path raw;
    private static SparkSession spark;

    @BeforeAll
    static void load() {
        scaleDir = TinyTpcds.loadedScaleDir();
        raw = TinyTpcds.layout().raw(TpcdsScale.parse(TinyTpcds.SCALE));
        spark = TinyTpcds.spark();
    }

    @Test
    void theLoadWritesTypedParquetWithTheRawRowsValuesAndNulls() {
        Dataset<Row> storeSales = parquet("store_sales");
        List<String[]> rows = TinyTpcds.rawRows(raw, Table.STORE_SALES);
        int netPaid = column(Table.STORE_SALES, "ss_net_paid");
        int customer = column(Table.STORE_SALES, "ss_customer_sk");

        assertThat(storeSales.count()).isEqualTo(rows.size());
        assertThat(storeSales.schema().apply("ss_net_paid").dataType()).isEqualTo(new DecimalType(7, 2));
        assertThat(storeSales.schema().apply("ss_customer_sk").dataType()).isEqualTo(DataTypes.IntegerType);
        BigDecimal expectedNetPaid = rows.stream().map(r -> r[netPaid]).filter(v -> !v.isEmpty())
                .map(BigDecimal::new).reduce(BigDecimal.ZERO, BigDecimal::add);
        Row sums = storeSales.selectExpr("sum(ss_net_paid)", "count(*) - count(ss_customer_sk)").first();
        assertThat(sums.getDecimal(0)).isEqualByComparingTo(expectedNetPaid);
        assertThat(sums.getLong(1)).isPositive()
                .isEqualTo(rows.stream().filter(r -> r[customer].isEmpty()).count());
    }

    @Test
    void datesAndLatinOneTextSurviveTheLoad() {
        Dataset<Row> dates = parquet("date_dim");
        assertThat(dates.schema().apply("d_date").dataType()).isEqualTo(DataTypes.DateType);
        assertThat(dates.selectExpr("cast(min(d_date) as string)", "cast(max(d_date) as string)").first().toString())
                .isEqualTo("[1900-01-02,2100-01-01]");

        int country = column(Table.CUSTOMER, "c_birth_country");
        Set<String> rawCountries = TinyTpcds.rawRows(raw, Table.CUSTOMER).stream().map(r -> r[country])
                .filter(v -> !v.isEmpty()).collect(Collectors.toSet());
        Set<String> loaded = new HashSet<>(parquet("customer").selectExpr("c_birth_country")
                .where("c_birth_country is not null").distinct().as(org.apache.spark.sql.Encoders.STRING())
                .collectAsList());
        assertThat(loaded).isEqualTo(rawCountries).anyMatch(c -> c.chars().anyMatch(ch -> ch > 127));
    }

    @Test
    void aCompleteLoadIsNotRedone() {
        assertThat(TpcdsLoad.run(spark, scaleDir)).isFalse();
    }

    @Test
    void q3SumsNovemberSalesOfOneManufacturerByYearAndBrand(@TempDir Path output) throws IOException {
        QueryAnswer answer = run("q3", output);

        Map<List<String>, BigDecimal> expected = storeSalesSums(
                date -> field(date, Table.DATE_DIM, "d_moy").equals("11"),
                item -> field(item, Table.ITEM, "i_manufact_id").equals("128"),
                (date, item) -> List.of(field(date, Table.DATE_DIM, "d_year"), field(item, Table.ITEM, "i_brand_id"),
                        field(item, Table.ITEM, "i_brand")));
        assertThat(answer.schema()).isEqualTo("struct<d_year:int,brand_id:int,brand:string,sum_agg:decimal(17,2)>");
        assertSameRows(answer, expected);
        // i_brand is CHAR(50): blank-padded, as in Spark's own TPC-DS tables (the raw values have no blanks at the end)
        assertThat(answer.rows()).allSatisfy(row -> assertThat(row.split("\t")[2]).endsWith("   "));
        assertThat(QueryAnswer.parse(Files.readString(output.resolve(TpcdsQuery.ANSWER_FILE)))).isEqualTo(answer);
    }

    @Test
    void q42SumsSalesOfOneManagersItemsByCategory(@TempDir Path output) {
        QueryAnswer answer = run("q42", output);

        Map<List<String>, BigDecimal> expected = storeSalesSums(
                date -> field(date, Table.DATE_DIM, "d_moy").equals("11")
                        && field(date, Table.DATE_DIM, "d_year").equals("2000"),
                item -> field(item, Table.ITEM, "i_manager_id").equals("1"),
                (date, item) -> List.of(field(date, Table.DATE_DIM, "d_year"),
                        field(item, Table.ITEM, "i_category_id"), field(item, Table.ITEM, "i_category")));
        assertSameRows(answer, expected);
    }

    @Test
    void q55SumsSalesOfOneManagersItemsByBrandInPriceOrder(@TempDir Path output) {
        QueryAnswer answer = run("q55", output);

        Map<List<String>, BigDecimal> expected = storeSalesSums(
                date -> field(date, Table.DATE_DIM, "d_moy").equals("11")
                        && field(date, Table.DATE_DIM, "d_year").equals("1999"),
                item -> field(item, Table.ITEM, "i_manager_id").equals("28"),
                (date, item) -> List.of(field(item, Table.ITEM, "i_brand_id"), field(item, Table.ITEM, "i_brand")));
        assertSameRows(answer, expected);
        List<BigDecimal> prices = answer.rows().stream().map(row -> new BigDecimal(row.split("\t")[2])).toList();
        assertThat(prices).isSortedAccordingTo((a, b) -> b.compareTo(a));
    }

    private static QueryAnswer run(String query, Path output) {
        String sql = QueryJar.locate().query(query);
        return TpcdsQuery.run(spark, scaleDir, query, sql, output.toUri().toString());
    }

    /** The rows of {@code answer} are {@code expected}'s keys and sums (fields trimmed, '#' numbers masked). */
    private static void assertSameRows(QueryAnswer answer, Map<List<String>, BigDecimal> expected) {
        assertThat(expected).as("a non-trivial answer, under the queries' LIMIT 100").hasSizeBetween(2, 99);
        Set<List<String>> expectedRows = expected.entrySet().stream()
                .map(e -> Stream.concat(e.getKey().stream(), Stream.of(e.getValue().toPlainString()))
                        .map(v -> v.replaceAll("#\\d+", "#x")).toList())
                .collect(Collectors.toSet());
        Set<List<String>> actualRows = answer.rows().stream()
                .map(row -> Stream.of(row.split("\t")).map(String::trim).toList()).collect(Collectors.toSet());
        assertThat(answer.rows()).hasSize(expected.size());
        assertThat(actualRows).isEqualTo(expectedRows);
    }

    /** SUM(ss_ext_sales_price) of store_sales joined with date_dim and item, grouped, from the raw rows. */
    private static Map<List<String>, BigDecimal> storeSalesSums(Predicate<String[]> dateFilter,
            Predicate<String[]> itemFilter, BiFunction<String[], String[], List<String>> groupKey) {
        Map<String, String[]> dates = byKey(Table.DATE_DIM, "d_date_sk", dateFilter);
        Map<String, String[]> items = byKey(Table.ITEM, "i_item_sk", itemFilter);
        int date = column(Table.STORE_SALES, "ss_sold_date_sk");
        int item = column(Table.STORE_SALES, "ss_item_sk");
        int price = column(Table.STORE_SALES, "ss_ext_sales_price");
        Map<List<String>, BigDecimal> sums = new HashMap<>();
        for (String[] sale : TinyTpcds.rawRows(raw, Table.STORE_SALES)) {
            String[] d = dates.get(sale[date]);
            String[] i = items.get(sale[item]);
            if (d != null && i != null && !sale[price].isEmpty()) {
                sums.merge(groupKey.apply(d, i), new BigDecimal(sale[price]), BigDecimal::add);
            }
        }
        return sums;
    }

    private static Map<String, String[]> byKey(Table table, String key, Predicate<String[]> filter) {
        int k = column(table, key);
        return TinyTpcds.rawRows(raw, table).stream().filter(filter)
                .collect(Collectors.toMap(r -> r[k], r -> r));
    }

    private static String field(String[] row, Table table, String column) {
        String value = row[column(table, column)];
        return value.isEmpty() ? "NULL" : value;
    }

    private static int column(Table table, String name) {
        return Objects.requireNonNull(table.getColumn(name), name).getPosition();
    }

    private static Dataset<Row> parquet(String table) {
        return spark.read().parquet(DriverFiles.child(scaleDir, TpcdsLayout.PARQUET + "/" + table));
    }
}
