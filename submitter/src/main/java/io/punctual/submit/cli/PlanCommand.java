package io.punctual.submit.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.punctual.sizing.rayon.PlanFile;
import io.punctual.sizing.rayon.PlanOptions;
import io.punctual.sizing.rayon.PlanRun;
import io.punctual.sizing.rayon.PlannerKind;
import io.punctual.sizing.rayon.rdl.SyntaxError;
import java.util.List;
import java.util.Set;

/** {@code punctual plan}: places Rayon RDL reservations, one per line, into an empty plan and reports each. */
public final class PlanCommand implements Command {

    static final String USAGE = """
            Usage: punctual plan <rdl-file | -> [--planner gree|gree-l] [--capacity <vcores>,<memoryMb>] [--step <s>] [--json]

            Reads one reservation per line in Rayon's RDL, e.g.
              window(order(atom(<1,1024>,1,10,240,2400),atom(<1,1024>,1,20,120,2400)),0,800)
            (bundles <vcores,memoryMb>, times in seconds, w in bundle-seconds), places them in order into an empty
            plan of the given capacity (default 100,102400) and prints each one's verdict and allocation.
            """;

    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public String summary() {
        return "place Rayon RDL reservations into a plan (GREE / GREE-L) and report each";
    }

    @Override
    public int run(List<String> argv, CliContext context) {
        Flags flags = Flags.parse(argv, Set.of("--planner", "--capacity", "--step"), Set.of("--json", "--help"), "plan");
        if (flags.has("--help")) {
            context.out().print(USAGE);
            return 0;
        }
        String source = flags.onlyPositional("RDL file (or - for standard input)", "plan");
        PlanOptions options = PlanOptions.defaults();
        if (flags.value("--planner").isPresent()) {
            options = options.withPlanner(PlannerKind.fromFlag(flags.value("--planner").get()));
        }
        if (flags.value("--capacity").isPresent()) {
            options = options.withCapacity(PlanOptions.parseCapacity(flags.value("--capacity").get()));
        }
        options = options.withStep(flags.whole("--step", (int) options.stepSeconds()));
        String text = Inputs.read(source, context, "a text RDL file");

        PlanRun run = PlanFile.run(text, options);
        if (run instanceof PlanRun.Malformed malformed) {
            for (SyntaxError error : malformed.errors()) {
                context.err().println("punctual: line " + error.line() + ", column " + error.column() + ": "
                        + error.message());
            }
            context.err().println("punctual: nothing was planned: fix the lines above");
            return ExitStatus.USAGE;
        }
        PlanRun.Planned planned = (PlanRun.Planned) run;
        if (flags.has("--json")) {
            context.out().println(json(planned));
        } else {
            printTable(planned, context);
        }
        return 0;
    }

    static String json(PlanRun.Planned planned) {
        ObjectNode root = JSON.createObjectNode();
        root.put("accepted", planned.accepted());
        root.put("rejected", planned.rejected());
        ArrayNode reservations = root.putArray("reservations");
        for (PlanRun.LineOutcome outcome : planned.reservations()) {
            ObjectNode line = reservations.addObject();
            line.put("line", outcome.line());
            line.put("accepted", outcome.accepted());
            if (outcome.reason().isPresent()) {
                line.put("reason", outcome.reason().get());
            } else {
                line.putNull("reason");
            }
            ArrayNode allocation = line.putArray("allocation");
            for (PlanRun.AllocationStep step : outcome.allocation()) {
                allocation.addObject().put("start", step.start()).put("end", step.end()).put("vcores", step.vcores())
                        .put("memoryMb", step.memoryMb());
            }
        }
        return root.toString();
    }

    private static void printTable(PlanRun.Planned planned, CliContext context) {
        for (PlanRun.LineOutcome outcome : planned.reservations()) {
            if (outcome.accepted()) {
                long start = outcome.allocation().isEmpty() ? 0 : outcome.allocation().get(0).start();
                long end = outcome.allocation().isEmpty() ? 0 : outcome.allocation().get(outcome.allocation().size() - 1).end();
                context.out().printf("line %d: accepted, %d steps from %d s to %d s%n", outcome.line(),
                        outcome.allocation().size(), start, end);
            } else {
                context.out().printf("line %d: rejected: %s%n", outcome.line(), outcome.reason().orElse(""));
            }
        }
        context.out().printf("%d accepted, %d rejected%n", planned.accepted(), planned.rejected());
    }
}
