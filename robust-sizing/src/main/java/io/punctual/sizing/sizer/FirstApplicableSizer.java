package io.punctual.sizing.sizer;

import java.util.ArrayList;
import java.util.List;

/**
 * Asks sizers in order and takes the first answer that is not {@link SizingDecision.NotApplicable}; the reasons the
 * earlier ones passed stay in the terms, so {@code explain} shows why the decision fell through to the one that made it.
 */
public final class FirstApplicableSizer implements Sizer {

    private final List<Sizer> sizers;

    public FirstApplicableSizer(List<Sizer> sizers) {
        if (sizers.isEmpty()) {
            throw new IllegalArgumentException("at least one sizer is needed");
        }
        this.sizers = List.copyOf(sizers);
    }

    @Override
    public SizingDecision size(SizingRequest request) {
        List<SizingTerm> passed = new ArrayList<>();
        SizingDecision last = null;
        for (Sizer sizer : sizers) {
            last = sizer.size(request);
            if (!(last instanceof SizingDecision.NotApplicable notApplicable)) {
                return withEarlierTerms(last, passed);
            }
            passed.add(SizingTerm.of("skipped", sizer.getClass().getSimpleName(), notApplicable.reason()));
            passed.addAll(notApplicable.terms());
        }
        return last;
    }

    private static SizingDecision withEarlierTerms(SizingDecision decision, List<SizingTerm> earlier) {
        if (earlier.isEmpty()) {
            return decision;
        }
        List<SizingTerm> terms = new ArrayList<>(earlier);
        terms.addAll(decision.terms());
        if (decision instanceof SizingDecision.Sized s) {
            return new SizingDecision.Sized(s.executors(), s.method(), s.decidedBy(), s.hold(), s.p50Finish(),
                    s.thetaFinish(), terms);
        }
        SizingDecision.Unmeetable u = (SizingDecision.Unmeetable) decision;
        return new SizingDecision.Unmeetable(u.reason(), u.decidedBy(), u.earliestDeadline(), terms);
    }
}
