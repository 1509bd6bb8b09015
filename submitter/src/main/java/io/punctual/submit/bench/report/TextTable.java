package io.punctual.submit.bench.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A plain-text table for the terminal: a header row, a rule, and rows whose columns line up; the first column is
 * left-aligned (names), the others right-aligned (numbers). Also the report's number formats, so the terminal, the
 * page and {@code compare} print a value the same way; "–" stands for a value that does not apply.
 */
public final class TextTable {

    static final String NONE = "–";

    private final List<String[]> rows = new ArrayList<>();
    private final int columns;

    public TextTable(String... header) {
        this.columns = header.length;
        rows.add(header);
    }

    public TextTable row(String... cells) {
        if (cells.length != columns) {
            throw new IllegalArgumentException("a row of " + cells.length + " cells in a table of " + columns);
        }
        rows.add(cells);
        return this;
    }

    public String render() {
        int[] width = new int[columns];
        for (String[] row : rows) {
            for (int c = 0; c < columns; c++) {
                width[c] = Math.max(width[c], row[c].codePointCount(0, row[c].length()));
            }
        }
        StringBuilder out = new StringBuilder();
        for (int r = 0; r < rows.size(); r++) {
            line(out, rows.get(r), width);
            if (r == 0) {
                String[] rule = new String[columns];
                for (int c = 0; c < columns; c++) {
                    rule[c] = "-".repeat(width[c]);
                }
                line(out, rule, width);
            }
        }
        return out.toString();
    }

    private static void line(StringBuilder out, String[] cells, int[] width) {
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < cells.length; c++) {
            String pad = " ".repeat(width[c] - cells[c].codePointCount(0, cells[c].length()));
            line.append(c == 0 ? cells[c] + pad : pad + cells[c]).append(c + 1 < cells.length ? "  " : "");
        }
        out.append(line.toString().stripTrailing()).append('\n');
    }

    /** A share as a percentage with one decimal, "97.5%". */
    public static String percent(Double share) {
        return share == null ? NONE : String.format(Locale.ROOT, "%.1f%%", share * 100);
    }

    /** Seconds with one decimal. */
    public static String seconds(Double s) {
        return s == null ? NONE : String.format(Locale.ROOT, "%.1f", s);
    }

    /** A ratio, "1.07×". */
    public static String ratio(Double r) {
        return r == null ? NONE : String.format(Locale.ROOT, "%.2f×", r);
    }

    /** A whole quantity, rounded ("12345"). */
    public static String whole(Double v) {
        return v == null ? NONE : String.format(Locale.ROOT, "%.0f", v);
    }

    /** A signed change, "+3.2" / "-0.5"; "–" when either side is missing. */
    public static String signed(Double delta, String format) {
        return delta == null ? NONE : String.format(Locale.ROOT, "%+" + format, delta);
    }

    static String join(String... parts) {
        return String.join("/", Arrays.asList(parts));
    }
}
