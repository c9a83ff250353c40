package io.wireanalyze.cli;

import io.wireanalyze.workloads.ChoiceOptions;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;

/**
 * wireanalyze: where the packets and the milliseconds of Java remoting go. Exit codes: 0 ok, 1 failure,
 * 2 usage. An error is one line; --verbose adds the stack trace.
 */
@Command(name = "wireanalyze", mixinStandardHelpOptions = true, versionProvider = WireAnalyze.Version.class,
        subcommands = {CaptureCommand.class, AnalyzeCommand.class, WatchCommand.class, CompareCommand.class, ReproduceCommand.class, io.wireanalyze.bench.BenchCommand.class, CommandLine.HelpCommand.class},
        description = "Packet-capture wire analyzer for Java remoting protocols, eleven families: Java RMI over JRMP, tunnelled through HTTP and over TLS; CORBA (GIOP/IIOP) and RMI over IIOP; SOAP 1.1 and 1.2, with or without WS-Security; Hessian; Burlap; Spring HttpInvoker; XML-RPC. Accounts every TCP "
                + "packet to a phase (tcp-setup, handshake, naming, dgc, invocation, keepalive, tcp-teardown, unparsed) "
                + "with time, packets and bytes, per phase and per invocation.")
public final class WireAnalyze implements Runnable {

    public static final int OK = 0, FAILURE = 1, USAGE = 2;

    @Option(names = {"-v", "--verbose"}, scope = CommandLine.ScopeType.INHERIT, description = "Print stack traces with errors.")
    boolean verbose;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required: capture, analyze, watch, compare or reproduce");
    }

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        int code;
        try {
            code = commandLine().setOut(StandardOutput.WRITER).execute(args);
        } catch (OutOfMemoryError e) {
            code = outOfMemory(new PrintWriter(System.err, true), Runtime.getRuntime().maxMemory());
        }
        System.exit(code);
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
        CommandLine cl = new CommandLine(new WireAnalyze());
        // bench compiled runs this command line in its own JVM, so it is a command of this package, not of bench's
        cl.getSubcommands().get("bench").addSubcommand(new CompiledCommand());
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
