package io.punctual.history.source;

import io.punctual.history.eventlog.EventLogCodec;

import java.util.Optional;

/**
 * What Spark's event-log file names say (EventLogFileWriter, Spark 3.x): a single log is
 * {@code <app>[_<attempt>][.<codec>][.inprogress]}; a rolling log is a directory {@code eventlog_v2_<app>[_<attempt>]}
 * of {@code events_<index>_<app>[_<attempt>][.<codec>][.compact]} parts and an {@code appstatus_<app>[_<attempt>]}
 * file that carries {@code .inprogress} while the application runs.
 */
public record EventLogName(String stem, EventLogCodec codec, boolean inProgress, boolean compacted) {

    public static final String IN_PROGRESS = ".inprogress";
    public static final String COMPACTED = ".compact";
    public static final String ROLLING_DIR_PREFIX = "eventlog_v2_";
    public static final String EVENTS_PREFIX = "events_";
    public static final String STATUS_PREFIX = "appstatus_";

    public static EventLogName ofFile(String fileName) {
        String rest = fileName;
        boolean inProgress = rest.endsWith(IN_PROGRESS);
        if (inProgress) {
            rest = rest.substring(0, rest.length() - IN_PROGRESS.length());
        }
        boolean compacted = rest.endsWith(COMPACTED);
        if (compacted) {
            rest = rest.substring(0, rest.length() - COMPACTED.length());
        }
        EventLogCodec codec = EventLogCodec.PLAIN;
        int dot = rest.lastIndexOf('.');
        if (dot > 0) {
            Optional<EventLogCodec> named = EventLogCodec.forExtension(rest.substring(dot + 1));
            if (named.isPresent()) {
                codec = named.get();
                rest = rest.substring(0, dot);
            }
        }
        return new EventLogName(rest, codec, inProgress, compacted);
    }

    public static boolean isRollingDirectory(String name) {
        return name.startsWith(ROLLING_DIR_PREFIX);
    }

    /** The application (and attempt) a rolling directory holds, as its name spells it. */
    public static String rollingStem(String directoryName) {
        return directoryName.substring(ROLLING_DIR_PREFIX.length());
    }

    /** The index of a rolling log's part ({@code events_<index>_...}), or empty if the name is not a part's. */
    public static Optional<Long> partIndex(String fileName) {
        if (!fileName.startsWith(EVENTS_PREFIX)) {
            return Optional.empty();
        }
        int end = fileName.indexOf('_', EVENTS_PREFIX.length());
        try {
            return end < 0 ? Optional.empty() : Optional.of(Long.parseLong(fileName.substring(EVENTS_PREFIX.length(), end)));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** Files no log reader should open: hidden files and Hadoop's checksum side files. */
    public static boolean ignored(String fileName) {
        return fileName.startsWith(".") || fileName.endsWith(".crc");
    }
}
