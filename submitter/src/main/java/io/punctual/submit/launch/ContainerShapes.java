package io.punctual.submit.launch;

import io.punctual.submit.request.SparkMemory;
import io.punctual.sizing.Resources;
import java.util.Map;
import java.util.Optional;

/**
 * The YARN containers a Spark application asks for, computed as Spark 3.5 computes them (heap plus overhead of
 * max(384 MiB, factor x heap), plus PySpark and off-heap memory) and rounded up the way the scheduler normalises
 * requests, so that a reservation holds exactly what the application will take.
 *
 * @param executor    one executor container
 * @param master      the ApplicationMaster container (it hosts the driver in cluster mode)
 * @param executors   how many executors the application is pinned to
 */
public record ContainerShapes(Resources executor, Resources master, int executors) {

    private static final long MIN_OVERHEAD_MB = 384;
    private static final double DEFAULT_OVERHEAD_FACTOR = 0.10;

    /** Everything the application holds at once: its executors and its ApplicationMaster. */
    public Resources total() {
        return executor.times(executors).plus(master);
    }

    /**
     * @param conf           the application's effective Spark configuration
     * @param clusterMode    whether the driver runs inside the ApplicationMaster
     * @param minimumAllocation the scheduler's minimum allocation; requests round up to multiples of it
     */
    public static ContainerShapes of(Map<String, String> conf, boolean clusterMode, int executors,
                                     Resources minimumAllocation) {
        long executorHeap = memory(conf, "spark.executor.memory", "1g");
        long executorMb = executorHeap + overhead(conf, "spark.executor", executorHeap)
                + optionalMemory(conf, "spark.executor.pyspark.memory") + offHeap(conf);
        int executorCores = Integer.parseInt(conf.getOrDefault("spark.executor.cores", "1"));
        Resources executor = normalise(new Resources(executorMb, executorCores), minimumAllocation);

        Resources master;
        if (clusterMode) {
            long driverHeap = memory(conf, "spark.driver.memory", "1g");
            long driverMb = driverHeap + overhead(conf, "spark.driver", driverHeap);
            master = new Resources(driverMb, Integer.parseInt(conf.getOrDefault("spark.driver.cores", "1")));
        } else {
            long amHeap = memory(conf, "spark.yarn.am.memory", "512m");
            long amMb = amHeap + explicitOrFactor(conf, "spark.yarn.am.memoryOverhead", "spark.driver.memoryOverheadFactor", amHeap);
            master = new Resources(amMb, Integer.parseInt(conf.getOrDefault("spark.yarn.am.cores", "1")));
        }
        return new ContainerShapes(executor, normalise(master, minimumAllocation), executors);
    }

    private static long memory(Map<String, String> conf, String key, String fallback) {
        return SparkMemory.mebibytes(conf.getOrDefault(key, fallback), key);
    }

    private static long overhead(Map<String, String> conf, String role, long heapMb) {
        return explicitOrFactor(conf, role + ".memoryOverhead", role + ".memoryOverheadFactor", heapMb);
    }

    private static long explicitOrFactor(Map<String, String> conf, String explicitKey, String factorKey, long heapMb) {
        Optional<String> explicit = Optional.ofNullable(conf.get(explicitKey));
        if (explicit.isPresent()) {
            return SparkMemory.mebibytes(explicit.get(), explicitKey);
        }
        double factor = Double.parseDouble(conf.getOrDefault(factorKey, Double.toString(DEFAULT_OVERHEAD_FACTOR)));
        return Math.max(MIN_OVERHEAD_MB, (long) (factor * heapMb));
    }

    private static long optionalMemory(Map<String, String> conf, String key) {
        String value = conf.get(key);
        return value == null ? 0 : SparkMemory.mebibytes(value, key);
    }

    private static long offHeap(Map<String, String> conf) {
        boolean enabled = Boolean.parseBoolean(conf.getOrDefault("spark.memory.offHeap.enabled", "false"));
        return enabled ? optionalMemory(conf, "spark.memory.offHeap.size") : 0;
    }

    /** YARN rounds memory up to a multiple of the minimum allocation, and never gives less than the minimum. */
    static Resources normalise(Resources request, Resources minimum) {
        long step = Math.max(1, minimum.memoryMb());
        long memory = Math.max(step, ((request.memoryMb() + step - 1) / step) * step);
        long cores = Math.max(Math.max(1, minimum.vcores()), request.vcores());
        return new Resources(memory, cores);
    }
}
