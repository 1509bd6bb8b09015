package io.punctual.submit.bench.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The arguments of a report sub-command: positional ones, switches, and options with a value ({@code --x v} or
 * {@code --x=v}). Anything else is refused with a message naming the command's help.
 */
record Arguments(List<String> positional, Set<String> switches, Map<String, String> values) {

    static Arguments parse(List<String> args, Set<String> switchNames, Set<String> valued, String command) {
        List<String> positional = new ArrayList<>();
        Set<String> switches = new HashSet<>();
        Map<String, String> values = new HashMap<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (!arg.startsWith("--")) {
                positional.add(arg);
                continue;
            }
            int eq = arg.indexOf('=');
            String name = eq > 0 ? arg.substring(0, eq) : arg;
            if (switchNames.contains(name) && eq < 0) {
                switches.add(name);
            } else if (valued.contains(name)) {
                if (eq < 0 && i + 1 >= args.size()) {
                    throw new IllegalArgumentException(name + " needs a value; run 'punctual bench " + command
                            + " --help'");
                }
                values.put(name, eq > 0 ? arg.substring(eq + 1) : args.get(++i));
            } else {
                throw new IllegalArgumentException("unknown option " + arg + " for 'punctual bench " + command
                        + "'; run 'punctual bench " + command + " --help'");
            }
        }
        return new Arguments(List.copyOf(positional), Set.copyOf(switches), Map.copyOf(values));
    }

    boolean has(String name) {
        return switches.contains(name);
    }

    Optional<String> value(String name) {
        return Optional.ofNullable(values.get(name));
    }
}
