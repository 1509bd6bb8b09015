package io.punctual.history;

import java.util.Locale;

/** Seconds written the way a person reads them: 12.3s, 4m05s, 2h03m. */
final class DurationText {

    private DurationText() {
    }

    static String of(double seconds) {
        if (Double.isNaN(seconds)) {
            return "-";
        }
        if (seconds < 60) {
            return String.format(Locale.ROOT, "%.1fs", seconds);
        }
        long whole = Math.round(seconds);
        if (whole < 3600) {
            return String.format(Locale.ROOT, "%dm%02ds", whole / 60, whole % 60);
        }
        return String.format(Locale.ROOT, "%dh%02dm", whole / 3600, (whole % 3600) / 60);
    }
}
