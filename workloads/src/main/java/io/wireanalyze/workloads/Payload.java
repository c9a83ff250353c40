package io.wireanalyze.workloads;

import java.util.Objects;

/**
 * What each benchmark call sends: the method and, for {@code sendInts}/{@code sendChars}, the element
 * count. Syntax: {@code ints:N}, {@code chars:N}, {@code objects:N} (= {@code getObjects(N)}), {@code none}
 * (= {@code ping()}), or a getter name such as {@code getInt}.
 */
public record Payload(BenchMethod method, int count) {

    /** Upper bound of N in {@code ints:N} / {@code chars:N}: 40 MB of ints is plenty for a wire benchmark. */
    public static final int MAX_COUNT = 10_000_000;

    static final String SYNTAX = "ints:N, chars:N, objects:N, none, or a getter name";

    public Payload {
        Objects.requireNonNull(method, "method");
        if (method.takesCount() && (count < 0 || count > method.maxCount()))
            throw new IllegalArgumentException("payload count: " + count + " (expected: 0.." + method.maxCount() + ")");
        if (!method.takesCount() && count != 0)
            throw new IllegalArgumentException(
                    "payload count for " + method.javaName() + ": " + count + " (expected: 0, it takes no count)");
    }

    public static Payload ints(int count) {
        return new Payload(BenchMethod.SEND_INTS, count);
    }

    public static Payload chars(int count) {
        return new Payload(BenchMethod.SEND_CHARS, count);
    }

    public static Payload none() {
        return new Payload(BenchMethod.PING, 0);
    }

    /** A getter payload; {@code method} must be one of the {@code getX} methods. */
    public static Payload getter(BenchMethod method) {
        if (!method.isGetter())
            throw new IllegalArgumentException("getter payload: " + method.javaName() + " (expected: a getX method)");
        return new Payload(method, 0);
    }

    /** Parses the payload syntax; errors name the input, what is wrong and what is expected. */
    public static Parsed<Payload> parse(String spec) {
        String quoted = "payload '" + spec + "'";
        int colon = spec.indexOf(':');
        String kind = colon < 0 ? spec : spec.substring(0, colon);
        BenchMethod counted = switch (kind) {
            case "ints" -> BenchMethod.SEND_INTS;
            case "chars" -> BenchMethod.SEND_CHARS;
            case "objects" -> BenchMethod.GET_OBJECTS;
            default -> null;
        };
        if (counted != null) {
            if (colon < 0) return Parsed.invalid(quoted + ": missing count (expected: " + kind + ":N)");
            return parseCount(quoted, spec.substring(colon + 1), counted.maxCount()).map(n -> new Payload(counted, n));
        }
        boolean known = kind.equals("none") || BenchMethod.getter(kind).isPresent();
        if (!known)
            return Parsed.invalid(quoted + ": unknown kind '" + kind + "' (expected: " + SYNTAX + ")");
        if (colon >= 0)
            return Parsed.invalid(quoted + ": '" + kind + "' takes no count (expected: " + kind + ")");
        return Parsed.ok(kind.equals("none") ? none() : getter(BenchMethod.getter(kind).orElseThrow()));
    }

    private static Parsed<Integer> parseCount(String quoted, String text, int max) {
        String expected = " (expected: an integer 0.." + max + ")";
        if (text.isEmpty() || text.length() > 9 || !text.chars().allMatch(c -> c >= '0' && c <= '9'))
            return Parsed.invalid(quoted + ": count '" + text + "'" + expected);
        int n = Integer.parseInt(text);
        if (n > max) return Parsed.invalid(quoted + ": count " + n + expected);
        return Parsed.ok(n);
    }

    /** The payload in its syntax, e.g. {@code ints:100}; {@code parse(spec())} gives this payload back. */
    public String spec() {
        return switch (method) {
            case SEND_INTS -> "ints:" + count;
            case SEND_CHARS -> "chars:" + count;
            case GET_OBJECTS -> "objects:" + count;
            case PING -> "none";
            default -> method.javaName();
        };
    }

    @Override
    public String toString() {
        return spec();
    }
}
