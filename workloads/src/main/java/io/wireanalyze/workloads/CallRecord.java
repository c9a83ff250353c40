package io.wireanalyze.workloads;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One call a client made, as one line of its JSON-lines result file:
 * <pre>{"client":0,"seq":3,"kind":"measured","method":"sendInts","warmup":false,
 *  "startNanos":81234567,"elapsedNanos":412345,"startEpochMicros":1732290000123456,"result":"100"}</pre>
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

    public CallRecord {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(result, "result");
    }

    /** True for the warm-up calls before the marker. */
    public boolean warmup() {
        return kind == CallKind.WARMUP;
    }

    /** One JSON object on one line, no trailing newline. */
    public String toJson() {
        return "{\"client\":" + client
                + ",\"seq\":" + seq
                + ",\"kind\":" + FlatJson.quote(kind.jsonName())
                + ",\"method\":" + FlatJson.quote(method)
                + ",\"warmup\":" + warmup()
                + ",\"startNanos\":" + startNanos
                + ",\"elapsedNanos\":" + elapsedNanos
                + ",\"startEpochMicros\":" + startEpochMicros
                + ",\"result\":" + result.map(FlatJson::quote).orElse("null")
                + "}";
    }

    /** Parses a line written by {@link #toJson()}; field order does not matter, unknown fields are ignored. */
    public static Parsed<CallRecord> fromJson(String line) {
        return FlatJson.parse(line).flatMap(CallRecord::fromFields);
    }

    private static Parsed<CallRecord> fromFields(Map<String, FlatJson.Scalar> f) {
        Parsed<Long> client = FlatJson.integer(f, "client");
        Parsed<Long> seq = FlatJson.integer(f, "seq");
        Parsed<String> kindName = FlatJson.text(f, "kind");
        Parsed<String> method = FlatJson.text(f, "method");
        Parsed<Long> start = FlatJson.integer(f, "startNanos");
        Parsed<Long> elapsed = FlatJson.integer(f, "elapsedNanos");
        Parsed<Long> epoch = FlatJson.integer(f, "startEpochMicros");
        Parsed<Optional<String>> result = FlatJson.optionalText(f, "result");
        for (Parsed<?> p : new Parsed<?>[] {client, seq, kindName, method, start, elapsed, epoch, result})
            if (p.error().isPresent()) return Parsed.invalid(p.error().get());
        String name = kindName.orElseThrow();
        Optional<CallKind> kind = CallKind.fromJsonName(name);
        if (kind.isEmpty())
            return Parsed.invalid("field 'kind': '" + name + "' (expected: lookup, warmup, mark or measured)");
        long c = client.orElseThrow();
        long s = seq.orElseThrow();
        if (c < 0 || c > Integer.MAX_VALUE) return Parsed.invalid("field 'client': " + c + " (expected: >= 0)");
        if (s < -1 || s > Integer.MAX_VALUE) return Parsed.invalid("field 'seq': " + s + " (expected: >= -1)");
        return Parsed.ok(new CallRecord((int) c, (int) s, kind.get(), method.orElseThrow(), start.orElseThrow(),
                elapsed.orElseThrow(), epoch.orElseThrow(), result.orElseThrow()));
    }
}
