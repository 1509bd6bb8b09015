package io.punctual.sizing.rayon.rdl;

/** Where RDL text stops making sense: 1-based line and column, and what was expected there. */
public record SyntaxError(int line, int column, String message) {

    @Override
    public String toString() {
        return "line " + line + ", column " + column + ": " + message;
    }
}
