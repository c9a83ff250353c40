package io.wireanalyze.workloads;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The command lines of the workload mains: {@code --option value} pairs and {@code --flag}s, each at
 * most once. (The mains are launched by the runner, not typed by people, so this stays minimal.)
 */
public final class OptionArgs {
    private final Map<String, String> values;
    private final Set<String> flags;

    private OptionArgs(Map<String, String> values, Set<String> flags) {
        this.values = values;
        this.flags = flags;
    }

    /** Parses {@code args} against the options that take a value and the flags that do not. */
    public static Parsed<OptionArgs> parse(String[] args, Set<String> valued, Set<String> flagNames) {
        Map<String, String> values = new HashMap<>();
        Set<String> flags = new HashSet<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (valued.contains(a)) {
                if (i + 1 >= args.length) return Parsed.invalid("option " + a + ": missing value (expected: " + a + " VALUE)");
                if (values.put(a, args[++i]) != null) return Parsed.invalid("option " + a + ": given twice (expected: once)");
            } else if (flagNames.contains(a)) {
                if (!flags.add(a)) return Parsed.invalid("option " + a + ": given twice (expected: once)");
            } else {
                Set<String> known = new TreeSet<>(valued);
                known.addAll(flagNames);
                return Parsed.invalid("argument '" + a + "': unknown (expected: one of " + String.join(", ", known) + ")");
            }
        }
        return Parsed.ok(new OptionArgs(values, flags));
    }

    public boolean has(String flag) {
        return flags.contains(flag);
    }

    public Optional<String> value(String option) {
        return Optional.ofNullable(values.get(option));
    }

    public Parsed<String> required(String option) {
        String v = values.get(option);
        return v == null ? Parsed.invalid("option " + option + ": missing (expected: " + option + " VALUE)") : Parsed.ok(v);
    }

    /** The option as an int in {@code min..max}, or {@code fallback} when absent. */
    public Parsed<Integer> intValue(String option, int min, int max, int fallback) {
        String v = values.get(option);
        if (v == null) return Parsed.ok(fallback);
        String expected = " (expected: an integer " + min + ".." + max + ")";
        long n;
        try {
            n = Long.parseLong(v);
        } catch (NumberFormatException e) {
            return Parsed.invalid("option " + option + ": '" + v + "'" + expected);
        }
        if (n < min || n > max) return Parsed.invalid("option " + option + ": " + n + expected);
        return Parsed.ok((int) n);
    }
}
