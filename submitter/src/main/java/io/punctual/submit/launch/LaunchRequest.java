package io.punctual.submit.launch;

import io.punctual.submit.request.SparkOption;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything needed to start one Spark application: the spark-submit command it amounts to, where to run it,
 * and where its output goes. Building one is separate from running it, so tests can check the command without
 * starting a process.
 *
 * @param options    spark-submit options other than {@code --conf}, in order
 * @param conf       {@code --conf} entries, in order
 * @param env        extra environment for the spark-submit process (HADOOP_CONF_DIR and friends)
 * @param workingDir the directory relative paths on the command line are resolved against
 * @param output     file that receives spark-submit's own output
 */
public record LaunchRequest(
        String appResource,
        Optional<String> mainClass,
        List<SparkOption> options,
        Map<String, String> conf,
        List<String> appArgs,
        Map<String, String> env,
        Path workingDir,
        Path output) {

    public LaunchRequest {
        options = List.copyOf(options);
        conf = Collections.unmodifiableMap(new LinkedHashMap<>(conf));
        appArgs = List.copyOf(appArgs);
        env = Map.copyOf(env);
    }

    /** The spark-submit argument vector this request amounts to (without the executable). */
    public List<String> argv() {
        var argv = new java.util.ArrayList<String>();
        mainClass.ifPresent(c -> {
            argv.add("--class");
            argv.add(c);
        });
        for (SparkOption option : options) {
            argv.add(option.name());
            option.value().ifPresent(argv::add);
        }
        conf.forEach((k, v) -> {
            argv.add("--conf");
            argv.add(k + "=" + v);
        });
        argv.add(appResource);
        argv.addAll(appArgs);
        return argv;
    }
}
