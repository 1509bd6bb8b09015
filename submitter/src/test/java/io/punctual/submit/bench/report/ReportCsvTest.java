package io.punctual.submit.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import io.punctual.submit.bench.BenchRow;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * results.csv read back by an independent RFC 4180 reader (Jackson's CSV module): every field of every row comes back
 * as written, however many commas, quotes and line breaks a job name or reason holds.
 */
class ReportCsvTest {

    static final String HOSTILE_JOB = "tpcds/q\"1\", <b>\"bold\"</b>\nsecond line";
    static final String HOSTILE_REASON = "killed: \r\nline two, \"quoted\"";

    static List<BenchRow> rows() {
        return List.of(
                new BenchRow("static", HOSTILE_JOB, "", "2025-01-06T09:00:00Z", "2025-01-06T09:10:00Z", true,
                        HOSTILE_REASON, "2025-01-06T09:09:00.250Z", false, 4, 12345678.9, 0.1, null,
                        "/tmp/logs/app 1,x", 3, 1.5, null, null, null),
                new BenchRow("punctual", "  leading and trailing spaces  ", null, "2025-01-06T09:00:00Z",
                        "2025-01-06T09:10:00Z", false, "wörd ✓; €", null, false, null, null, null, null, null, 1, 2,
                        "reservation_1_0001", 7200.0, 2));
    }

    @Test
    void everyFieldComesBackAsWritten() throws Exception {
        StringWriter out = new StringWriter();
        ResultsCsv.write(rows(), out);
        List<Map<String, String>> read = read(out.toString());

        assertThat(read).hasSize(2);
        for (int i = 0; i < 2; i++) {
            Map<String, Object> json = ReportFixture.JSON.convertValue(rows().get(i), Map.class);
            assertThat(read.get(i).keySet()).containsExactlyElementsOf(json.keySet());
            for (Map.Entry<String, Object> field : json.entrySet()) {
                String expected = field.getValue() == null ? "" : String.valueOf(field.getValue());
                String actual = read.get(i).get(field.getKey());
                if (field.getValue() instanceof Double d) {
                    assertThat(Double.parseDouble(actual)).as(field.getKey()).isEqualTo(d);
                } else {
                    assertThat(actual).as(field.getKey()).isEqualTo(expected);
                }
            }
        }
    }

    @Test
    void theTextIsRfc4180() throws Exception {
        StringWriter out = new StringWriter();
        ResultsCsv.write(rows(), out);
        String text = out.toString();
        assertThat(text).startsWith("policy,job,appId,arrival,deadline,admitted,reason,finishedAt,metDeadline,"
                + "executors,executorSeconds,oracleExecutorSeconds,predictedFinish,eventLog,week,deadlineFactor,"
                + "reservationId,reservedCpuSeconds,replans\r\n");
        // quotes doubled inside a quoted field; an empty text quoted, a null left empty; no E notation
        assertThat(text).contains("static,\"tpcds/q\"\"1\"\", <b>\"\"bold\"\"</b>\nsecond line\",\"\",");
        assertThat(text).contains(",12345678.9,0.1,,\"/tmp/logs/app 1,x\",3,1.5,,,\r\n");
        assertThat(text).contains("punctual,\"  leading and trailing spaces  \",,");
        assertThat(text).endsWith(",1,2.0,reservation_1_0001,7200.0,2\r\n");
    }

    private static List<Map<String, String>> read(String csv) throws Exception {
        CsvMapper mapper = new CsvMapper();
        List<Map<String, String>> rows = new ArrayList<>();
        try (MappingIterator<Map<String, String>> it = mapper.readerFor(Map.class)
                .with(CsvSchema.emptySchema().withHeader()).readValues(csv)) {
            for (Iterator<Map<String, String>> i = it; i.hasNext(); ) {
                rows.add(i.next());
            }
        }
        return rows;
    }
}
