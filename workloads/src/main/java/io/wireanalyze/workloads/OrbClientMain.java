package io.wireanalyze.workloads;

import org.omg.CORBA.ORB;
import org.omg.CosNaming.NamingContextExt;
import org.omg.CosNaming.NamingContextExtHelper;

import java.io.PrintStream;
import java.util.Optional;
import java.util.Properties;

/**
 * What both CORBA client JVMs (iiop on JacORB, rmi-iiop on the GlassFish ORB) do around their own stub and calls:
 * read {@link ClientOptions} ({@code --server} is the naming service) and the naming corbaloc's GIOP version
 * ({@value #NAMING_GIOP_PROPERTY}, default 1.2), make the ORB, resolve {@code NameService} through the corbaloc,
 * narrow it, {@code resolve_str(name)} and narrow the result: that is the recorded lookup (method
 * {@value #LOOKUP_METHOD}, result the reference as {@link IiopReference#describe}). Then the stack's calls, the ORB shut
 * down, the call records written and a one-line summary printed, exit 0; on failure one line on stderr
 * ({@code <kind> client <n>: <step>: ...}) and exit 1. CORBA has no distributed garbage collection: the reference is
 * released at exit whatever the plan's release says.
 */
public final class OrbClientMain {
    public static final String NAMING_GIOP_PROPERTY = "wireanalyze.naming.giop";
    public static final String LOOKUP_METHOD = "resolve_str";

    /** A stack's part of the client: its ORB's settings, how it narrows the reference found, and its calls on it. */
    public interface Stack<S> {
        Properties orbProperties(String nameServiceCorbaloc);

        /** The stub of what {@code resolve_str} found: part of the timed lookup. */
        S narrow(org.omg.CORBA.Object found) throws Exception;

        /** The reference the lookup's record describes: the one found, or its stub. */
        org.omg.CORBA.Object described(org.omg.CORBA.Object found, S stub);

        /** The plan's calls on the stub ({@link PlanRun#calls}). */
        void calls(PlanRun run, Plan plan, CallLog log, S stub) throws Exception;
    }

    private OrbClientMain() {
    }

    /**
     * @param kind  who speaks, e.g. {@code iiop} ({@code iiop client 0: ...})
     * @param stack the stack's part, or why its own settings are invalid
     */
    public static <S> int run(String kind, String[] args, Parsed<? extends Stack<S>> stack, PrintStream out, PrintStream err) {
        Parsed<ClientOptions> parsed = ClientOptions.parse(args);
        Parsed<GiopVersion> giop = EnumLabels.parse(GiopVersion.class, System.getProperty(NAMING_GIOP_PROPERTY, GiopNamingOption.DEFAULT.text()));
        for (Parsed<?> p : new Parsed<?>[] {parsed, giop, stack}) {
            if (p.error().isPresent()) {
                err.println(kind + " client: " + p.error().get());
                return 1;
            }
        }
        ClientOptions options = parsed.orElseThrow();
        String corbaloc = giop.orElseThrow().corbaloc(options.server(), "NameService");
        CallLog log = new CallLog(options.client());
        ORB orb = ORB.init(new String[0], stack.orElseThrow().orbProperties(corbaloc));
        Optional<String> failure;
        try {
            failure = callAll(orb, corbaloc, options, stack.orElseThrow(), log);
        } finally {
            orb.shutdown(true);
        }
        return ClientMain.finish(kind + " client " + options.client(), options, log, failure, "", out, err);
    }

    private static <S> Optional<String> callAll(ORB orb, String corbaloc, ClientOptions options, Stack<S> stack, CallLog log) {
        return ClientMain.steps("resolve '" + options.name() + "' at " + corbaloc, run -> {
            long start = System.nanoTime();
            NamingContextExt naming = NamingContextExtHelper.narrow(orb.resolve_initial_references("NameService"));
            org.omg.CORBA.Object found = naming.resolve_str(options.name());
            S stub = stack.narrow(found);
            long end = System.nanoTime();
            log.add(CallKind.LOOKUP, LOOKUP_METHOD, start, end, Optional.of(IiopReference.describe(orb, stack.described(found, stub))));
            stack.calls(run, options.plan(), log, stub);
        });
    }
}
