package io.punctual.sizing.rayon.rdl;

import io.punctual.sizing.Resources;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads Rayon's RDL (SoCC 2014, Section 3.1) in the text form the CLI takes, one reservation per line:
 * {@code window(order(atom(<1,1024>,1,10,240,2400),atom(<1,1024>,1,20,120,2400)),0,800)}. A bundle is written
 * {@code <vcores,memoryMb>}; numbers are whole (seconds, bundle-seconds). Blank lines and lines starting with
 * {@code #} are skipped. Values that parse but make no sense (g &gt; h, zero work...) are left to {@link RdlCompiler},
 * which explains them; only text that cannot be read is a {@link SyntaxError}.
 */
public final class RdlParser {

    private final String text;
    private final int line;
    private int pos;

    private RdlParser(String text, int line) {
        this.text = text;
        this.line = line;
    }

    /** Every non-blank, non-comment line of {@code text}, parsed independently, in input order. */
    public static List<RdlLine> parse(String text) {
        List<RdlLine> lines = new ArrayList<>();
        String[] raw = text.split("\r?\n", -1);
        for (int i = 0; i < raw.length; i++) {
            String stripped = raw[i].strip();
            if (!stripped.isEmpty() && !stripped.startsWith("#")) {
                lines.add(parseLine(raw[i], i + 1));
            }
        }
        return lines;
    }

    /** Parses one line; {@code lineNumber} is only used to label errors. */
    public static RdlLine parseLine(String line, int lineNumber) {
        RdlParser parser = new RdlParser(line, lineNumber);
        try {
            Rdl expression = parser.expression();
            parser.skipSpaces();
            if (parser.pos < line.length()) {
                throw parser.error("unexpected '" + line.charAt(parser.pos) + "' after the end of the expression");
            }
            return new RdlLine.Parsed(lineNumber, expression);
        } catch (Failure failure) {
            return new RdlLine.Malformed(failure.error);
        }
    }

    /** Parses a single expression or throws {@link IllegalArgumentException} naming line 1 and the column. */
    public static Rdl parseExpression(String text) {
        RdlLine parsed = parseLine(text, 1);
        if (parsed instanceof RdlLine.Malformed malformed) {
            throw new IllegalArgumentException("malformed RDL at " + malformed.error());
        }
        return ((RdlLine.Parsed) parsed).expression();
    }

    private Rdl expression() {
        skipSpaces();
        int start = pos;
        String keyword = word();
        switch (keyword) {
            case "atom":
                return atom();
            case "any":
                return new Rdl.Any(operands());
            case "all":
                return new Rdl.All(operands());
            case "order":
                return new Rdl.Order(operands());
            case "window":
                return window();
            default:
                pos = start;
                throw error(keyword.isEmpty()
                        ? "expected an expression (atom, any, all, order or window)"
                        : "unknown operator '" + keyword + "'; expected atom, any, all, order or window");
        }
    }

    private Rdl atom() {
        expect('(');
        Resources bundle = bundle();
        expect(',');
        int g = intNumber("g (minimum parallel bundles)");
        expect(',');
        int h = intNumber("h (maximum parallel bundles)");
        expect(',');
        long l = number("l (minimum lease, seconds)");
        expect(',');
        long w = number("w (work, bundle-seconds)");
        expect(')');
        return new Rdl.Atom(bundle, g, h, l, w);
    }

    private Resources bundle() {
        expect('<');
        int at = pos;
        long vcores = number("vcores");
        expect(',');
        long memory = number("memoryMb");
        expect('>');
        if (vcores < 0 || memory < 0) {
            pos = at;
            throw error("a bundle cannot be negative: <" + vcores + "," + memory + ">");
        }
        return Resources.of(vcores, memory);
    }

    private List<Rdl> operands() {
        expect('(');
        List<Rdl> operands = new ArrayList<>();
        operands.add(expression());
        while (peek(',')) {
            pos++;
            operands.add(expression());
        }
        expect(')');
        return operands;
    }

    private Rdl window() {
        expect('(');
        Rdl inner = expression();
        expect(',');
        long start = number("window start (seconds)");
        expect(',');
        long end = number("window end (seconds)");
        expect(')');
        return new Rdl.Window(inner, start, end);
    }

    private String word() {
        int start = pos;
        while (pos < text.length() && Character.isLetter(text.charAt(pos))) {
            pos++;
        }
        return text.substring(start, pos);
    }

    private int intNumber(String what) {
        int at = pos;
        long value = number(what);
        if (value > Integer.MAX_VALUE || value < Integer.MIN_VALUE) {
            pos = at;
            throw error(what + " is too large: " + value);
        }
        return (int) value;
    }

    private long number(String what) {
        skipSpaces();
        int start = pos;
        if (pos < text.length() && text.charAt(pos) == '-') {
            pos++;
        }
        int digits = pos;
        while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
            pos++;
        }
        if (pos == digits) {
            pos = start;
            throw error("expected a whole number for " + what);
        }
        if (pos < text.length() && (text.charAt(pos) == '.' || text.charAt(pos) == 'e')) {
            throw error(what + " must be a whole number");
        }
        String literal = text.substring(start, pos);
        try {
            return Long.parseLong(literal);
        } catch (NumberFormatException e) {
            pos = start;
            throw error(what + " is too large: " + literal);
        }
    }

    private void expect(char c) {
        skipSpaces();
        if (!peek(c)) {
            String found = pos < text.length() ? "'" + text.charAt(pos) + "'" : "end of line";
            throw error("expected '" + c + "' but found " + found);
        }
        pos++;
    }

    private boolean peek(char c) {
        skipSpaces();
        return pos < text.length() && text.charAt(pos) == c;
    }

    private void skipSpaces() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private Failure error(String message) {
        return new Failure(new SyntaxError(line, pos + 1, message));
    }

    /** Unwinds the recursive descent to the line boundary; never escapes this class. */
    private static final class Failure extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient SyntaxError error;

        Failure(SyntaxError error) {
            super(error.toString(), null, false, false);
            this.error = error;
        }
    }
}
