package io.punctual.sizing.rayon.rdl;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.rayon.RayonArbitraries;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class RdlRoundTripTest {

    @Provide
    Arbitrary<Rdl> expressions() {
        return RayonArbitraries.anyRdl(3);
    }

    @Property(tries = 500)
    void printingThenParsingGivesTheSameValue(@ForAll("expressions") Rdl expression) {
        assertThat(RdlParser.parseExpression(RdlPrinter.print(expression))).isEqualTo(expression);
    }

    @Provide
    Arbitrary<List<Rdl>> files() {
        return RayonArbitraries.anyRdl(2).list().ofMinSize(1).ofMaxSize(8);
    }

    @Property(tries = 200)
    void aFileOfPrintedLinesParsesBackLineByLine(@ForAll("files") List<Rdl> lines) {
        String text = String.join("\n", lines.stream().map(RdlPrinter::print).toList());

        List<RdlLine> parsed = RdlParser.parse(text);

        assertThat(parsed).hasSize(lines.size());
        for (int i = 0; i < lines.size(); i++) {
            assertThat(parsed.get(i)).isEqualTo(new RdlLine.Parsed(i + 1, lines.get(i)));
        }
    }

    @Property(tries = 300)
    void cuttingAPrintedExpressionShortNamesAColumnWithinTheLine(@ForAll("expressions") Rdl expression) {
        String text = RdlPrinter.print(expression);
        String cut = text.substring(0, text.length() - 1);

        RdlLine parsed = RdlParser.parseLine(cut, 4);

        assertThat(parsed).isInstanceOf(RdlLine.Malformed.class);
        SyntaxError error = ((RdlLine.Malformed) parsed).error();
        assertThat(error.line()).isEqualTo(4);
        assertThat(error.column()).isBetween(1, cut.length() + 1);
    }
}
