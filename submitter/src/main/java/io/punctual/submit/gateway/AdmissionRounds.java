package io.punctual.submit.gateway;

import io.punctual.submit.pipeline.AdmissionOrder;
import io.punctual.submit.pipeline.Observation;
import io.punctual.submit.pipeline.SizingSettings;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

/**
 * The gateway's admission queue under {@code punctual.admission.policy} justice or rush: each poll round — so after
 * every arrival, completion and change of the plan within one poll interval — the waiting batches take their turns
 * one after another in the policy's {@link AdmissionOrder} (Justice's smallest {@code reqCpus / TTD} first, or RUSH's
 * arbitrated completions), each sized again from its submission time and the time it waited (Justice's ESTIMATE_REQ:
 * more CPUs as its window shrinks) and offered the plan; the submission machine
 * reserves, keeps waiting or drops each. One round runs at a time, on the launch pool, and the batches still waiting are told their
 * place and who is ahead of them ({@link AdmissionPlace}, kept with the batch).
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

    /** Every queued batch takes its turn in order, per plan queue; those still waiting are then told where they stand. */
    void round(List<BatchRecord> queued) {
        Map<String, List<BatchRecord>> byPlan = queued.stream().collect(Collectors.groupingBy(BatchRecord::planQueue,
                TreeMap::new, Collectors.toList()));
        byPlan.values().forEach(this::roundOf);
    }

    private void roundOf(List<BatchRecord> queued) {
        BatchRecord any = queued.get(0);
        SizingSettings settings = launch.sizingSettings(any);
        Map<String, BatchRecord> byId = new HashMap<>();
        queued.forEach(b -> byId.put(key(b), b));
        List<AdmissionOrder.Turn> turns = AdmissionOrder.turns(settings.admission(), queued.stream()
                .map(this::waiting).toList(), launch.pipeline(any).freeCpus(any.planQueue()), clock.instant());
        Map<String, AdmissionOrder.Turn> byTurn = new HashMap<>();
        for (AdmissionOrder.Turn turn : turns) {
            byTurn.put(turn.id(), turn);
            launch.turn(byId.get(turn.id()).id(), new Observation.Turn(turn.completeBy()));
        }
        List<BatchRecord> waiting = turns.stream().map(t -> store.get(byId.get(t.id()).id()))
                .flatMap(Optional::stream).filter(BatchStates::queued).toList();
        for (int i = 0; i < waiting.size(); i++) {
            AdmissionPlace place = AdmissionPlace.of(waiting, i, settings.admission(),
                    Optional.ofNullable(byTurn.get(key(waiting.get(i)))), clock.instant());
            launch.change(waiting.get(i).id(), b -> {
                String told = place.text() + ": " + refusal(b);
                return BatchStates.queued(b) && !told.equals(b.reason())
                        ? b.toBuilder().reason(told).place(place).build() : b;
            });
        }
    }

    private AdmissionOrder.Waiting waiting(BatchRecord batch) {
        int cpus = (int) (batch.executors() * batch.executorVcores() + batch.masterVcores());
        return new AdmissionOrder.Waiting(key(batch), cpus, Duration.ofSeconds(batch.holdSeconds()),
                Instant.ofEpochMilli(batch.submittedAtMs()), Instant.ofEpochMilli(batch.deadlineMs()),
                launch.sizingSettings(batch).utility());
    }

    /** Batch ids padded, so ties in priority go to the older batch as text. */
    private static String key(BatchRecord batch) {
        return String.format("%010d", batch.id());
    }

    /**
     * The refusal of the batch's last turn, without the place a round wrote before it: a turn writes the plan's fresh
     * answer alone, but a batch whose turn was skipped still carries the place, which must not be told twice.
     */
    private static String refusal(BatchRecord batch) {
        String reason = String.valueOf(batch.reason());
        String placed = batch.place() == null ? null : batch.place().text() + ": ";
        if (placed != null && reason.startsWith(placed)) {
            return reason.substring(placed.length());
        }
        // A place written by a gateway that did not keep it with the batch.
        int cut = reason.startsWith("queued, ") ? reason.indexOf("): ") : -1;
        return cut < 0 ? reason : reason.substring(cut + 3);
    }
}
