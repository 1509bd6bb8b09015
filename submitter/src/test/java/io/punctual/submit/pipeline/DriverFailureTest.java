package io.punctual.submit.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DriverFailureTest {

    @Test
    void thePythonTracebacksLastLineIsTheCause() {
        String compileError = """
                26/11/27 22:59:05 INFO ApplicationMaster: Waiting for spark context initialization...
                  File "/tmp/nm-local-dir/usercache/root/appcache/application_1_0001/container_1_0001_01_000001/syntax_error.py", line 4
                    def main(:
                             ^
                SyntaxError: invalid syntax
                """;
        String runtimeError = """
                Traceback (most recent call last):
                  File "job.py", line 9, in <module>
                    main()
                pyspark.errors.exceptions.captured.AnalysisException: [TABLE_OR_VIEW_NOT_FOUND] The table `sales` cannot be found.
                """;

        assertThat(DriverFailure.cause(compileError)).hasValue("SyntaxError: invalid syntax");
        assertThat(DriverFailure.cause(runtimeError)).hasValue("pyspark.errors.exceptions.captured.AnalysisException:"
                + " [TABLE_OR_VIEW_NOT_FOUND] The table `sales` cannot be found.");
        assertThat(DriverFailure.cause("distinct words: 9\n")).isEmpty();
    }
}
