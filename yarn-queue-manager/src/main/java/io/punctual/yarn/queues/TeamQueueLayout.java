package io.punctual.yarn.queues;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Where team queues live and where their capacity comes from. Siblings' capacities must sum to 100 percent in YARN
 * 3.3, so a team queue cannot simply appear: it is added under {@code parent} together with a matching cut in the
 * {@code donor}, a best-effort sibling, in one atomic change; resizing moves the difference between the two, and
 * removing gives the capacity back. The donor never drops below {@code donorFloor}.
 *
 * @param parent      the queue team queues are children of
 * @param donor       the best-effort child of {@code parent} that lends and takes back capacity
 * @param prefix      prepended to the team name to form the leaf queue name, so teams cannot collide with other
 *                    queues (YARN 3.3 requires leaf names unique across the whole tree)
 * @param donorFloor  the share of {@code parent} the donor always keeps, in [0, 1)
 * @param leafDefaults further properties every new team queue gets, e.g. {@code user-limit-factor}
 */
public record TeamQueueLayout(QueuePath parent, QueuePath donor, String prefix, double donorFloor,
                              Map<String, String> leafDefaults) {

    private static final Pattern PREFIX = Pattern.compile("[A-Za-z0-9_\\-]*");

    public TeamQueueLayout {
        Objects.requireNonNull(parent, "parent");
        Objects.requireNonNull(donor, "donor");
        Objects.requireNonNull(prefix, "prefix");
        if (donor.isRoot() || !donor.parent().equals(parent)) {
            throw new IllegalArgumentException("the donor queue " + donor + " must be a child of " + parent
                    + ", where the team queues are added, so that their capacities add up among siblings");
        }
        if (!PREFIX.matcher(prefix).matches()) {
            throw new IllegalArgumentException("queue name prefix '" + prefix + "' may only hold letters, digits,"
                    + " '_' and '-'");
        }
        if (!(donorFloor >= 0 && donorFloor < 1)) {
            throw new IllegalArgumentException("the donor's floor is a share in [0, 1), got " + donorFloor);
        }
        leafDefaults = Collections.unmodifiableMap(new LinkedHashMap<>(leafDefaults));
    }

    /**
     * Team queues {@code team-<name>} under root, taking capacity from {@code root.<bestEffort>}, which keeps at least
     * 1 percent. Each team's single submitting user may use the team's whole ceiling ({@code user-limit-factor}).
     */
    public static TeamQueueLayout underRoot(String bestEffort) {
        return new TeamQueueLayout(QueuePath.ROOT, QueuePath.ROOT.child(bestEffort), "team-", 0.01,
                Map.of("user-limit-factor", "100"));
    }

    public QueuePath queueOf(String team) {
        return parent.child(prefix + team);
    }

    /** The team a child of {@code parent} belongs to, when its name carries the prefix. */
    java.util.Optional<String> teamOf(String leaf) {
        if (!leaf.startsWith(prefix) || leaf.length() == prefix.length() || parent.child(leaf).equals(donor)) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(leaf.substring(prefix.length()));
    }
}
