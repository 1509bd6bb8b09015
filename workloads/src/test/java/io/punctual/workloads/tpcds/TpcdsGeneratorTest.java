package io.punctual.workloads.tpcds;

import static org.assertj.core.api.Assertions.assertThat;

import io.trino.tpcds.Table;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TpcdsGeneratorTest {

    private static final TpcdsScale TINY = TpcdsScale.parse(TinyTpcds.SCALE);

    @BeforeAll
    static void generate() {
        TinyTpcds.prepared();
    }

    @Test
    void tablesOfFixedSizeHaveTheRowCountsTheSpecificationGives() {
        // TPC-DS v1.4 table 3-2: these tables have the same number of rows at every scale
        Map<Table, Integer> fixed = Map.of(Table.DATE_DIM, 73_049, Table.TIME_DIM, 86_400,
                Table.CUSTOMER_DEMOGRAPHICS, 1_920_800, Table.HOUSEHOLD_DEMOGRAPHICS, 7_200,
                Table.INCOME_BAND, 20, Table.SHIP_MODE, 20);
        Path raw = TinyTpcds.layout().raw(TINY);
        fixed.forEach((table, rows) -> assertThat(lines(raw, table)).as(table.getName()).isEqualTo((long) rows));
    }

    @Test
    void everyRowHasEveryColumnOfItsTable() {
        Path raw = TinyTpcds.layout().raw(TINY);
        for (Table table : List.of(Table.STORE_SALES, Table.STORE_RETURNS, Table.ITEM, Table.CUSTOMER)) {
            assertThat(TinyTpcds.rawRows(raw, table)).as(table.getName()).isNotEmpty()
                    .allSatisfy(row -> assertThat(row).hasSize(table.getColumns().length));
        }
    }

    @Test
    void theSameScaleGivesTheSameBytesAndChunksAddUpToTheWholeTable(@TempDir Path again) throws IOException {
        // store_sales (with its child store_returns) and item in one piece, customer_demographics in three chunks
        TpcdsGenerator.generateTable(TINY, Table.STORE_SALES, again, 1, 1);
        TpcdsGenerator.generateTable(TINY, Table.ITEM, again, 1, 1);
        for (int chunk = 1; chunk <= 3; chunk++) {
            TpcdsGenerator.generateTable(TINY, Table.CUSTOMER_DEMOGRAPHICS, again, chunk, 3);
        }
        Path raw = TinyTpcds.layout().raw(TINY);
        for (Table table : List.of(Table.STORE_SALES, Table.STORE_RETURNS, Table.ITEM)) {
            assertThat(again.resolve(table.getName() + ".dat")).as(table.getName())
                    .hasSameBinaryContentAs(TinyTpcds.chunks(raw.resolve(table.getName())).get(0));
        }
        List<Path> chunks = List.of(again.resolve("customer_demographics_1_3.dat"),
                again.resolve("customer_demographics_2_3.dat"), again.resolve("customer_demographics_3_3.dat"));
        assertThat(chunks).allSatisfy(chunk -> assertThat(chunk).isNotEmptyFile());
        assertThat(sha256(chunks))
                .isEqualTo(sha256(TinyTpcds.chunks(raw.resolve(Table.CUSTOMER_DEMOGRAPHICS.getName()))));
    }

    private static String sha256(List<Path> files) throws IOException {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (Path file : files) {
                digest.update(Files.readAllBytes(file));
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static long lines(Path raw, Table table) {
        long lines = 0;
        for (Path file : TinyTpcds.chunks(raw.resolve(table.getName()))) {
            try (Stream<String> in = Files.lines(file, StandardCharsets.ISO_8859_1)) {
                lines += in.count();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return lines;
    }

    @Test
    void aCompleteGenerationIsKept() throws IOException {
        TpcdsLayout layout = TinyTpcds.layout();
        Path item = TinyTpcds.chunks(layout.raw(TINY).resolve("item")).get(0);
        FileTime generated = Files.getLastModifiedTime(item);

        new TpcdsGenerator(2).generate(TINY, layout);

        assertThat(Files.getLastModifiedTime(item)).isEqualTo(generated);
    }

    @Test
    void aGenerationWithAnotherMarkerIsReplaced(@TempDir Path root) throws IOException {
        TpcdsLayout layout = new TpcdsLayout(root);
        Path raw = Files.createDirectories(layout.raw(TINY));
        Files.writeString(raw.resolve(TpcdsLayout.MARKER), "TPC-DS scale factor 0.01, another generator\n");
        Files.writeString(raw.resolve("leftover.dat"), "x");

        new TpcdsGenerator(2, List.of(Table.ITEM, Table.STORE)).generate(TINY, layout);

        assertThat(raw.resolve("leftover.dat")).doesNotExist();
        assertThat(raw.resolve(TpcdsLayout.MARKER)).hasContent(TpcdsGenerator.marker(TINY).strip());
        assertThat(TinyTpcds.rawRows(raw, Table.ITEM))
                .hasSameSizeAs(TinyTpcds.rawRows(TinyTpcds.layout().raw(TINY), Table.ITEM));
    }

    @Test
    void schemaFilesHoldTheGeneratorsColumnTypes() throws IOException {
        String storeSales = Files.readString(TinyTpcds.layout().schema(TINY).resolve("store_sales.ddl"));
        assertThat(storeSales).startsWith("`ss_sold_date_sk` INT, `ss_sold_time_sk` INT, `ss_item_sk` INT")
                .contains("`ss_net_paid` DECIMAL(7,2)");
        String item = Files.readString(TinyTpcds.layout().schema(TINY).resolve("item.ddl"));
        assertThat(item).contains("`i_item_id` CHAR(16)", "`i_rec_start_date` DATE", "`i_item_desc` VARCHAR(200)");
        assertThat(Files.readString(TinyTpcds.layout().schema(TINY).resolve("customer.ddl")))
                .contains("`c_last_review_date` INT").doesNotContain("c_last_review_date_sk");
    }
}
