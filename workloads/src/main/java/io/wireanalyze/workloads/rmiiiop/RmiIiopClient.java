package io.wireanalyze.workloads.rmiiiop;

import io.wireanalyze.workloads.ClientMain;
import io.wireanalyze.workloads.CallKind;
import io.wireanalyze.workloads.CallLog;
import io.wireanalyze.workloads.ClientOptions;
import io.wireanalyze.workloads.EnumLabels;
import io.wireanalyze.workloads.GiopNamingOption;
import io.wireanalyze.workloads.GiopVersion;
import io.wireanalyze.workloads.IiopReference;
import io.wireanalyze.workloads.Parsed;
import io.wireanalyze.workloads.Plan;
import io.wireanalyze.workloads.PlanRun;
import io.wireanalyze.workloads.service.BenchCalls;
import io.wireanalyze.workloads.service.BenchService;
import org.omg.CORBA.ORB;
import org.omg.CORBA.UserException;
import org.omg.CosNaming.NamingContextExt;
import org.omg.CosNaming.NamingContextExtHelper;

import javax.rmi.PortableRemoteObject;
import java.io.PrintStream;
import java.rmi.RemoteException;
import java.util.Optional;

/**
 * The rmi-iiop benchmark client. Command line: {@link ClientOptions} ({@code --server} is the naming port of
 * the server's ORB). System property {@value #NAMING_GIOP_PROPERTY}: the GIOP version of the naming corbaloc
 * (default 1.2).
 *
 * <p>Resolves {@code NameService} through the corbaloc, narrows it, {@code resolve_str(name)}, and narrows the
 * result to {@link BenchService} with {@code PortableRemoteObject.narrow} (a dynamic stub): that is the
 * recorded lookup (method {@code resolve_str}). Then warm-ups, marker, measured calls and hold as the JRMP
 * client. RMI over IIOP has no distributed garbage collection: the reference is released at exit whatever the
 * plan's release says. Writes the call records, prints a one-line summary, exits 0; on failure one line
 * on stderr and exit 1.
 */
public final class RmiIiopClient {
    public static final String NAMING_GIOP_PROPERTY = "wireanalyze.naming.giop";
    static final String LOOKUP_METHOD = "resolve_str";

    private RmiIiopClient() {
    }

    public static void main(String[] args) {
        GlassfishOrb.installDelegates();
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        Parsed<ClientOptions> parsed = ClientOptions.parse(args);
        Parsed<GiopVersion> giop = EnumLabels.parse(GiopVersion.class, System.getProperty(NAMING_GIOP_PROPERTY, GiopNamingOption.DEFAULT.text()));
        for (Parsed<?> p : new Parsed<?>[] {parsed, giop}) {
            if (p.error().isPresent()) {
                err.println("rmi-iiop client: " + p.error().get());
                return 1;
            }
        }
        ClientOptions options = parsed.orElseThrow();
        String role = "rmi-iiop client " + options.client();
        String corbaloc = giop.orElseThrow().corbaloc(options.server(), "NameService");
        CallLog log = new CallLog(options.client());
        ORB orb = ORB.init(new String[0], GlassfishOrb.client(corbaloc));
        Optional<String> failure;
        try {
            failure = callAll(orb, corbaloc, options, log);
        } finally {
            orb.shutdown(true);
        }
        return ClientMain.finish(role, options, log, failure, "", out, err);
    }

    private static Optional<String> callAll(ORB orb, String corbaloc, ClientOptions options, CallLog log) {
        Plan plan = options.plan();
        PlanRun run = new PlanRun("resolve '" + options.name() + "' at " + corbaloc);
        try {
            long start = System.nanoTime();
            NamingContextExt naming = NamingContextExtHelper.narrow(orb.resolve_initial_references("NameService"));
            org.omg.CORBA.Object found = naming.resolve_str(options.name());
            BenchService stub = (BenchService) PortableRemoteObject.narrow(found, BenchService.class);
            long end = System.nanoTime();
            log.add(CallKind.LOOKUP, LOOKUP_METHOD, start, end, Optional.of(IiopReference.describe(orb, found)));
            run.calls(plan, log, plan.payload().method().javaName(), BenchCalls.<RemoteException>prepare(BenchService.class, stub, plan.payload()),
                    BenchCalls.<RemoteException>marker(BenchService.class, stub));
            return Optional.empty();
        } catch (RemoteException | UserException | RuntimeException e) {
            return Optional.of(run.step() + ": " + RmiIiopServer.oneLine(e.toString()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of(run.step() + ": interrupted");
        }
    }
}
