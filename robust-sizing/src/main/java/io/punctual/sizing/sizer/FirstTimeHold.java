package io.punctual.sizing.sizer;

import io.punctual.sizing.justice.HoldShares;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * How long the reservation of a job Justice sizes without history holds its executors: Punctual's extension, not in
 * the Justice paper. Justice's fraction aims to finish just at the deadline, so on its own it leaves the whole window
 * as the hold — a reservation with no room to move, which any overlapping reservation blocks although the plan may be
 * nearly empty (Rayon's reservations are cheap to place because a duration shorter than the window can go anywhere
 * in it, Sections 3–4). Once enough first-time jobs have finished, the hold is the θ-quantile of the share of their
 * windows they used ({@link HoldShares}) times this window; the executors stay Justice's, so the learned shares
 * describe runs like this one. ReservationWindows adds its margin on top, as for every sized hold.
 *
 * <p>Never longer than the window; never shorter than the launch overhead plus a second, since before the
 * application starts the job cannot have run at all (the same floor {@link LaunchFloor} refuses deadlines by).
 */
final class FirstTimeHold {

    private FirstTimeHold() {
    }

    /** The hold, with the term that says where it came from. */
    record Hold(Duration duration, SizingTerm term) {
    }

    static Hold of(SizingRequest request, HoldShares shares, Duration launchOverhead) {
        Duration window = request.window();
        double theta = request.confidence();
        Optional<Double> share = shares.quantile(theta);
        if (share.isEmpty()) {
            return new Hold(window, SizingTerm.of("hold share", "1 (whole window)", String.format(Locale.ROOT,
                    "%d of the %d first-time runs needed to learn a p%s hold have finished", shares.recent().size(),
                    HoldShares.samplesNeeded(theta), percent(theta))));
        }
        long learned = (long) Math.ceil(share.get() * window.toMillis() / 1000.0);
        long floor = (long) Math.ceil(launchOverhead.toMillis() / 1000.0) + 1;
        Duration hold = Duration.ofSeconds(Math.max(learned, floor));
        if (hold.compareTo(window) > 0) {
            hold = window;
        }
        return new Hold(hold, SizingTerm.of("hold share", String.format(Locale.ROOT, "%.3f", share.get()),
                String.format(Locale.ROOT, "p%s of %d first-time runs used %.2f of their window: holds %d s of %d s%s",
                        percent(theta), shares.recent().size(), share.get(), hold.toSeconds(), window.toSeconds(),
                        learned < floor ? " (raised to the launch overhead + 1 s)" : "")));
    }

    private static String percent(double theta) {
        return new java.math.BigDecimal(Double.toString(theta * 100)).stripTrailingZeros().toPlainString();
    }
}
