package io.punctual.sizing.rayon.rdl;

import static io.punctual.sizing.rayon.rdl.Rdl.atom;
import static io.punctual.sizing.rayon.rdl.Rdl.order;
import static io.punctual.sizing.rayon.rdl.Rdl.window;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.sizing.Resources;
import java.util.List;
import org.junit.jupiter.api.Test;

class RdlParserTest {

    private static final Resources B = Resources.of(1, 1024);

    @Test
    void readsTheIssueExample() {
        Rdl parsed = RdlParser.parseExpression(
                "window(order(atom(<1,1024>,1,10,240,2400),atom(<1,1024>,1,20,120,2400)),0,800)");

        assertThat(parsed).isEqualTo(window(order(atom(B, 1, 10, 240, 2400), atom(B, 1, 20, 120, 2400)), 0, 800));
    }

    @Test
    void toleratesSpacesBetweenTokens() {
        assertThat(RdlParser.parseExpression("  window ( any( atom ( < 1 , 1024 > , 1 , 2 , 3 , 4 ) ) , 0 , 10 ) "))
                .isEqualTo(window(Rdl.any(atom(B, 1, 2, 3, 4)), 0, 10));
    }

    @Test
    void keepsOutOfRangeValuesForTheCompilerToExplain() {
        assertThat(RdlParser.parseExpression("atom(<0,0>,-1,-2,0,-5)")).isEqualTo(atom(Resources.ZERO, -1, -2, 0, -5));
    }

    @Test
    void skipsBlankAndCommentLinesButKeepsFileLineNumbers() {
        List<RdlLine> lines = RdlParser.parse("# nightly pipeline\n\nwindow(atom(<1,1024>,1,1,1,1),0,5)\r\n  \n"
                + "window(atom(<1,1024>,1,1,1,2),0,5)\n");

        assertThat(lines).extracting(RdlLine::line).containsExactly(3, 5);
        assertThat(lines).allMatch(l -> l instanceof RdlLine.Parsed);
    }

    @Test
    void namesLineAndColumnOfAMissingOperand() {
        // a(1) t o m ((5) <(6) 1 ,(8) 1 0 2 4 >(13) ,(14) 1 ,(16) 1 0 ,(19) 2 4 0 )(23): w is missing at column 23.
        assertThat(error("atom(<1,1024>,1,10,240)", 7)).isEqualTo(new SyntaxError(7, 23, "expected ',' but found ')'"));
    }

    @Test
    void namesAnUnknownOperatorAtItsFirstLetter() {
        SyntaxError e = error("window(windw(atom(<1,1>,1,1,1,1),0,1),0,2)", 1);
        assertThat(e.column()).isEqualTo(8);
        assertThat(e.message()).contains("unknown operator 'windw'");
    }

    @Test
    void namesTheEndOfLineWhenParenthesesAreUnbalanced() {
        // "all(atom(<1,1>,1,1,1,1)" is 23 characters; the missing ')' is expected at column 24.
        List<RdlLine> lines = RdlParser.parse("# header\n\nall(atom(<1,1>,1,1,1,1)\n");

        assertThat(lines).containsExactly(
                new RdlLine.Malformed(new SyntaxError(3, 24, "expected ')' but found end of line")));
    }

    @Test
    void refusesEmptyOperators() {
        assertThat(error("all()", 1)).isEqualTo(
                new SyntaxError(1, 5, "expected an expression (atom, any, all, order or window)"));
    }

    @Test
    void refusesFractionsNegativeBundlesAndTrailingText() {
        assertThat(error("atom(<1,1024>,1,10,2.5,10)", 1).column()).isEqualTo(21);
        assertThat(error("atom(<1,1024>,1,10,2.5,10)", 1).message()).contains("whole number");
        assertThat(error("atom(<-1,1024>,1,1,1,1)", 1)).isEqualTo(
                new SyntaxError(1, 7, "a bundle cannot be negative: <-1,1024>"));
        assertThat(error("atom(<1,1>,1,1,1,1) x", 1).column()).isEqualTo(21);
        assertThat(error("atom(<1,1>,1,1,1,99999999999999999999)", 1).message()).contains("too large");
        assertThat(error("atom(<1,1>,1,3000000000,1,1)", 1).message()).contains("too large");
    }

    @Test
    void singleExpressionParsingThrowsWithThePosition() {
        assertThatThrownBy(() -> RdlParser.parseExpression("order(")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("line 1, column 7");
    }

    private static SyntaxError error(String text, int line) {
        RdlLine parsed = RdlParser.parseLine(text, line);
        assertThat(parsed).isInstanceOf(RdlLine.Malformed.class);
        return ((RdlLine.Malformed) parsed).error();
    }
}
