package io.punctual.submit.pipeline;

import io.punctual.sizing.Resources;
import io.punctual.sizing.rayon.plan.RunLengthPlan;
import io.punctual.sizing.rayon.plan.Segment;
import io.punctual.sizing.rayon.plan.SharingPolicy;
import io.punctual.sizing.rayon.planning.Gree;
import io.punctual.sizing.rayon.planning.Placement;
import io.punctual.sizing.rayon.planning.ReservationAdmission;
import io.punctual.sizing.rayon.rdl.Compilation;
import io.punctual.sizing.rayon.rdl.Rdl;
import io.punctual.sizing.rayon.rdl.NormalForm;
import io.punctual.sizing.rayon.rdl.RdlCompiler;
import io.punctual.yarn.AllocationStep;
import io.punctual.yarn.ReservationInfo;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Punctual's own view of the plan (Rayon, Section 4): the plan queue's reservations as YARN holds them, with a
 * submission's reservation placed by GREE. It predicts YARN's answer before asking (a disagreement is reported), and
 * when YARN has no room it finds the earliest deadline that would fit.
 */
final class PlacementForecast {

    private static final long STEP = 1;
    private static final Duration HORIZON = Duration.ofDays(1);

    private final RunLengthPlan plan;
    private final Instant origin;

    private PlacementForecast(RunLengthPlan plan, Instant origin) {
        this.plan = plan;
        this.origin = origin;
    }

    /** The plan as YARN holds it now: {@code capacity} and every allocation of {@code reservations}. */
    static PlacementForecast of(Resources capacity, List<ReservationInfo> reservations, Instant now) {
        Instant origin = now.truncatedTo(ChronoUnit.SECONDS);
        RunLengthPlan plan = new RunLengthPlan(capacity, STEP);
        for (ReservationInfo reservation : reservations) {
            List<Segment> segments = new ArrayList<>();
            for (AllocationStep step : reservation.allocation()) {
                long start = Math.max(0, seconds(origin, step.start()));
                long end = seconds(origin, step.end());
                if (end > start && !step.resources().isZero()) {
                    segments.add(new Segment(start, end, step.resources()));
                }
            }
            try {
                plan.add(reservation.id().value(), teamOf(reservation.name()), segments);
            } catch (IllegalArgumentException overCapacity) {
                // YARN rounds differently at step edges; a reservation that does not fit our view is left out of it.
            }
        }
        return new PlacementForecast(plan, origin);
    }

    /** The team a reservation Punctual made belongs to (its name ends with the job key, team/name); else "yarn". */
    static String teamOf(String reservationName) {
        String[] words = reservationName.split(" ");
        String last = words[words.length - 1];
        int slash = last.indexOf('/');
        return reservationName.startsWith("punctual") && slash > 0 ? last.substring(0, slash) : "yarn";
    }

    /**
     * Whether the team may reserve the sized containers before {@code deadline} under its sharing policy (Rayon's
     * capacity over time: an instantaneous share and an average share over a window); empty when it may, else why not.
     */
    Optional<String> policyViolation(Sizing sizing, Instant deadline, String team, SharingPolicy policy) {
        Optional<NormalForm> form = form(sizing, deadline, sizedHold(sizing, deadline));
        if (form.isEmpty()) {
            return Optional.empty();
        }
        RunLengthPlan trial = plan.copy();
        Placement placement = new ReservationAdmission(new Gree(), policy).admit("candidate", team, form.get(), trial);
        return placement instanceof Placement.Infeasible infeasible && infeasible.reason().startsWith("sharing policy")
                ? Optional.of(infeasible.reason()) : Optional.empty();
    }

    /**
     * Whether GREE finds room for one of the holds YARN will be asked for between now and {@code deadline} (see
     * {@link ReservationWindows#holds}): the sized containers held {@code sizing.hold()}, or as long as the window
     * leaves, or the shorter hold asked for after a whole-window one.
     */
    boolean fits(Sizing sizing, Instant deadline) {
        Instant end = deadline.truncatedTo(ChronoUnit.SECONDS);
        // The window opens a second from now, as ReservationWindows asks YARN for it.
        return ReservationWindows.holds(sizing, origin.plusSeconds(1), end).stream()
                .anyMatch(hold -> fits(sizing, end, hold.toSeconds()));
    }

    private boolean fits(Sizing sizing, Instant deadline, long hold) {
        return form(sizing, deadline, hold).map(f -> new Gree().place(f, plan) instanceof Placement.Placed)
                .orElse(false);
    }

    /** The reservation as Rayon's RDL: one gang of executors plus the master, held {@code hold} s, in the window. */
    private Optional<NormalForm> form(Sizing sizing, Instant deadline, long hold) {
        long end = seconds(origin, deadline.truncatedTo(ChronoUnit.SECONDS));
        if (end - 1 < hold) {
            return Optional.empty();
        }
        int gang = sizing.shapes().executors() + 1;
        Rdl request = Rdl.window(Rdl.atom(ReservationWindows.container(sizing), gang, gang, hold, hold * gang), 1, end);
        return RdlCompiler.compile(request) instanceof Compilation.Feasible feasible
                ? Optional.of(feasible.form()) : Optional.empty();
    }

    /** The sized hold, as long as the window from a second from now leaves when that is less. */
    private long sizedHold(Sizing sizing, Instant deadline) {
        long end = seconds(origin, deadline.truncatedTo(ChronoUnit.SECONDS));
        return ReservationWindows.holds(sizing, origin.plusSeconds(1), origin.plusSeconds(end)).stream().findFirst()
                .map(Duration::toSeconds).orElse(Math.max(1, sizing.hold().toSeconds()));
    }

    /**
     * The earliest deadline, within a day of {@code after}, by which the containers fit for their whole hold;
     * bisection on whole seconds.
     */
    Optional<Instant> earliestFit(Sizing sizing, Instant after) {
        Instant latest = after.plus(HORIZON);
        long hold = Math.max(1, sizing.hold().toSeconds());
        if (!fits(sizing, latest, hold)) {
            return Optional.empty();
        }
        long lo = seconds(origin, after);
        long hi = seconds(origin, latest);
        while (hi - lo > 1) {
            long mid = (lo + hi) / 2;
            if (fits(sizing, origin.plusSeconds(mid), hold)) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return Optional.of(origin.plusSeconds(hi));
    }

    /**
     * How many containers of {@code shape} the plan has free at every moment from the next plan step to
     * {@code until}: what a gang held that whole time could take.
     */
    long freeThroughout(Resources shape, Instant until) {
        long end = seconds(origin, until);
        Resources peak = Resources.ZERO;
        for (Segment segment : plan.usedSegments(Math.min(STEP, end), Math.max(STEP, end))) {
            peak = peak.atLeast(segment.amount());
        }
        return plan.capacity().minusFloored(peak).copiesOf(shape);
    }

    private static long seconds(Instant origin, Instant at) {
        return Duration.between(origin, at).toSeconds();
    }
}
