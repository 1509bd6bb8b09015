package io.punctual.submit.gateway;

import io.punctual.sizing.justice.AdmissionPriority;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

/**
 * The gateway's admission queue under {@code punctual.admission.policy = justice} (Justice, Algorithm 4): each poll
 * round — so after every arrival, completion and change of the plan within one poll interval — the waiting batches
 * take their turns one after another in Justice's order ({@link AdmissionPriority}: smallest {@code reqCpus / TTD}
 * first), each sized again for the time it has left and offered the plan; the submission machine reserves, keeps
 * waiting or drops each. One round runs at a time, on the launch pool, and the batches still waiting are told their
 * place and who is ahead of them.
 */
final class AdmissionRounds {

    private final BatchStore store;
    private final BatchLaunch launch;
    private final Clock clock;
    private final Executor pool;
    private final AtomicBoolean running = new AtomicBoolean();

    AdmissionRounds(BatchStore store, BatchLaunch launch, Clock clock, Executor pool) {
        this.store = store;
        this.launch = launch;
        this.clock = clock;
        this.pool = pool;
    }

    /** Starts a round over the queued batches among {@code live}, unless one is still under way. */
    void offer(List<BatchRecord> live) {
        List<BatchRecord> queued = live.stream().filter(BatchStates::queued).toList();
        if (queued.isEmpty() || !running.compareAndSet(false, true)) {
            return;
        }
        pool.execute(() -> {
            try {
                round(queued);
            } finally {
                running.set(false);
            }
        });
    }

    /** Every queued batch takes its turn in order; those still waiting are then told where they stand. */
    void round(List<BatchRecord> queued) {
        List<BatchRecord> order = inTurn(queued, clock.instant());
        for (BatchRecord batch : order) {
            launch.turn(batch.id());
        }
        List<BatchRecord> waiting = inTurn(order.stream().map(b -> store.get(b.id())).flatMap(Optional::stream)
                .filter(BatchStates::queued).toList(), clock.instant());
        for (int i = 0; i < waiting.size(); i++) {
            String place = place(waiting, i);
            launch.change(waiting.get(i).id(), b -> {
                String told = place + ": " + refusal(String.valueOf(b.reason()));
                return BatchStates.queued(b) && !told.equals(b.reason()) ? b.toBuilder().reason(told).build() : b;
            });
        }
    }

    /** Justice's order over the batches' current requests: ascending CPUs per second left to the deadline. */
    static List<BatchRecord> inTurn(List<BatchRecord> queued, Instant now) {
        return queued.stream().sorted(Comparator.comparing(b -> priority(b, now))).toList();
    }

    static AdmissionPriority priority(BatchRecord batch, Instant now) {
        int cpus = (int) (batch.executors() * batch.executorVcores());
        return AdmissionPriority.of(String.format("%010d", batch.id()), cpus, Instant.ofEpochMilli(
                batch.submittedAtMs()), Duration.between(now, Instant.ofEpochMilli(batch.deadlineMs())));
    }

    private static String place(List<BatchRecord> waiting, int index) {
        List<BatchRecord> ahead = new ArrayList<>(waiting.subList(0, index));
        String behind = ahead.isEmpty() ? "first in line" : "behind batch" + (ahead.size() > 1 ? "es " : " ")
                + ahead.stream().map(b -> String.valueOf(b.id())).collect(Collectors.joining(", "));
        return "queued, " + (index + 1) + " of " + waiting.size() + " in the admission queue (" + behind
                + "; Justice serves the smallest CPUs per second to deadline first)";
    }

    /** The refusal of the batch's last turn, without the place an earlier round wrote before it. */
    private static String refusal(String reason) {
        int cut = reason.startsWith("queued, ") ? reason.indexOf("): ") : -1;
        return cut < 0 ? reason : reason.substring(cut + 3);
    }
}
