package io.punctual.submit.bench.report;

import io.punctual.submit.bench.BenchRow;

import java.io.IOException;
import java.io.Writer;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code results.csv}: the rows of {@code results.json} with the same columns in the same order (BenchRow's
 * components), in RFC 4180 form: CRLF line ends, a field quoted when it holds a comma, a quote, a line break or
 * edge spaces, a quote inside doubled. A null is an empty field and an empty text a quoted one ({@code ""}); numbers are written in full, never in E notation.
 */
public final class ResultsCsv {

    private static final RecordComponent[] COLUMNS = BenchRow.class.getRecordComponents();
    public static final String HEADER = Arrays.stream(COLUMNS).map(RecordComponent::getName)
            .collect(Collectors.joining(","));

    private ResultsCsv() {
    }

    public static void write(List<BenchRow> rows, Writer out) throws IOException {
        out.write(HEADER);
        out.write("\r\n");
        for (BenchRow row : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < COLUMNS.length; c++) {
                line.append(c == 0 ? "" : ",").append(field(value(row, COLUMNS[c])));
            }
            out.write(line.append("\r\n").toString());
        }
    }

    private static Object value(BenchRow row, RecordComponent column) {
        try {
            return column.getAccessor().invoke(row);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + column.getName() + " of a BenchRow", e);
        }
    }

    /** One field as RFC 4180 writes it. */
    static String field(Object value) {
        if (value == null) {
            return "";
        }
        String text = value instanceof Double d ? plain(d) : value.toString();
        boolean quote = text.isEmpty() || text.indexOf(',') >= 0 || text.indexOf('"') >= 0 || text.indexOf('\n') >= 0
                || text.indexOf('\r') >= 0 || !text.equals(text.strip());
        return quote ? '"' + text.replace("\"", "\"\"") + '"' : text;
    }

    private static String plain(double d) {
        return Double.isFinite(d) ? BigDecimal.valueOf(d).toPlainString() : Double.toString(d);
    }
}
