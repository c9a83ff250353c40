package io.wireanalyze.workloads.iiop;

import io.wireanalyze.workloads.ClientMain;
import io.wireanalyze.workloads.BenchValues;
import io.wireanalyze.workloads.CallKind;
import io.wireanalyze.workloads.CallLog;
import io.wireanalyze.workloads.ClientOptions;
import io.wireanalyze.workloads.EnumLabels;
import io.wireanalyze.workloads.GiopNamingOption;
import io.wireanalyze.workloads.GiopVersion;
import io.wireanalyze.workloads.IiopReference;
import io.wireanalyze.workloads.Parsed;
import io.wireanalyze.workloads.Payload;
import io.wireanalyze.workloads.Plan;
import io.wireanalyze.workloads.PlanRun;
import io.wireanalyze.workloads.iiop.bench.BenchService;
import io.wireanalyze.workloads.iiop.bench.BenchServiceHelper;
import org.omg.CORBA.ORB;
import org.omg.CORBA.UserException;
import org.omg.CosNaming.NamingContextExt;
import org.omg.CosNaming.NamingContextExtHelper;

import java.io.PrintStream;
import java.util.Optional;

/**
 * The iiop benchmark client. Command line: {@link ClientOptions} ({@code --server} is the naming service).
 * System properties: {@value #NAMING_GIOP_PROPERTY} (GIOP version of the naming corbaloc, default 1.2) and
 * {@value #CHARS_PROPERTY} ({@code string} or {@code wstring} for payload {@code chars:N}, default string).
 *
 * <p>Resolves {@code NameService} ({@code resolve_initial_references}, corbaloc), narrows it, calls
 * {@code resolve_str(name)} and narrows the result: that is the recorded lookup (method {@code resolve_str},
 * result the reference as {@link IiopReference#describe}). Then the warm-up calls, the marker call
 * {@code wireanalyzeMark("measure")} (only after warm-ups) and the measured calls, each timed with
 * {@code System.nanoTime()}, then the hold. CORBA has no distributed garbage collection: the reference is
 * simply released at exit whatever the plan's release says. Writes the call records, prints a one-line
 * summary, exits 0; on failure one line on stderr and exit 1.
 */
public final class IiopClient {
    public static final String NAMING_GIOP_PROPERTY = "wireanalyze.naming.giop";
    public static final String CHARS_PROPERTY = "wireanalyze.iiop.chars";
    static final String LOOKUP_METHOD = "resolve_str";

    private IiopClient() {
    }

    public static void main(String[] args) {
        Jacorb.quietLogging();
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        Parsed<ClientOptions> parsed = ClientOptions.parse(args);
        Parsed<GiopVersion> giop = EnumLabels.parse(GiopVersion.class, System.getProperty(NAMING_GIOP_PROPERTY, GiopNamingOption.DEFAULT.text()));
        Parsed<IdlString> chars = EnumLabels.parse(IdlString.class, System.getProperty(CHARS_PROPERTY, IdlString.STRING.idlName()));
        for (Parsed<?> p : new Parsed<?>[] {parsed, giop, chars}) {
            if (p.error().isPresent()) {
                err.println("iiop client: " + p.error().get());
                return 1;
            }
        }
        ClientOptions options = parsed.orElseThrow();
        String role = "iiop client " + options.client();
        String corbaloc = giop.orElseThrow().corbaloc(options.server(), "NameService");
        CallLog log = new CallLog(options.client());
        ORB orb = ORB.init(new String[0], Jacorb.client(corbaloc));
        Optional<String> failure;
        try {
            failure = callAll(orb, corbaloc, options, chars.orElseThrow(), log);
        } finally {
            orb.shutdown(true);
        }
        return ClientMain.finish(role, options, log, failure, "", out, err);
    }

    private static Optional<String> callAll(ORB orb, String corbaloc, ClientOptions options, IdlString chars, CallLog log) {
        Plan plan = options.plan();
        PlanRun run = new PlanRun("resolve '" + options.name() + "' at " + corbaloc);
        try {
            long start = System.nanoTime();
            NamingContextExt naming = NamingContextExtHelper.narrow(orb.resolve_initial_references("NameService"));
            BenchService stub = BenchServiceHelper.narrow(naming.resolve_str(options.name()));
            long end = System.nanoTime();
            log.add(CallKind.LOOKUP, LOOKUP_METHOD, start, end, Optional.of(IiopReference.describe(orb, stub)));
            PlanRun.Call<RuntimeException> marker = () -> {
                stub.wireanalyzeMark(BenchValues.MEASURE_LABEL);
                return null;
            };
            run.calls(plan, log, method(plan.payload(), chars), prepare(stub, plan.payload(), chars), marker);
            return Optional.empty();
        } catch (UserException | org.omg.CORBA.SystemException e) {
            return Optional.of(run.step() + ": " + IiopServer.oneLine(e.toString()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of(run.step() + ": interrupted");
        }
    }

    /** The IDL operation a payload calls: its Java name, except {@code sendWChars} for wstring chars. */
    static String method(Payload payload, IdlString chars) {
        return switch (payload.method()) {
            case SEND_CHARS -> chars.operation();
            default -> payload.method().javaName();
        };
    }

    private static PlanRun.Call<RuntimeException> prepare(BenchService s, Payload payload, IdlString chars) {
        return switch (payload.method()) {
            case SEND_INTS -> {
                int[] data = BenchValues.ints(payload.count());
                yield () -> s.sendInts(data);
            }
            case SEND_CHARS -> {
                String data = BenchValues.chars(payload.count());
                yield chars == IdlString.WSTRING ? () -> s.sendWChars(data) : () -> s.sendChars(data);
            }
            case PING -> () -> {
                s.ping();
                return null;
            };
            case GET_INT -> s::getInt;
            case GET_SHORT -> s::getShort;
            case GET_LONG -> s::getLong;
            case GET_FLOAT -> s::getFloat;
            case GET_DOUBLE -> s::getDouble;
            case GET_BOOLEAN -> s::getBoolean;
            case GET_BYTE -> s::getByte;
            case GET_STRING -> s::getString;
            case GET_OBJECTS -> throw new IllegalArgumentException("payload " + payload.spec()
                    + ": the iiop workload's IDL has no record type (expected: objects:N on jrmp, http-rmi, soap or soap-wssec)");
        };
    }
}
