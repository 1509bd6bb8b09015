package io.punctual.sizing.justice;

import java.util.List;

/**
 * The decisions of one admission round: kills first, then drops, then every feasible queued job in heap order
 * (ascending {@code reqCpus / TTD}), each either admitted or left waiting.
 *
 * @param decisions     one decision per queued job and per killed running job
 * @param freeCpus      CPUs free when the round started
 * @param remainingCpus CPUs still free after the admitted jobs take their grants (kills are not counted as freed:
 *                      their CPUs return when the kill completes, which starts the next round)
 */
public record AdmissionRound(List<AdmissionDecision> decisions, int freeCpus, int remainingCpus) {

    public AdmissionRound {
        decisions = List.copyOf(decisions);
    }

    public List<AdmissionDecision.Admit> admitted() {
        return only(AdmissionDecision.Admit.class);
    }

    public List<AdmissionDecision.Wait> waiting() {
        return only(AdmissionDecision.Wait.class);
    }

    public List<AdmissionDecision.Drop> dropped() {
        return only(AdmissionDecision.Drop.class);
    }

    public List<AdmissionDecision.Kill> killed() {
        return only(AdmissionDecision.Kill.class);
    }

    private <T extends AdmissionDecision> List<T> only(Class<T> type) {
        return decisions.stream().filter(type::isInstance).map(type::cast).toList();
    }
}
