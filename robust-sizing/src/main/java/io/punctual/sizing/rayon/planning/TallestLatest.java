package io.punctual.sizing.rayon.planning;

import io.punctual.sizing.rayon.planning.AtomGrid.UnitLease;
import java.util.ArrayList;
import java.util.List;

/**
 * GREE's atom placement (Rayon, SoCC 2014, Section 4.2, "Procrastinating heuristic"): scan the profile right to
 * left for the latest {@code l} consecutive steps with room for a unit, take a lease as tall as the tightest step of
 * that span allows, then restart just left of that tightest step (the paper's t<sub>lim</sub> - 1), so later
 * leases stack on the leftover room and the allocation grows tall and late.
 *
 * <p>Two refinements keep the result exact and the scan short. A lease runs on to the left while the room stays
 * exactly at its height (what repeated l-long leases would take anyway). And the remaining work is never left
 * between 0 and one lease: the last lease is shaped to end the work exactly (d steps, and r &lt; its height of
 * its units one step longer).
 */
final class TallestLatest {

    private TallestLatest() {
    }

    /** Leases taken (the profile is lowered accordingly) and the unit-steps that did not fit. */
    record Fill(List<UnitLease> leases, long missing) {
        long placed(long work) {
            return work - missing;
        }
    }

    private record Span(long end, long height, long bottleneck) {
    }

    static Fill fill(UnitProfile profile, long lease, long work) {
        List<UnitLease> out = new ArrayList<>();
        long remaining = work;
        long cursor = profile.hi();
        while (remaining > 0) {
            Span span = latestSpan(profile, cursor, lease);
            if (span == null) {
                break;
            }
            for (UnitLease piece : piece(profile, span, remaining, lease)) {
                profile.subtract(piece.start(), piece.end(), piece.units());
                remaining -= piece.area();
                out.add(piece);
            }
            cursor = span.bottleneck();
        }
        return new Fill(out, remaining);
    }

    /** The latest {@code lease} steps ending by {@code cursor} with room at every step, or null. */
    private static Span latestSpan(UnitProfile p, long cursor, long lease) {
        long end = cursor;
        long min = Long.MAX_VALUE;
        long bottleneck = -1;
        long t = cursor - 1;
        while (t >= p.lo()) {
            long v = p.at(t);
            long runStart = p.runStart(t);
            if (v == 0) {
                end = runStart;
                min = Long.MAX_VALUE;
            } else {
                if (v < min) {
                    min = v;
                    bottleneck = t;
                }
                if (end - runStart >= lease) {
                    return new Span(end, min, bottleneck);
                }
            }
            t = runStart - 1;
        }
        return null;
    }

    private static List<UnitLease> piece(UnitProfile p, Span span, long remaining, long lease) {
        long height = span.height();
        long end = span.end();
        if (remaining <= height * lease) {
            List<UnitLease> last = exactEnding(p, end, Math.max(1, Math.min(height, remaining / lease)), remaining);
            if (!last.isEmpty()) {
                return last;
            }
        } else {
            long flat = lease + levelRunLeft(p, end - lease, height, remaining / height + 1);
            if (remaining <= height * flat) {
                List<UnitLease> last = exactEnding(p, end, height, remaining);
                if (!last.isEmpty()) {
                    return last;
                }
            }
            long length = Math.min(flat, (remaining - lease) / height);
            if (length >= lease) {
                return List.of(new UnitLease(end - length, end, height));
            }
        }
        long lower = Math.min(height, (remaining - lease) / lease);
        return lower >= 1 ? List.of(new UnitLease(end - lease, end, lower)) : List.of();
    }

    /**
     * Ends the work with {@code height} units for d = remaining / height steps up to {@code end}, r = the rest of
     * them one step longer; empty when the room is not there.
     */
    private static List<UnitLease> exactEnding(UnitProfile p, long end, long height, long remaining) {
        long d = remaining / height;
        long r = remaining % height;
        long from = end - d;
        if (from < p.lo() || p.minOver(from, end) < height || (r > 0 && p.at(from - 1) < r)) {
            return List.of();
        }
        List<UnitLease> out = new ArrayList<>(2);
        if (height - r > 0) {
            out.add(new UnitLease(from, end, height - r));
        }
        if (r > 0) {
            out.add(new UnitLease(from - 1, end, r));
        }
        return out;
    }

    /** Steps left of {@code from} (exclusive) whose room equals {@code height}, up to {@code limit}. */
    private static long levelRunLeft(UnitProfile p, long from, long height, long limit) {
        long length = 0;
        long t = from - 1;
        while (t >= p.lo() && length < limit && p.at(t) == height) {
            long runStart = p.runStart(t);
            length += t - runStart + 1;
            t = runStart - 1;
        }
        return Math.min(length, limit);
    }
}
