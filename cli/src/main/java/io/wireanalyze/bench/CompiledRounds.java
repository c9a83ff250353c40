package io.wireanalyze.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The result line of {@code bench compiled} (the same analysis again and again in one JVM, issue #19): written by the
 * command, read back by the bench from the child's output.
 */
public final class CompiledRounds {

    /** The line's start; then "workers N X s" for each worker count, separated by ", ". */
    static final String RESULT = "compiled:";
    private static final Pattern ONE = Pattern.compile("workers (\\d+) ([0-9.]+) s");

    private CompiledRounds() {
    }

    /** The line for each worker count's mean seconds over rounds {@code from} to {@code rounds}. */
    public static String result(Map<Integer, Double> means, int from, int rounds) {
        List<String> said = new ArrayList<>();
        for (Map.Entry<Integer, Double> e : means.entrySet()) said.add(one(e.getKey(), e.getValue()));
        return RESULT + " " + String.join(", ", said) + " (mean of rounds " + from + " to " + rounds + ")";
    }

    /** One worker count's seconds as the round lines and the result line say them ({@link #ONE} reads them back). */
    public static String one(int workers, double seconds) {
        return String.format(Locale.ROOT, "workers %d %.3f s", workers, seconds);
    }

    /** Each worker count's mean seconds from the result line of {@code output}, in its order; empty when there is none. */
    static Map<Integer, Double> parse(List<String> output) {
        Map<Integer, Double> means = new LinkedHashMap<>();
        for (String line : output) {
            if (!line.startsWith(RESULT)) continue;
            Matcher m = ONE.matcher(line);
            while (m.find()) means.put(Integer.parseInt(m.group(1)), Double.parseDouble(m.group(2)));
        }
        return means;
    }
}
