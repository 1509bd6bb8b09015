package io.punctual.yarn;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A YARN reservation id such as {@code reservation_1700000000000_0001}. Once the reservation is active, YARN
 * runs it as a leaf queue of the same name under the reservable (plan) queue, which is how a Spark application,
 * having no reservation-id setting, is placed inside it.
 */
public record ReservationId(String value) {

    private static final Pattern FORM = Pattern.compile("reservation_\\d+_\\d+");

    public ReservationId {
        Objects.requireNonNull(value, "reservation id");
        if (!FORM.matcher(value).matches()) {
            throw new IllegalArgumentException("not a YARN reservation id: '" + value
                    + "' (expected reservation_<clusterTimestamp>_<sequence>)");
        }
    }

    /** The leaf queue YARN creates for this reservation while it is active. */
    public String queueName() {
        return value;
    }

    @Override
    public String toString() {
        return value;
    }
}
