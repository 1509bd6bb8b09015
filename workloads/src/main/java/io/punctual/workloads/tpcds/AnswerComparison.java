package io.punctual.workloads.tpcds;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Compares two engines' renderings of one query's rows by value, the way TPC-DS answers must be compared across
 * engines: the same rows in any order, each cell equal once the rendering is set aside.
 *
 * <ul>
 *   <li>Text is compared without its trailing blanks: Spark pads a {@code CHAR(n)} column to n, DuckDB reads the
 *       Parquet string as it was written.</li>
 *   <li>Numbers are compared as numbers, equal within 10<sup>-6</sup> or one part in 10<sup>9</sup>: Spark
 *       averages or divides {@code DECIMAL}s into a {@code DECIMAL} rounded at its sixth decimal or later, DuckDB
 *       into a {@code DOUBLE}, and neither adds its doubles in a fixed order.</li>
 *   <li>Rows are compared in a sorted order (text first, then numbers), as Spark's own suite does, because an order
 *       among rows with equal sort keys is not defined.</li>
 * </ul>
 */
final class AnswerComparison {

    private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?([eE][-+]?\\d+)?");
    private static final BigDecimal ABSOLUTE = new BigDecimal("1e-6");
    private static final BigDecimal RELATIVE = new BigDecimal("1e-9");

    private AnswerComparison() {
    }

    /** Whether {@code actual} has {@code expected}'s rows; the first difference otherwise, with both rows. */
    static AnswerCheck compare(List<String> actual, List<String> expected) {
        List<List<Object>> a = sorted(actual);
        List<List<Object>> e = sorted(expected);
        if (a.size() != e.size()) {
            return new AnswerCheck.Differs(a.size() + " rows where the expected answer has " + e.size());
        }
        for (int i = 0; i < a.size(); i++) {
            if (!sameRow(a.get(i), e.get(i))) {
                return new AnswerCheck.Differs("sorted row " + (i + 1) + " is [" + render(a.get(i))
                        + "] where the expected answer has [" + render(e.get(i)) + "]");
            }
        }
        return new AnswerCheck.Matches(a.size());
    }

    private static List<List<Object>> sorted(List<String> rows) {
        List<List<Object>> cells = new ArrayList<>();
        for (String row : rows) {
            List<Object> parsed = new ArrayList<>();
            for (String cell : row.split("\t", -1)) {
                String text = cell.strip();
                parsed.add(NUMBER.matcher(text).matches() ? new BigDecimal(text) : text);
            }
            cells.add(parsed);
        }
        cells.sort(AnswerComparison::order);
        return cells;
    }

    /** Text before numbers column by column, so that rows a rounding apart sort to the same place. */
    private static int order(List<Object> x, List<Object> y) {
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < Math.min(x.size(), y.size()); i++) {
                int c = pass == 0 ? text(x.get(i)).compareTo(text(y.get(i))) : number(x.get(i)).compareTo(
                        number(y.get(i)));
                if (c != 0) {
                    return c;
                }
            }
        }
        return Integer.compare(x.size(), y.size());
    }

    private static String text(Object cell) {
        return cell instanceof String s ? s : "";
    }

    private static BigDecimal number(Object cell) {
        return cell instanceof BigDecimal d ? d : BigDecimal.ZERO;
    }

    private static boolean sameRow(List<Object> x, List<Object> y) {
        if (x.size() != y.size()) {
            return false;
        }
        for (int i = 0; i < x.size(); i++) {
            if (!sameCell(x.get(i), y.get(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameCell(Object x, Object y) {
        if (x instanceof BigDecimal a && y instanceof BigDecimal b) {
            BigDecimal relative = a.abs().max(b.abs()).multiply(RELATIVE);
            return a.subtract(b).abs().compareTo(ABSOLUTE.max(relative)) <= 0;
        }
        return x.equals(y);
    }

    private static String render(List<Object> row) {
        return String.join("\t", row.stream().map(c -> c instanceof BigDecimal d ? d.toPlainString() : (String) c)
                .toList());
    }
}
