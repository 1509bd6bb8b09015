package io.punctual.submit.pipeline;

import io.punctual.yarn.AppReport;
import io.punctual.yarn.AppState;
import io.punctual.yarn.ClusterGateway;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Why a driver that ran a program of its own failed. When a Python driver fails, YARN's diagnostics only say "User
 * application exited with status 1": the cause — the Python traceback's last line — is in the driver's output,
 * which the ApplicationMaster's container logs to its stdout. This puts that line first in the diagnostics.
 */
final class DriverFailure {

    /** What Spark's ApplicationMaster reports when the program it ran (a Python or R driver) exited non-zero. */
    static final String USER_EXIT = "User application exited with status";

    /** How much of the driver's output is read: a traceback's end. */
    static final int TAIL_BYTES = 16 * 1024;

    /** The last line of a Python traceback: an exception's name, optionally its message. */
    private static final Pattern EXCEPTION_LINE = Pattern.compile(
            "([A-Za-z_][\\w.]*)(Error|Exception|Exit|Interrupt)(: .*)?");

    private DriverFailure() {
    }

    /** {@code report}, its diagnostics led by the cause the driver printed when that explains a failure YARN did not. */
    static AppReport explained(AppReport report, ClusterGateway cluster) {
        if (report.state() != AppState.FAILED || !report.diagnostics().contains(USER_EXIT)) {
            return report;
        }
        Optional<String> output;
        try {
            output = cluster.amContainerLogTail(report.id(), "stdout", TAIL_BYTES);
        } catch (RuntimeException unreachable) {
            return report; // the diagnostics YARN gave are the answer then
        }
        return output.flatMap(DriverFailure::cause)
                .map(cause -> new AppReport(report.id(), report.name(), report.user(), report.queue(), report.state(),
                        report.yarnState(), report.tags(), report.started(), report.finished(), report.progress(),
                        "the application failed: " + cause + "\n" + report.diagnostics(), report.trackingUrl()))
                .orElse(report);
    }

    /** The last exception line of a driver's output, e.g. "SyntaxError: invalid syntax". */
    static Optional<String> cause(String output) {
        List<String> lines = output.lines().map(String::strip).toList();
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (EXCEPTION_LINE.matcher(lines.get(i)).matches()) {
                return Optional.of(lines.get(i));
            }
        }
        return Optional.empty();
    }
}
