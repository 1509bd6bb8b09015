package io.punctual.bench.bopf;

import io.punctual.sizing.bopf.AdmissionDecision;
import io.punctual.sizing.bopf.AdmittedQueues;
import io.punctual.sizing.bopf.BopfAdmission;
import io.punctual.sizing.bopf.QueueClass;
import io.punctual.sizing.bopf.QueueSpec;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Prints what the benchmark workloads look like once admitted: classes, how many resource decisions were only
 * bounded, and a rough single-run time (the JMH numbers are the ones to quote).
 * Usage: {@code java -cp ... io.punctual.bench.bopf.BopfWorkloadSummary [queues]}.
 */
public final class BopfWorkloadSummary {

    private BopfWorkloadSummary() {
    }

    public static void main(String[] args) {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        for (String periods : List.of("harmonic", "mixed", "random")) {
            List<QueueSpec> workload = BopfWorkload.queues(count, BopfWorkload.periods(periods), 42, "q", true);
            BopfAdmission admission = new BopfAdmission();
            AdmittedQueues ledger = new AdmittedQueues(BopfWorkload.CAPACITY);
            Map<QueueClass, Integer> classes = new EnumMap<>(QueueClass.class);
            int notProven = 0;
            long started = System.nanoTime();
            for (QueueSpec queue : workload) {
                AdmissionDecision decision = admission.admit(ledger, queue);
                classes.merge(decision.queueClass(), 1, Integer::sum);
                notProven += decision.reason().contains("not proven") ? 1 : 0;
            }
            long millis = (System.nanoTime() - started) / 1_000_000;
            System.out.printf("%s: %d queues -> %s, resource (3) not proven: %d, one cold run %d ms%n",
                    periods, count, classes, notProven, millis);
        }
    }
}
