package io.punctual.submit.config;

import java.util.List;
import java.util.stream.Collectors;

/** A configuration directory that cannot be used and no earlier one to fall back on (e.g. at start-up). */
public class InvalidConfigException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final transient List<ConfigProblem> problems;

    public InvalidConfigException(List<ConfigProblem> problems) {
        super(problems.size() + (problems.size() == 1 ? " problem" : " problems")
                + " in the configuration; fix them and start again:\n"
                + problems.stream().map(p -> "  " + p).collect(Collectors.joining("\n")));
        this.problems = List.copyOf(problems);
    }

    public List<ConfigProblem> problems() {
        return problems;
    }
}
