package io.punctual.yarn.embedded;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Container processes an embedded cluster left when its JVM was killed (kill -9 runs no shutdown hook): Spark
 * drivers and executors, gigabytes of them, that no NodeManager will ever stop. Every container's command line names
 * its cluster's working directory, {@code <name>-<pid of the JVM that ran it>}; a process naming a cluster whose JVM
 * is gone is an orphan. Clusters of live JVMs (another user's gateway, a test run) are left alone.
 */
final class OrphanedContainers {

    private static final Logger LOG = LoggerFactory.getLogger(OrphanedContainers.class);

    private OrphanedContainers() {
    }

    /** The orphans of earlier clusters called {@code clusterName}, among the processes this user may see. */
    static List<ProcessHandle> of(String clusterName) {
        Pattern owner = Pattern.compile(Pattern.quote(clusterName) + "-(\\d+)");
        long self = ProcessHandle.current().pid();
        return ProcessHandle.allProcesses().filter(p -> p.pid() != self)
                .filter(p -> deadOwner(owner, p.info().commandLine()))
                .toList();
    }

    private static boolean deadOwner(Pattern owner, Optional<String> commandLine) {
        if (commandLine.isEmpty()) {
            return false;
        }
        Matcher m = owner.matcher(commandLine.get());
        while (m.find()) {
            long pid = Long.parseLong(m.group(1));
            if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                return false;
            }
        }
        return m.reset().find();
    }

    /** Stops the orphans; returns how many there were. */
    static int stop(String clusterName) {
        List<ProcessHandle> orphans = of(clusterName);
        for (ProcessHandle orphan : orphans) {
            LOG.warn("stopping process {} left by an embedded cluster that was killed: {}", orphan.pid(),
                    orphan.info().command().orElse("?"));
            orphan.destroyForcibly();
        }
        return orphans.size();
    }
}
