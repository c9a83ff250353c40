package io.wireanalyze.cli;

import io.wireanalyze.workloads.Choice;
import io.wireanalyze.workloads.ChoiceOptions;
import io.wireanalyze.workloads.EnumLabels;
import io.wireanalyze.workloads.httprmi.Via;
import io.wireanalyze.workloads.jrmptls.TlsVersionChoice;
import io.wireanalyze.workloads.table.WorkloadKind;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

import java.util.ArrayList;
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
        assertEquals(List.of("capture --protocol", "capture --naming-giop", "capture --idl-string", "capture --via", "capture --tls",
                        "capture --soap-version", "capture --soap-client", "capture --hessian-version", "capture --hessian-reply", "capture --xmlrpc-transport",
                        "compare --protocols"),
                found.stream().map(f -> f.command().getCommandName() + " " + f.option().longestName()).toList());
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
