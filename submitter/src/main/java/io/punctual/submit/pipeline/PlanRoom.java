package io.punctual.submit.pipeline;

import io.punctual.sizing.sizer.SizingDecision;
import io.punctual.sizing.sizer.SizingTerm;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * A job that not even its most executors meet at θ is given that most for its whole window (the width sizer's last
 * resort): for a wide job with a short deadline that is a gang as large as the whole plan, which is never free while
 * anything else runs, so it waited in the admission queue until its deadline passed. Such a job is sized again with the
 * executors the plan has free for its whole window as its limit, and takes that smaller size when the sizer still
 * admits it there (even the fastest {@code 1 − θ} of the runs like it meet the deadline at that size). A job sized
 * for θ is left as it is: a smaller gang would break its claim, and it waits for room instead.
 */
final class PlanRoom {

    private PlanRoom() {
    }

    /**
     * @param freeContainers the reservation containers the plan has free from now to the deadline (asked only when
     *                       needed: it reads every reservation of the plan)
     * @param resize         sizes the same request again with another limit on executors
     */
    static Decision narrowed(Decision decision, Supplier<Long> freeContainers,
                             IntFunction<SizingDecision> resize) {
        if (!(decision.sizing() instanceof SizingDecision.Sized sized) || !lastResort(sized)) {
            return decision;
        }
        long free = freeContainers.get();
        // the gang holds the ApplicationMaster's container beside the executors
        int room = (int) Math.min(Integer.MAX_VALUE, free - 1);
        if (room < 1 || room >= sized.executors()) {
            return decision;
        }
        SizingDecision again = resize.apply(room);
        if (!(again instanceof SizingDecision.Sized fits) || fits.executors() > room) {
            return decision;
        }
        List<SizingTerm> terms = new ArrayList<>(fits.terms());
        terms.add(SizingTerm.of("plan room", room, "executors the plan has free until the deadline, where "
                + sized.executors() + " were not"));
        return new Decision(decision.request(), decision.one(), new SizingDecision.Sized(fits.executors(),
                fits.method(), fits.decidedBy(), fits.hold(), fits.p50Finish(), fits.thetaFinish(), terms));
    }

    private static boolean lastResort(SizingDecision.Sized sized) {
        return "width".equals(sized.method()) && sized.thetaFinish().isEmpty();
    }
}
