package io.wireanalyze.cli;

import io.wireanalyze.workloads.Choice;
import io.wireanalyze.workloads.ChoiceOptions;
import io.wireanalyze.workloads.EnumLabels;
import io.wireanalyze.workloads.OptionGroup;
import io.wireanalyze.workloads.httprmi.Via;
import io.wireanalyze.workloads.jrmptls.TlsVersionChoice;
import io.wireanalyze.workloads.table.WorkloadKind;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Every option of a {@link Choice} enum type, found on the command line as {@code wireanalyze} builds it: its labels are
 * its completion candidates, each label (in any case) reads back as its constant, and anything else is a usage error
 * naming the labels. No option names a converter of its own.
 */
class ChoiceOptionsTest {

    private record Found(CommandLine root, CommandLine command, OptionSpec option, Class<? extends Enum<?>> type) {
    }

    private static List<Found> choiceOptions() {
        List<Found> found = new ArrayList<>();
        CommandLine root = WireAnalyze.commandLine();
        for (CommandLine sub : root.getSubcommands().values()) {
            for (OptionSpec o : sub.getCommandSpec().options()) {
                Class<?> t = o.auxiliaryTypes()[0];
                @SuppressWarnings("unchecked") Class<? extends Enum<?>> e = (Class<? extends Enum<?>>) t;
                if (t.isAnnotationPresent(Choice.class)) found.add(new Found(root, sub, o, e));
            }
        }
        return found;
    }

    @Test
    void everyChoiceOptionListsItsLabelsAndReadsEachBack() {
        List<Found> found = choiceOptions();
        assertEquals(expectedChoiceOptions(), found.stream().map(f -> f.command().getCommandName() + " " + f.option().longestName()).toList());
        assertTrue(found.size() >= 11, "at least the eleven of today: " + found.size());
        for (Found f : found) {
            assertEquals(0, f.option().converters().length, f.option().longestName() + ": a converter by type, none of its own");
            assertEquals(ChoiceOptions.labels(f.type()), iterable(f.option().completionCandidates()), f.option().longestName());
            for (Enum<?> constant : f.type().getEnumConstants()) {
                for (String written : List.of(EnumLabels.label(constant), EnumLabels.label(constant).toUpperCase(Locale.ROOT))) {
                    f.root().parseArgs(args(f, written));
                    Object value = f.option().getValue();
                    if (value instanceof Collection<?> c) value = c.iterator().next();
                    assertEquals(constant, value, f.option().longestName() + " " + written);
                }
            }
        }
    }

    @Test
    void aBadValueIsAUsageErrorNamingTheLabels() {
        for (Found f : choiceOptions()) {
            CommandLine.ParameterException e = assertThrows(CommandLine.ParameterException.class, () -> f.root().parseArgs(args(f, "bogus")));
            String what = f.type().getAnnotation(Choice.class).value();
            assertTrue(e.getMessage().endsWith(": " + what + " 'bogus' (expected: one of " + EnumLabels.list(f.type()) + ")"), e.getMessage());
        }
        assertEquals("Invalid value for option '--via': route 'bogus' (expected: one of direct, proxy)",
                assertThrows(CommandLine.ParameterException.class, () -> WireAnalyze.commandLine()
                        .parseArgs("capture", "--protocol", "http-rmi", "--via", "bogus")).getMessage());
    }

    @Test
    void tlsTakesItsJsseNameToo() {
        CommandLine root = WireAnalyze.commandLine();
        root.parseArgs("capture", "--protocol", "jrmp-tls", "--tls", "TLSv1.2");
        CommandLine capture = root.getSubcommands().get("capture");
        assertEquals(TlsVersionChoice.TLS_1_2, capture.getCommandSpec().findOption("--tls").getValue());
        assertEquals(Via.PROXY, EnumLabels.parse(Via.class, "Proxy").orElseThrow());
        assertEquals("unknown protocol 'corba' (expected: one of " + EnumLabels.list(WorkloadKind.class) + ")",
                WorkloadKind.parse("corba").error().orElseThrow());
    }

    /**
     * The options that must come out as {@link Choice} options: capture's {@code --protocol}, then every {@code @Option}
     * field of a {@link Choice} enum type in the workload table's option groups (in table order, as capture adds them),
     * then compare's {@code --protocols}. Read from the groups' own fields, so a workload's new option is checked
     * without being named here.
     */
    private static List<String> expectedChoiceOptions() {
        List<String> expected = new ArrayList<>(List.of("capture --protocol"));
        for (Class<? extends OptionGroup> group : WorkloadKind.allOptionGroups()) {
            for (Field field : group.getDeclaredFields()) {
                CommandLine.Option option = field.getAnnotation(CommandLine.Option.class);
                if (option == null || !field.getType().isAnnotationPresent(Choice.class)) continue;
                expected.add("capture " + Arrays.stream(option.names()).max(Comparator.comparingInt(String::length)).orElseThrow());
            }
        }
        expected.add("compare --protocols");
        return expected;
    }

    private static String[] args(Found f, String written) {
        List<String> args = new ArrayList<>(List.of(f.command().getCommandName()));
        if (f.command().getCommandName().equals("capture") && !f.option().longestName().equals("--protocol")) args.addAll(List.of("--protocol", "jrmp"));
        args.add(f.option().longestName());
        args.add(written);
        return args.toArray(String[]::new);
    }

    private static List<String> iterable(Iterable<String> it) {
        List<String> l = new ArrayList<>();
        it.forEach(l::add);
        return l;
    }
}
