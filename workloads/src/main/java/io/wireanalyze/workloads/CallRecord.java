package io.wireanalyze.workloads;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One call a client made, as one line of its result file: eight tab-separated fields
 * <pre>client seq kind method startNanos elapsedNanos startEpochMicros result</pre>
 * e.g. {@code 0 3 measured sendInts 81234567 412345 1732290000123456 100} (tabs between). In the text fields
 * a backslash, tab, newline or carriage return is written {@code \\ \t \n \r}; an absent result is {@code \N}
 * (PostgreSQL's {@code COPY} text format).
 *
 * @param client           which client JVM (0-based) made the call
 * @param seq              -1 for the lookup, then 0, 1, 2 ... in call order across warm-up, marker and
 *                         measured calls
 * @param method           the remote method's Java name, or {@code lookup}
 * @param startNanos       {@code System.nanoTime()} in the client JVM just before the call
 * @param elapsedNanos     {@code System.nanoTime()} after the call returned, minus {@code startNanos}
 * @param startEpochMicros the call's start as wall-clock microseconds since the epoch (to line calls up
 *                         with capture timestamps; derived from one {@code Instant.now()} anchor per client)
 * @param result           the returned value as text ({@code String.valueOf}; for the lookup the stub's
 *                         {@code toString()}, which names endpoint and ObjID); empty for void methods
 */
public record CallRecord(int client, int seq, CallKind kind, String method, long startNanos, long elapsedNanos,
                         long startEpochMicros, Optional<String> result) {
    static final int FIELDS = 8;
    static final String ABSENT = "\\N";

    public CallRecord {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(result, "result");
    }

    /** True for the warm-up calls before the marker. */
    public boolean warmup() {
        return kind == CallKind.WARMUP;
    }

    /** The record as one line, no trailing newline. */
    public String toLine() {
        return String.join("\t", Integer.toString(client), Integer.toString(seq), kind.label(), escape(method),
                Long.toString(startNanos), Long.toString(elapsedNanos), Long.toString(startEpochMicros),
                result.map(CallRecord::escape).orElse(ABSENT));
    }

    /** Parses a line written by {@link #toLine()}; errors name the field, what it holds and what was expected. */
    public static Parsed<CallRecord> fromLine(String line) {
        String[] f = line.split("\t", -1);
        if (f.length != FIELDS) return Parsed.invalid(f.length + " fields (expected: " + FIELDS + ", tab-separated)");
        Parsed<Long> client = number(f, 0, "client", 0, Integer.MAX_VALUE);
        Parsed<Long> seq = number(f, 1, "seq", -1, Integer.MAX_VALUE);
        Optional<CallKind> kind = CallKind.fromLabel(f[2]);
        Parsed<String> method = unescape(f[3], "method");
        Parsed<Long> start = number(f, 4, "startNanos", Long.MIN_VALUE, Long.MAX_VALUE);
        Parsed<Long> elapsed = number(f, 5, "elapsedNanos", Long.MIN_VALUE, Long.MAX_VALUE);
        Parsed<Long> epoch = number(f, 6, "startEpochMicros", Long.MIN_VALUE, Long.MAX_VALUE);
        Parsed<Optional<String>> result = f[7].equals(ABSENT) ? Parsed.ok(Optional.empty()) : unescape(f[7], "result").map(Optional::of);
        if (kind.isEmpty()) return Parsed.invalid("field 3 (kind): '" + f[2] + "' (expected: lookup, warmup, mark or measured)");
        for (Parsed<?> p : List.of(client, seq, method, start, elapsed, epoch, result))
            if (p.error().isPresent()) return Parsed.invalid(p.error().get());
        return Parsed.ok(new CallRecord(client.orElseThrow().intValue(), seq.orElseThrow().intValue(), kind.get(),
                method.orElseThrow(), start.orElseThrow(), elapsed.orElseThrow(), epoch.orElseThrow(), result.orElseThrow()));
    }

    private static Parsed<Long> number(String[] f, int i, String name, long min, long max) {
        String where = "field " + (i + 1) + " (" + name + "): ";
        try {
            long n = Long.parseLong(f[i]);
            if (n < min || n > max) return Parsed.invalid(where + n + " (expected: " + min + ".." + max + ")");
            return Parsed.ok(n);
        } catch (NumberFormatException e) {
            return Parsed.invalid(where + "'" + f[i] + "' (expected: an integer)");
        }
    }

    static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> b.append("\\\\");
                case '\t' -> b.append("\\t");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    static Parsed<String> unescape(String s, String name) {
        List<String> problems = new ArrayList<>();
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\') {
                b.append(c);
                continue;
            }
            int column = i + 1;
            char e = i + 1 < s.length() ? s.charAt(++i) : '\0';
            switch (e) {
                case '\\' -> b.append('\\');
                case 't' -> b.append('\t');
                case 'n' -> b.append('\n');
                case 'r' -> b.append('\r');
                default -> problems.add("field " + name + ": escape '\\" + (e == '\0' ? "" : e) + "' at column " + column
                        + " (expected: \\\\, \\t, \\n or \\r)");
            }
        }
        return problems.isEmpty() ? Parsed.ok(b.toString()) : Parsed.invalid(problems.get(0));
    }
}
