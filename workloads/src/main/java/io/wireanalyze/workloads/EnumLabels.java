package io.wireanalyze.workloads;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * An enum written on a command line as labels ({@link #label}: a {@link Labelled} constant's {@code label()}, any
 * other's {@code toString}): reading one back, with the one error line every such value gives. Free of picocli, so the
 * server and client JVMs, whose class paths are a stack's alone, read their options with it too; {@link ChoiceOptions}
 * binds it to picocli.
 */
public final class EnumLabels {

    private EnumLabels() {
    }

    /**
     * The constant of a {@link Choice} enum written {@code text} (its label, ignoring case, or another form its
     * {@link Labelled#writtenAs} takes); else the error {@code <what> '<text>' (expected: one of <labels>)}, {@code what}
     * being the type's {@link Choice#value()}.
     */
    public static <E extends Enum<E>> Parsed<E> parse(Class<E> type, String text) {
        Choice choice = type.getAnnotation(Choice.class);
        if (choice == null) throw new IllegalArgumentException(type.getName() + ": no @Choice (expected: an enum annotated @Choice)");
        for (E e : type.getEnumConstants()) if (writtenAs(e, text)) return Parsed.ok(e);
        return Parsed.invalid(choice.value() + " '" + text + "' (expected: one of " + list(type) + ")");
    }

    private static boolean writtenAs(Enum<?> constant, String text) {
        return constant instanceof Labelled l ? l.writtenAs(text) : label(constant).equalsIgnoreCase(text);
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
