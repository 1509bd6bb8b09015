package io.punctual.yarn.queues;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A CapacityScheduler queue by its full path, such as {@code root.adhoc}. The scheduler configuration names every
 * queue property after this path ({@code yarn.scheduler.capacity.root.adhoc.capacity}), so a path that is not
 * well-formed would silently write keys no queue reads; it is refused here instead.
 */
public record QueuePath(String value) {

    /** One queue name: no dots (they separate levels), no commas (they separate siblings), no white space. */
    private static final Pattern SEGMENT = Pattern.compile("[A-Za-z0-9_\\-]+");

    public static final QueuePath ROOT = new QueuePath("root");

    public QueuePath {
        Objects.requireNonNull(value, "queue path");
        String[] segments = value.split("\\.", -1);
        if (!segments[0].equals("root")) {
            throw new IllegalArgumentException("a queue path starts at root, e.g. root.adhoc; got '" + value + "'");
        }
        for (String segment : segments) {
            if (!SEGMENT.matcher(segment).matches()) {
                throw new IllegalArgumentException("queue path '" + value + "' has an invalid name '" + segment
                        + "': use letters, digits, '_' and '-' between the dots");
            }
        }
    }

    public static QueuePath of(String value) {
        return new QueuePath(value);
    }

    public boolean isRoot() {
        return value.equals("root");
    }

    /** The parent queue; root has none. */
    public QueuePath parent() {
        if (isRoot()) {
            throw new IllegalStateException("root has no parent queue");
        }
        return new QueuePath(value.substring(0, value.lastIndexOf('.')));
    }

    /** The last segment: the name YARN shows for the queue and that applications name to submit to it. */
    public String leaf() {
        return value.substring(value.lastIndexOf('.') + 1);
    }

    public QueuePath child(String name) {
        return new QueuePath(value + "." + name);
    }

    @Override
    public String toString() {
        return value;
    }
}
