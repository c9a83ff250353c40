package io.wireanalyze.cli;

import io.wireanalyze.workloads.ChoiceOptions;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintWriter;

/**
 * wireanalyze: where the packets and the milliseconds of Java remoting go. Exit codes: 0 ok, 1 failure,
 * 2 usage. An error is one line; --verbose adds the stack trace.
 */
@Command(name = "wireanalyze", mixinStandardHelpOptions = true, versionProvider = WireAnalyze.Version.class,
        subcommands = {CaptureCommand.class, AnalyzeCommand.class, WatchCommand.class, CompareCommand.class, ReproduceCommand.class, io.wireanalyze.bench.BenchCommand.class, CommandLine.HelpCommand.class},
        description = WireAnalyze.DESCRIPTION)
public final class WireAnalyze extends RootCommand {

    public static final int OK = 0, FAILURE = 1, USAGE = 2;

    static final String DESCRIPTION = "Packet-capture wire analyzer for Java remoting protocols, eleven families: Java RMI over JRMP, tunnelled through HTTP and over TLS; CORBA (GIOP/IIOP) and RMI over IIOP; SOAP 1.1 and 1.2, with or without WS-Security; Hessian; Burlap; Spring HttpInvoker; XML-RPC. Accounts every TCP "
            + "packet to a phase (tcp-setup, handshake, naming, dgc, invocation, keepalive, tcp-teardown, unparsed) "
            + "with time, packets and bytes, per phase and per invocation.";

    /**
     * The commands by the names (and aliases) a command line starts with: {@link #commandLine(String[])} builds the
     * root with the one named. The {@code subcommands} above but help ({@code WireAnalyzeCliTest} holds the two alike).
     */
    static final java.util.Map<String, Class<?>> COMMANDS = java.util.Map.of("capture", CaptureCommand.class, "analyze",
            AnalyzeCommand.class, "analyse", AnalyzeCommand.class, "watch", WatchCommand.class, "compare", CompareCommand.class,
            "reproduce", ReproduceCommand.class, "bench", io.wireanalyze.bench.BenchCommand.class);


    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        int code;
        try {
            code = commandLine(args).setOut(StandardOutput.WRITER).execute(args);
        } catch (Error e) {
            if (!ranOutOfHeap(e)) throw e;
            code = outOfMemory(new PrintWriter(System.err, true), Runtime.getRuntime().maxMemory());
        }
        System.exit(code);
    }

    /**
     * Whether an error says the heap ran out: an {@link OutOfMemoryError} (or one as its cause), or a class that could
     * not be initialized because its initializer ran out. With workers the second is what may come first: one thread's
     * class initializer runs out, and another thread's next use of the class fails with a {@link NoClassDefFoundError},
     * whose cause records the first error as text only ({@code Exception java.lang.OutOfMemoryError: ... [in thread
     * ...]}).
     */
    static boolean ranOutOfHeap(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof OutOfMemoryError) return true;
            if (c instanceof ExceptionInInitializerError && c.getMessage() != null
                    && c.getMessage().startsWith("Exception " + OutOfMemoryError.class.getName())) return true;
        }
        return false;
    }

    /**
     * Says that the heap ran out, and how to give the JVM more (the launcher's default heap is bounded: 768 MiB, or a
     * quarter of the memory), instead of the JVM's stack trace; returns the failure exit code. What the analysis keeps
     * live grows with the connections under way at once, not with the capture's length.
     */
    static int outOfMemory(PrintWriter err, long maxHeapBytes) {
        long mib = maxHeapBytes >> 20;
        err.println("wireanalyze: out of memory: what this analysis keeps live (its connections under way at once) outgrew the"
                + " JVM's heap of " + mib + " MiB; run it with a larger one, e.g. WIREANALYZE_JAVA_OPTS=\"-XX:+UseParallelGC -Xmx"
                + Math.max(1024, 2 * mib) + "m\" ./wireanalyze ...");
        err.flush();
        return FAILURE;
    }

    /** The configured command line (also used by tests, with their own writers). */
    public static CommandLine commandLine() {
        return configured(new CommandLine(new WireAnalyze()));
    }

    /**
     * The command line for these arguments: when they start with a command's name, the root with that command alone
     * under it, which says and does what {@link #commandLine()} would for them ({@code WireAnalyzeCliTest} holds the two
     * to the same words and exit codes); otherwise the whole. Picocli reads every command's annotations when it builds
     * one, a tenth of a second on C1 (about 140 ms for all seven against 55 ms for {@code analyze}), which every run
     * would pay, the smallest analysis's included.
     */
    static CommandLine commandLine(String[] args) {
        Class<?> only = args.length > 0 ? COMMANDS.get(args[0]) : null;
        if (only == null) return commandLine();
        CommandLine cl = new CommandLine(new RootCommand());
        cl.addSubcommand(only);
        // Picocli applies a command's model transformer (capture's workload options) when it builds the command's
        // parent from annotations, after the parent's inherited options (--verbose), not when a class is added as a
        // subcommand: applied here in the same order, so the usage lists the options in the same order.
        CommandLine.Model.CommandSpec spec = cl.getSubcommands().get(args[0]).getCommandSpec();
        if (spec.modelTransformer() != null && spec.modelTransformer().transform(spec) != spec) return commandLine();
        return configured(cl);
    }

    private static CommandLine configured(CommandLine cl) {
        // bench compiled runs this command line in its own JVM, so it is a command of this package, not of bench's
        CommandLine bench = cl.getSubcommands().get("bench");
        if (bench != null) bench.addSubcommand(new CompiledCommand());
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        ChoiceOptions.register(cl);
        cl.setExecutionExceptionHandler((e, line, parse) -> {
            PrintWriter err = line.getErr();
            boolean verbose = parse.hasMatchedOption("--verbose") || parse.subcommands().stream().anyMatch(p -> p.hasMatchedOption("--verbose"));
            err.println("wireanalyze: " + oneLine(e));
            if (verbose) e.printStackTrace(err);
            err.flush();
            return FAILURE;
        });
        return cl;
    }

    static String oneLine(Throwable e) {
        String m = e.getMessage();
        if (m == null || m.isBlank()) m = e.getClass().getSimpleName();
        return m.replace('\n', ' ');
    }

    /** The version from the jar's manifest. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = WireAnalyze.class.getPackage().getImplementationVersion();
            return new String[]{"wireanalyze " + (v == null ? "(development build)" : v)};
        }
    }
}
