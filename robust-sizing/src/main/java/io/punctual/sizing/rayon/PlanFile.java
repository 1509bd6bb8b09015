package io.punctual.sizing.rayon;

import io.punctual.sizing.rayon.plan.RunLengthPlan;
import io.punctual.sizing.rayon.plan.Segment;
import io.punctual.sizing.rayon.plan.SharingPolicy;
import io.punctual.sizing.rayon.planning.Placement;
import io.punctual.sizing.rayon.planning.ReservationAdmission;
import io.punctual.sizing.rayon.rdl.Compilation;
import io.punctual.sizing.rayon.rdl.RdlCompiler;
import io.punctual.sizing.rayon.rdl.RdlLine;
import io.punctual.sizing.rayon.rdl.RdlParser;
import io.punctual.sizing.rayon.rdl.SyntaxError;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The pure core of {@code punctual plan <file> [--planner gree|gree-l] [--capacity v,m] [--step s] --json}: parses
 * one RDL reservation per line, compiles each, and admits them in line order into an empty plan of the given
 * capacity with the chosen planner (Rayon, SoCC 2014, Sections 3–4). No sharing policy applies: every line belongs
 * to one user.
 */
public final class PlanFile {

    private PlanFile() {
    }

    public static PlanRun run(String rdlText, PlanOptions options) {
        List<RdlLine> lines = RdlParser.parse(rdlText);
        List<SyntaxError> errors = new ArrayList<>();
        for (RdlLine line : lines) {
            if (line instanceof RdlLine.Malformed malformed) {
                errors.add(malformed.error());
            }
        }
        if (!errors.isEmpty()) {
            return new PlanRun.Malformed(errors);
        }
        RunLengthPlan plan = new RunLengthPlan(options.capacity(), options.stepSeconds());
        ReservationAdmission admission = new ReservationAdmission(options.planner().planner(),
                SharingPolicy.UNCONSTRAINED);
        List<PlanRun.LineOutcome> outcomes = new ArrayList<>();
        int accepted = 0;
        for (RdlLine line : lines) {
            PlanRun.LineOutcome outcome = admit((RdlLine.Parsed) line, admission, plan);
            accepted += outcome.accepted() ? 1 : 0;
            outcomes.add(outcome);
        }
        return new PlanRun.Planned(accepted, outcomes.size() - accepted, outcomes);
    }

    private static PlanRun.LineOutcome admit(RdlLine.Parsed line, ReservationAdmission admission, RunLengthPlan plan) {
        Compilation compiled = RdlCompiler.compile(line.expression());
        if (compiled instanceof Compilation.Infeasible infeasible) {
            return rejected(line.line(), infeasible.reason());
        }
        Placement placement = admission.admit("line-" + line.line(), "cli",
                ((Compilation.Feasible) compiled).form(), plan);
        if (placement instanceof Placement.Infeasible infeasible) {
            return rejected(line.line(), infeasible.reason());
        }
        List<PlanRun.AllocationStep> steps = new ArrayList<>();
        for (Segment s : ((Placement.Placed) placement).total()) {
            steps.add(new PlanRun.AllocationStep(s.start(), s.end(), s.amount().vcores(), s.amount().memoryMb()));
        }
        return new PlanRun.LineOutcome(line.line(), true, Optional.empty(), steps);
    }

    private static PlanRun.LineOutcome rejected(int line, String reason) {
        return new PlanRun.LineOutcome(line, false, Optional.of(reason), List.of());
    }
}
