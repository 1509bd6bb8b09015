package io.punctual.sizing.bopf;

import io.punctual.sizing.Resources;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** What each admitted queue is allocated at one step starting at {@code time}, in the order they were served. */
public record StepAllocation(long time, Map<String, Resources> allocations) {

    public StepAllocation {
        allocations = Collections.unmodifiableMap(new LinkedHashMap<>(allocations));
    }

    /** The allocation of one queue; zero for a queue that got nothing or is unknown. */
    public Resources of(String queue) {
        return allocations.getOrDefault(queue, Resources.ZERO);
    }

    /** Σ of all allocations at this step. */
    public Resources total() {
        Resources sum = Resources.ZERO;
        for (Resources allocation : allocations.values()) {
            sum = sum.plus(allocation);
        }
        return sum;
    }
}
