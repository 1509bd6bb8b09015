package io.punctual.submit.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.submit.bench.Arrivals.Arrival;
import io.punctual.submit.request.InvalidRequest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Arrivals and deadline factors: seeded, the same for every policy, and distributed as their specs say. */
class BenchArrivalsTest {

    private static final List<String> JOBS = IntStream.range(0, 12).mapToObj(i -> "job" + i).toList();
    private static final DeadlineMix MIX = DeadlineMix.parse("1x:0.3,2x:0.4,4x:0.3");

    @Test
    void theSameSeedGivesTheSameScheduleAndAnotherSeedAnotherOne() {
        Arrivals poisson = Arrivals.parse("poisson:20s");

        List<Arrival> first = poisson.schedule(JOBS, MIX, 7);
        List<Arrival> again = Arrivals.parse("poisson:20s").schedule(JOBS, MIX, 7);
        List<Arrival> other = poisson.schedule(JOBS, MIX, 8);

        assertThat(again).isEqualTo(first);
        assertThat(other).isNotEqualTo(first);
        assertThat(first).extracting(Arrival::job).containsExactlyInAnyOrderElementsOf(JOBS);
        assertThat(first).extracting(Arrival::index).containsExactlyElementsOf(IntStream.range(0, 12).boxed().toList());
        assertThat(first.get(0).offset()).isZero();
        for (int i = 1; i < first.size(); i++) {
            assertThat(first.get(i).offset()).isGreaterThanOrEqualTo(first.get(i - 1).offset());
        }
        assertThat(first).extracting(Arrival::factor).allMatch(f -> f == 1 || f == 2 || f == 4);
    }

    @Test
    void anotherMixChangesTheFactorsButNotWhenJobsArrive() {
        List<Arrival> a = Arrivals.parse("poisson:20s").schedule(JOBS, MIX, 3);
        List<Arrival> b = Arrivals.parse("poisson:20s").schedule(JOBS, DeadlineMix.parse("3x:1"), 3);

        assertThat(b).extracting(Arrival::offset).containsExactlyElementsOf(a.stream().map(Arrival::offset).toList());
        assertThat(b).extracting(Arrival::job).containsExactlyElementsOf(a.stream().map(Arrival::job).toList());
        assertThat(b).extracting(Arrival::factor).containsOnly(3.0);
    }

    @Test
    void poissonGapsAverageTheirMean() {
        List<Duration> gaps = new Arrivals.Poisson(Duration.ofSeconds(20)).gaps(20_000, new SplittableRandom(1));

        double mean = gaps.stream().mapToLong(Duration::toMillis).average().orElseThrow() / 1000.0;
        // an exponential's standard deviation is its mean: 20/sqrt(20000) = 0.14 s for the sample mean
        assertThat(mean).isBetween(19.5, 20.5);
        long overMean = gaps.stream().filter(g -> g.toMillis() > 20_000).count();
        assertThat(overMean / 20_000.0).isBetween(Math.exp(-1) - 0.02, Math.exp(-1) + 0.02);
    }

    @Test
    void factorsAreDrawnInTheMixsShares() {
        SplittableRandom random = new SplittableRandom(5);
        long[] counts = new long[5];
        for (int i = 0; i < 30_000; i++) {
            counts[(int) MIX.draw(random)]++;
        }
        assertThat(counts[1] / 30_000.0).isBetween(0.28, 0.32);
        assertThat(counts[2] / 30_000.0).isBetween(0.38, 0.42);
        assertThat(counts[4] / 30_000.0).isBetween(0.28, 0.32);
    }

    @Test
    void aSwimTraceIsReplayedGapForGapFromASeededLine(@TempDir Path dir) throws IOException {
        double[] submits = {0, 10, 13, 40, 41, 70};
        StringBuilder trace = new StringBuilder();
        for (int i = 0; i < submits.length; i++) {
            trace.append("job").append(i).append('\t').append(submits[i]).append("\t0\t100\t0\t10\n");
        }
        Path file = Files.writeString(dir.resolve("trace.tsv"), trace);
        List<Double> traceGaps = List.of(10.0, 3.0, 27.0, 1.0, 29.0);

        List<Duration> gaps = Arrivals.parse("swim:" + file + ",speedup=2").gaps(7, new SplittableRandom(11));

        int start = traceGaps.indexOf(gaps.get(0).toMillis() * 2 / 1000.0);
        assertThat(start).isNotNegative();
        for (int i = 0; i < gaps.size(); i++) {
            assertThat(gaps.get(i).toMillis() * 2 / 1000.0).isEqualTo(traceGaps.get((start + i) % traceGaps.size()));
        }
    }

    @Test
    void aBadSpecSaysWhatASpecLooksLike(@TempDir Path dir) {
        assertThatThrownBy(() -> Arrivals.parse("uniform:3s")).isInstanceOf(InvalidRequest.class)
                .hasMessageContaining("poisson:<mean gap>").hasMessageContaining("swim:<trace file>");
        assertThatThrownBy(() -> Arrivals.parse("poisson:soon")).hasMessageContaining("cannot read 'soon'");
        assertThatThrownBy(() -> Arrivals.parse("swim:" + dir.resolve("none.tsv")))
                .hasMessageContaining("no SWIM trace at");
    }
}
