package io.punctual.submit.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The options of one of Punctual's own sub-commands (not spark-submit's): switches, options with a value, and
 * positional arguments. Unknown options are refused with the command's help hint.
 */
public record Flags(List<String> positional, Map<String, String> values, Set<String> switches) {

    public static Flags parse(List<String> argv, Set<String> valued, Set<String> switchNames, String command) {
        List<String> positional = new ArrayList<>();
        Map<String, String> values = new HashMap<>();
        Set<String> switches = new HashSet<>();
        for (int i = 0; i < argv.size(); i++) {
            String arg = argv.get(i);
            if (!arg.startsWith("--") || arg.equals("-")) {
                positional.add(arg);
                continue;
            }
            String name = arg;
            String inline = null;
            int eq = arg.indexOf('=');
            if (eq > 0) {
                name = arg.substring(0, eq);
                inline = arg.substring(eq + 1);
            }
            if (switchNames.contains(name) && inline == null) {
                switches.add(name);
            } else if (valued.contains(name)) {
                if (inline == null && i + 1 >= argv.size()) {
                    throw new UsageException(name + " needs a value; run 'punctual " + command + " --help'");
                }
                values.put(name, inline != null ? inline : argv.get(++i));
            } else {
                throw new UsageException("unknown option " + arg + " for 'punctual " + command + "'; run 'punctual "
                        + command + " --help'");
            }
        }
        return new Flags(List.copyOf(positional), Map.copyOf(values), Set.copyOf(switches));
    }

    public boolean has(String name) {
        return switches.contains(name);
    }

    public Optional<String> value(String name) {
        return Optional.ofNullable(values.get(name));
    }

    public double number(String name, double fallback) {
        String text = values.get(name);
        if (text == null) {
            return fallback;
        }
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new UsageException(name + " must be a number, got '" + text + "'");
        }
    }

    public int whole(String name, int fallback) {
        String text = values.get(name);
        if (text == null) {
            return fallback;
        }
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new UsageException(name + " must be a whole number, got '" + text + "'");
        }
    }

    /** The single positional argument the command needs. */
    public String onlyPositional(String what, String command) {
        if (positional.size() != 1) {
            throw new UsageException("'punctual " + command + "' takes one " + what + (positional.isEmpty() ? ""
                    : ", got " + positional.size() + " (" + String.join(" ", positional) + ")") + "; run 'punctual "
                    + command + " --help'");
        }
        return positional.get(0);
    }
}
