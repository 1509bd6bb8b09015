package io.punctual.sizing.rayon.planning;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.rayon.planning.AtomGrid.UnitLease;
import io.punctual.sizing.rayon.planning.TallestLatest.Fill;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/** The fills on arbitrary room profiles: they take only room that is there, in leases of at least l steps. */
class FillPropertiesTest {

    @Provide
    Arbitrary<long[]> room() {
        return Arbitraries.longs().between(0, 6).array(long[].class).ofMinSize(1).ofMaxSize(80);
    }

    @Property(tries = 500)
    void fillsStayInsideTheRoomAndNeverExceedTheBound(@ForAll("room") long[] room,
                                                      @ForAll @IntRange(min = 1, max = 12) int lease,
                                                      @ForAll @LongRange(min = 1, max = 300) long extra,
                                                      @ForAll boolean flat) {
        long work = lease + extra;
        UnitProfile profile = UnitProfile.ofSteps(10, room);
        long bound = profile.roomBound(lease);

        Fill fill = flat ? FlatFill.flat(profile, lease, work) : TallestLatest.fill(profile, lease, work);
        if (fill == null) {
            return;
        }

        long[] used = new long[room.length];
        long placed = 0;
        for (UnitLease l : fill.leases()) {
            assertThat(l.end() - l.start()).as("lease length").isGreaterThanOrEqualTo(lease);
            assertThat(l.start()).isGreaterThanOrEqualTo(10);
            assertThat(l.end()).isLessThanOrEqualTo(10 + room.length);
            for (long t = l.start(); t < l.end(); t++) {
                used[(int) (t - 10)] += l.units();
            }
            placed += l.area();
        }
        for (int i = 0; i < room.length; i++) {
            assertThat(used[i]).as("units at step %s", i + 10).isLessThanOrEqualTo(room[i]);
        }
        assertThat(placed).isEqualTo(work - fill.missing());
        assertThat(placed).isLessThanOrEqualTo(bound);
        if (fill.missing() == 0) {
            assertThat(bound).isGreaterThanOrEqualTo(work);
        }
    }
}
