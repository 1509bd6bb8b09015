package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.submit.request.AdmissionPolicy;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The sentence a waiting batch is told: its own team's batches ahead by id, another team's only counted. */
class AdmissionPlaceTest {

    private static final AdmissionPlace.Ahead THEIRS = new AdmissionPlace.Ahead(null, null);

    private static String told(List<AdmissionPlace.Ahead> ahead) {
        return new AdmissionPlace(ahead.size() + 1, 5, ahead, AdmissionPolicy.JUSTICE, null, null, null, null, 0)
                .text();
    }

    @Test
    void ownBatchesAheadAreNamedAndOtherTeamsAreCounted() {
        assertThat(told(List.of())).isEqualTo("queued, 1 of 5 in the admission queue (first in line; Justice serves"
                + " the smallest CPUs per second to deadline first)");
        assertThat(told(List.of(new AdmissionPlace.Ahead(7, "a/x")))).contains("(behind batch 7; Justice");
        assertThat(told(List.of(new AdmissionPlace.Ahead(7, "a/x"), THEIRS, new AdmissionPlace.Ahead(9, "a/y"))))
                .contains("(behind batches 7, 9 and 1 batch of another team; Justice");
        assertThat(told(List.of(THEIRS, THEIRS))).contains("(behind 2 batches of other teams; Justice");
    }

    @Test
    void rushsExpectationFollowsThePlace() {
        AdmissionPlace place = new AdmissionPlace(1, 1, List.of(), AdmissionPolicy.RUSH, "RUSH's arbitration"
                + " expects it to complete by 2026-11-26T21:10:00Z, 600 s late, at utility 0.80", 1L, 600L, 0.8, 0);
        assertThat(place.text()).isEqualTo("queued, 1 of 1 in the admission queue (first in line; RUSH's arbitration"
                + " orders by mapped completion); RUSH's arbitration expects it to complete by 2026-11-26T21:10:00Z,"
                + " 600 s late, at utility 0.80");
    }
}
