package io.punctual.sizing.rayon.rdl;

/** One line of an RDL file: either an expression or the syntax error that stopped its parsing. */
public sealed interface RdlLine permits RdlLine.Parsed, RdlLine.Malformed {

    /** 1-based line number in the input. */
    int line();

    record Parsed(int line, Rdl expression) implements RdlLine {
    }

    record Malformed(SyntaxError error) implements RdlLine {
        @Override
        public int line() {
            return error.line();
        }
    }
}
