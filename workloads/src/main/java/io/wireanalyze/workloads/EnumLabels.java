package io.wireanalyze.workloads;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * An enum written on a command line as labels ({@link #label}: a {@link Labelled} constant's {@code label()}, any
 * other's {@code toString}): reading one back, with the one error
 * line every such value gives. Free of picocli, so the server and client JVMs, whose class paths are a stack's alone,
 * read their options with it too; {@link EnumOption} binds it to picocli.
 */
public final class EnumLabels {

    private EnumLabels() {
    }

    /**
     * The constant whose label is {@code text}, ignoring case; else the error
     * {@code <what> '<text>' (expected: one of <labels>)}.
     */
    public static <E extends Enum<E>> Parsed<E> parse(Class<E> type, String what, String text) {
        for (E e : type.getEnumConstants()) if (label(e).equalsIgnoreCase(text)) return Parsed.ok(e);
        return Parsed.invalid(what + " '" + text + "' (expected: one of " + list(type) + ")");
    }

    /**
     * The label of a constant named as it is written: its name in lower case, {@code _} as {@code -} ({@code STREAM}
     * is {@code stream}). A {@link Labelled} enum's label.
     */
    public static String of(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** A constant's label: a {@link Labelled} one's {@code label()}, any other's {@code toString}. */
    public static String label(Enum<?> constant) {
        return constant instanceof Labelled l ? l.label() : constant.toString();
    }

    /** The labels, comma-separated in declaration order. */
    public static String list(Class<? extends Enum<?>> type) {
        return Arrays.stream(type.getEnumConstants()).map(EnumLabels::label).collect(Collectors.joining(", "));
    }
}
