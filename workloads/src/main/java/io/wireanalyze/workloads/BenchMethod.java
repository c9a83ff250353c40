package io.wireanalyze.workloads;

import java.util.Arrays;
import java.util.Optional;

/**
 * The benchmark's remote methods a {@link Payload} can drive. The Java names are those of every
 * protocol's service interface (for JRMP {@code io.wireanalyze.workloads.service.BenchService}); an
 * analyzer names methods from them, so they must stay stable.
 *
 * <p>{@code sendInts}/{@code sendChars} are the array-of-integers and string-of-characters invocations of
 * Koutsogiannakis et al., "Performance Studies of Remote Method Invocation in Java", section 5; the
 * getters return one fixed primitive each ({@link BenchValues}) to isolate per-call overhead.
 */
public enum BenchMethod {
    SEND_INTS("sendInts", Argument.COUNT),
    SEND_CHARS("sendChars", Argument.COUNT),
    /**
     * Seed 003's coarse-grained call: returns a list of {@code count} {@link BenchRecord}s of ten fields each (four
     * strings of about 40 characters, two dates, a long, an int, a double, a float).
     */
    GET_OBJECTS("getObjects", Argument.COUNT),
    PING("ping", Argument.NONE),
    GET_INT("getInt", Argument.NONE),
    GET_SHORT("getShort", Argument.NONE),
    GET_LONG("getLong", Argument.NONE),
    GET_FLOAT("getFloat", Argument.NONE),
    GET_DOUBLE("getDouble", Argument.NONE),
    GET_BOOLEAN("getBoolean", Argument.NONE),
    GET_BYTE("getByte", Argument.NONE),
    GET_STRING("getString", Argument.NONE);

    /** What the payload syntax says after the method: a count ({@code ints:N}) or nothing. */
    enum Argument { COUNT, NONE }

    private final String javaName;
    private final Argument argument;

    BenchMethod(String javaName, Argument argument) {
        this.javaName = javaName;
        this.argument = argument;
    }

    /** The method's name in the service interface, e.g. {@code sendInts}. */
    public String javaName() {
        return javaName;
    }

    /** Largest count of {@code objects:N}: 100,000 records are about 20 MB of Java objects. */
    public static final int MAX_OBJECTS = 100_000;

    /** The largest count this method's payload takes ({@link Payload#MAX_COUNT}, fewer for records); 0 without one. */
    public int maxCount() {
        if (argument == Argument.NONE) return 0;
        return this == GET_OBJECTS ? MAX_OBJECTS : Payload.MAX_COUNT;
    }

    /** True for {@code sendInts}, {@code sendChars} and {@code getObjects}, whose payload carries a size. */
    public boolean takesCount() {
        return argument == Argument.COUNT;
    }

    /** True for the eight {@code getX()} methods. */
    public boolean isGetter() {
        return javaName.startsWith("get");
    }

    /** The getter whose Java name is {@code name} (case-sensitive), if any. */
    public static Optional<BenchMethod> getter(String name) {
        return Arrays.stream(values()).filter(m -> m.isGetter() && m.javaName.equals(name)).findFirst();
    }
}
