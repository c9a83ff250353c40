package io.wireanalyze.workloads;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An enum written as one of its labels ({@link EnumLabels#label}): on the command line, where {@link ChoiceOptions}
 * gives every option of such a type the one converter and completion candidates by its type, and in a child JVM's
 * arguments, read with {@link EnumLabels#parse(Class, String)}. Nothing else to write: no parser, no picocli class.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Choice {

    /** What a value is called in the error for a bad one, e.g. {@code GIOP version} in {@code GIOP version '1.7' (expected: ...)}. */
    String value();
}
