package io.punctual.submit.gateway;

import io.punctual.submit.pipeline.AdmissionOrder;
import io.punctual.submit.pipeline.RushArbitration;
import io.punctual.submit.request.AdmissionPolicy;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Where a queued batch stood after an admission round, as its own team may see it. The plan queue is the site's, so
 * teams wait in one line; a batch of another team ahead is kept only as "another team's batch" — no id, no job — since
 * a team never sees another's batches (its id would be a 404 to them anyway). The text the gateway writes into the
 * batch's {@code admission.reason}, and the jobs page shows, is {@link #text()}: the structured fields
 * ({@code admission.queue}, {@code punctual explain --batch}) and the sentence come from this one value, so they cannot
 * disagree. Stored with the batch (plain JSON, absent values null), so any gateway over the same store can show it.
 *
 * @param position             1-based place in the admission queue
 * @param length               how many batches waited in it
 * @param ahead                the batches before it, in turn order
 * @param note                 what RUSH's arbitration expects of it, as {@link AdmissionOrder} words it; null under
 *                             Justice
 * @param expectedCompletionMs RUSH's mapped completion; null under Justice
 * @param latenessSeconds      how far past its deadline that completion is; null under Justice
 * @param utility              its utility at that completion, in [0, 1]; null under Justice
 * @param placedAtMs           when a round first placed it so (later rounds that find the same place leave it)
 */
public record AdmissionPlace(int position, int length, List<Ahead> ahead, AdmissionPolicy policy, String note,
                             Long expectedCompletionMs, Long latenessSeconds, Double utility, long placedAtMs) {

    /**
     * One batch ahead in line.
     *
     * @param id     its batch id; null when it is another team's
     * @param jobKey its job ({@code team/name}); null when it is another team's
     */
    public record Ahead(Integer id, String jobKey) {

        static Ahead of(BatchRecord batch, String viewer) {
            return batch.team().equals(viewer) ? new Ahead(batch.id(), batch.jobKey()) : new Ahead(null, null);
        }

        /** Whether it belongs to another team, and so shows as nothing more than a count. */
        public boolean otherTeam() {
            return id == null;
        }
    }

    public AdmissionPlace {
        ahead = List.copyOf(ahead);
    }

    /** The place of {@code waiting.get(index)}, in turn order, after the round that gave it {@code turn}. */
    static AdmissionPlace of(List<BatchRecord> waiting, int index, AdmissionPolicy policy,
                             Optional<AdmissionOrder.Turn> turn, Instant now) {
        String viewer = waiting.get(index).team();
        List<Ahead> ahead = waiting.subList(0, index).stream().map(b -> Ahead.of(b, viewer)).toList();
        Optional<RushArbitration.Verdict> verdict = turn.flatMap(AdmissionOrder.Turn::arbitration);
        return new AdmissionPlace(index + 1, waiting.size(), ahead, policy,
                turn.flatMap(AdmissionOrder.Turn::note).orElse(null),
                verdict.map(v -> v.completeBy().toEpochMilli()).orElse(null),
                verdict.map(v -> v.lateness().toSeconds()).orElse(null),
                verdict.map(RushArbitration.Verdict::utility).orElse(null), now.toEpochMilli());
    }

    /**
     * The sentence a waiting batch is told, before what the plan answered: e.g. "queued, 2 of 3 in the admission
     * queue (behind batch 7 and 1 batch of another team; Justice serves the smallest CPUs per second to deadline
     * first)", then RUSH's expectation when it arbitrated.
     */
    public String text() {
        return "queued, " + position + " of " + length + " in the admission queue (" + behind() + "; " + rule() + ")"
                + (note == null ? "" : "; " + note);
    }

    /** Why the line is in this order: the policy's rule. */
    public String rule() {
        return policy == AdmissionPolicy.RUSH ? "RUSH's arbitration orders by mapped completion"
                : "Justice serves the smallest CPUs per second to deadline first";
    }

    /** How many of the batches ahead belong to other teams. */
    public long otherTeamsAhead() {
        return ahead.stream().filter(Ahead::otherTeam).count();
    }

    private String behind() {
        if (ahead.isEmpty()) {
            return "first in line";
        }
        List<String> own = ahead.stream().filter(a -> !a.otherTeam()).map(a -> String.valueOf(a.id())).toList();
        long others = otherTeamsAhead();
        String ours = own.isEmpty() ? "" : "batch" + (own.size() > 1 ? "es " : " ") + String.join(", ", own);
        String theirs = others == 0 ? "" : others + (others > 1 ? " batches of other teams" : " batch of another team");
        return "behind " + (ours.isEmpty() ? theirs : theirs.isEmpty() ? ours : ours + " and " + theirs);
    }
}
