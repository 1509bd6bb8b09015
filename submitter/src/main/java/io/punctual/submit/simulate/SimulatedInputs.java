package io.punctual.submit.simulate;

import io.punctual.simulate.workload.JobView;
import io.punctual.submit.pipeline.InputSizes;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The simulated cluster's file system as sizing measures it: each trace job reads one path, {@link #pathOf}, holding
 * the bytes its trace row says it read — what the gateway would find measuring that job's input on HDFS.
 */
final class SimulatedInputs implements InputSizes {

    private final Map<String, Long> bytes = new ConcurrentHashMap<>();

    /** The job's input path, holding its bytes from now on (none when the trace does not say). */
    String add(JobView job) {
        String path = pathOf(job);
        if (job.inputBytes() > 0) {
            bytes.put(path, job.inputBytes());
        }
        return path;
    }

    /** Forgets an ended job's input, so a day's trace does not accumulate. */
    void remove(JobView job) {
        bytes.remove(pathOf(job));
    }

    static String pathOf(JobView job) {
        return "hdfs:///simulated/input/" + job.id();
    }

    @Override
    public Size size(String path) {
        Long bytes = this.bytes.get(path);
        return bytes == null ? Size.unread(path + ": the trace does not say how much this job reads")
                : Size.of(bytes);
    }
}
