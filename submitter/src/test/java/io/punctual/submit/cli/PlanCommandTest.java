package io.punctual.submit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanCommandTest {

    @TempDir
    Path tmp;

    @Test
    void thePapersPipelineIsPlacedAndReportedAsJson() throws Exception {
        Files.writeString(tmp.resolve("r.rdl"),
                "window(order(atom(<1,1024>,1,10,240,2400),atom(<1,1024>,1,20,120,2400)),0,800)\n"
                        + "window(atom(<1,1024>,1,10,60,600),100,50)\n");
        var cli = new CliHarness(tmp, Map.of());

        assertThat(cli.run("plan", "r.rdl", "--planner", "gree", "--capacity", "20,20480", "--json")).isZero();

        JsonNode result = new ObjectMapper().readTree(cli.out());
        assertThat(result.get("accepted").asInt()).isEqualTo(1);
        assertThat(result.get("rejected").asInt()).isEqualTo(1);
        JsonNode first = result.get("reservations").get(0);
        assertThat(first.get("line").asInt()).isEqualTo(1);
        assertThat(first.get("reason").isNull()).isTrue();
        long work = 0;
        for (JsonNode step : first.get("allocation")) {
            // Every step stays inside the window and the capacity.
            assertThat(step.get("start").asLong()).isGreaterThanOrEqualTo(0);
            assertThat(step.get("end").asLong()).isLessThanOrEqualTo(800);
            assertThat(step.get("vcores").asLong()).isLessThanOrEqualTo(20);
            work += (step.get("end").asLong() - step.get("start").asLong()) * step.get("vcores").asLong();
        }
        assertThat(work).isEqualTo(4800);
        JsonNode second = result.get("reservations").get(1);
        assertThat(second.get("accepted").asBoolean()).isFalse();
        assertThat(second.get("reason").asText()).contains("ends before it starts");
    }

    @Test
    void aBinaryFileIsNotTakenForRdl() throws Exception {
        Files.write(tmp.resolve("ls"), new byte[] {0x7f, 'E', 'L', 'F', (byte) 0xC3, 0x28, 0, 1});
        var cli = new CliHarness(tmp, Map.of());

        assertThat(cli.run("plan", "ls")).isNotZero();

        assertThat(cli.err()).contains("ls is not a text RDL file").doesNotContain("Input length");
    }

    @Test
    void malformedRdlNamesLineAndColumnAndPlansNothing() throws Exception {
        Files.writeString(tmp.resolve("bad.rdl"), "window(atom(<1,1024>,1,10,60,600),0,100)\natom(<1,1024>,1,10,240\n");
        var cli = new CliHarness(tmp, Map.of());

        assertThat(cli.run("plan", "bad.rdl", "--json")).isEqualTo(2);
        assertThat(cli.err()).contains("line 2, column").contains("nothing was planned");
        assertThat(cli.out()).isEmpty();
    }

    @Test
    void aMissingFileAndABadCapacityAreOneLineErrors() {
        var cli = new CliHarness(tmp, Map.of());
        assertThat(cli.run("plan", "nope.rdl")).isEqualTo(2);
        assertThat(cli.err()).contains("no such file");
        assertThat(cli.run("plan", "-", "--capacity", "ten")).isEqualTo(2);
        assertThat(cli.err()).contains("--capacity");
    }
}
