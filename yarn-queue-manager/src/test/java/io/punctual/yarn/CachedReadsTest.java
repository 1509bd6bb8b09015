package io.punctual.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.yarn.memory.InMemoryClusterGateway;
import io.punctual.yarn.memory.ManualClock;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The gateway's read cache under a burst: one ResourceManager read per stale copy, and forecasts read through it. */
class CachedReadsTest {

    private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
    private final AtomicReference<ClusterGateway> readsGiven = new AtomicReference<>();
    private final CountDownLatch slowRead = new CountDownLatch(1);

    /** The in-memory cluster, counting each call that reaches it; a snapshot waits until the burst has arrived. */
    private ClusterGateway counted(ClusterGateway cluster) {
        return (ClusterGateway) Proxy.newProxyInstance(ClusterGateway.class.getClassLoader(),
                new Class<?>[] {ClusterGateway.class}, (proxy, method, args) -> {
                    calls.computeIfAbsent(method.getName(), k -> new AtomicInteger()).incrementAndGet();
                    if (method.getName().equals("snapshot")) {
                        slowRead.await();
                    }
                    if (method.getName().equals("forecast") && args.length == 2) {
                        readsGiven.set((ClusterGateway) args[1]);
                        return cluster.forecast(castSpecs(args[0]));
                    }
                    try {
                        return method.invoke(cluster, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    @SuppressWarnings("unchecked")
    private static List<ReservationSpec> castSpecs(Object specs) {
        return (List<ReservationSpec>) specs;
    }

    @Test
    void aBurstThatFindsTheCopyStaleReadsTheClusterOnce() throws Exception {
        var cached = new CachedReads(counted(InMemoryClusterGateway.embedded(
                new ManualClock(Instant.parse("2026-11-27T09:00:00Z")))), Duration.ofMinutes(1));
        List<Callable<ClusterSnapshot>> burst = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            burst.add(cached::snapshot);
        }
        var pool = Executors.newFixedThreadPool(burst.size());
        try {
            var answers = new ArrayList<java.util.concurrent.Future<ClusterSnapshot>>();
            burst.forEach(call -> answers.add(pool.submit(call)));
            Thread.sleep(200);
            slowRead.countDown();
            for (var answer : answers) {
                assertThat(answer.get().total()).isNotNull();
            }
        } finally {
            pool.shutdown();
        }

        assertThat(calls.get("snapshot")).hasValue(1);
    }

    @Test
    void aForecastReadsTheClusterAndItsPlanThroughTheCache() {
        slowRead.countDown();
        var cached = new CachedReads(counted(InMemoryClusterGateway.embedded(
                new ManualClock(Instant.parse("2026-11-27T09:00:00Z")))), Duration.ofMinutes(1));

        Instant now = Instant.parse("2026-11-27T09:00:00Z");
        cached.forecast(List.of(ReservationSpec.single("sla", "one", now, now.plusSeconds(600),
                StageRequest.gang(io.punctual.sizing.Resources.of(1, 1024), 2, Duration.ofSeconds(60)))));

        assertThat(readsGiven.get()).isSameAs(cached);
    }
}
