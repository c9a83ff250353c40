package io.wireanalyze.workloads;

import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Options whose type is a {@link Choice} enum, bound to picocli by their type, so that no enum and no option names a
 * converter: {@link #register} gives a command line one converter per such type ({@link EnumLabels#parse}: invalid
 * input a usage error naming the labels, e.g. {@code Invalid value for option '--via': route 'x' (expected: one of
 * direct, proxy)}), and {@link #spec} makes an option group's spec list the labels as its completion candidates
 * ({@code ${COMPLETION-CANDIDATES}}), which picocli would otherwise take from {@code toString}, a {@link Labelled}
 * constant's name.
 */
public final class ChoiceOptions {

    private ChoiceOptions() {
    }

    /** The converter of {@code type}'s labels. */
    public static <E extends Enum<E>> CommandLine.ITypeConverter<E> converter(Class<E> type) {
        return new ParsedConverter<>() {
            @Override
            protected Parsed<E> parse(String text) {
                return EnumLabels.parse(type, text);
            }
        };
    }

    /** {@code type}'s labels in declaration order: the completion candidates. */
    public static List<String> labels(Class<? extends Enum<?>> type) {
        return Arrays.stream(type.getEnumConstants()).map(EnumLabels::label).toList();
    }

    /** Registers the converter of every {@link Choice} type an option or parameter of {@code cl}'s commands takes. */
    public static void register(CommandLine cl) {
        Set<Class<?>> types = new LinkedHashSet<>();
        collect(cl, types);
        for (Class<?> type : types) registerOne(cl, type.asSubclass(Enum.class));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void registerOne(CommandLine cl, Class<? extends Enum> type) {
        cl.registerConverter((Class) type, converter((Class) type));
    }

    private static void collect(CommandLine cl, Set<Class<?>> types) {
        for (ArgSpec arg : cl.getCommandSpec().args()) choiceType(arg).ifPresent(types::add);
        for (CommandLine sub : cl.getSubcommands().values()) collect(sub, types);
    }

    /** The {@link Choice} enum {@code arg} takes, alone or as the elements of a list. */
    private static Optional<Class<? extends Enum<?>>> choiceType(ArgSpec arg) {
        Class<?> type = arg.auxiliaryTypes()[0];
        if (!type.isEnum() || !type.isAnnotationPresent(Choice.class)) return Optional.empty();
        @SuppressWarnings("unchecked") Class<? extends Enum<?>> e = (Class<? extends Enum<?>>) type;
        return Optional.of(e);
    }

    /** {@code annotated}'s options as picocli reads them, each of a {@link Choice} type listing its labels as candidates. */
    public static CommandSpec spec(Object annotated) {
        CommandSpec read = CommandSpec.forAnnotatedObject(annotated);
        CommandSpec spec = CommandSpec.wrapWithoutInspection(annotated);
        for (OptionSpec o : read.options())
            spec.addOption(choiceType(o).map(t -> OptionSpec.builder(o).completionCandidates(labels(t)).build()).orElse(o));
        for (var p : read.positionalParameters()) spec.addPositional(p);
        return spec;
    }
}
