package io.wireanalyze.workloads;

/**
 * An option's enum whose labels are its constants' names ({@link EnumLabels#of}: {@code STREAM} is {@code stream}),
 * with nothing to write but the constants: {@link EnumLabels} and {@link ChoiceOptions} read and list its labels with
 * {@link #label()}, and whoever shows a constant writes {@code label()} (a default method cannot override
 * {@code toString}, which stays the constant's name).
 */
public interface Labelled {

    /** The label: the constant's name in lower case, {@code _} as {@code -}. */
    default String label() {
        return EnumLabels.of((Enum<?>) this);
    }

    /** Whether {@code text} names this constant: its label, ignoring case (a constant may take another form too). */
    default boolean writtenAs(String text) {
        return label().equalsIgnoreCase(text);
    }
}
