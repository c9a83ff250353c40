package io.wireanalyze.workloads.iiop;

import io.wireanalyze.workloads.BenchValues;
import io.wireanalyze.workloads.CallLog;
import io.wireanalyze.workloads.EnumLabels;
import io.wireanalyze.workloads.OrbClientMain;
import io.wireanalyze.workloads.Parsed;
import io.wireanalyze.workloads.Payload;
import io.wireanalyze.workloads.Plan;
import io.wireanalyze.workloads.PlanRun;
import io.wireanalyze.workloads.iiop.bench.BenchService;
import io.wireanalyze.workloads.iiop.bench.BenchServiceHelper;

import java.io.PrintStream;
import java.util.Properties;

/**
 * The iiop benchmark client, on JacORB: {@link OrbClientMain} with its stub from {@code BenchServiceHelper.narrow}.
 * System properties: {@value OrbClientMain#NAMING_GIOP_PROPERTY} (GIOP version of the naming corbaloc, default 1.2) and
 * {@value #CHARS_PROPERTY} ({@code string} or {@code wstring} for payload {@code chars:N}, default string).
 *
 * <p>After the lookup, the warm-up calls, the marker call {@code wireanalyzeMark("measure")} (only after warm-ups) and
 * the measured calls, each timed with {@code System.nanoTime()}, then the hold.
 */
public final class IiopClient implements OrbClientMain.Stack<BenchService> {
    public static final String CHARS_PROPERTY = "wireanalyze.iiop.chars";

    private final IdlString chars;

    private IiopClient(IdlString chars) {
        this.chars = chars;
    }

    public static void main(String[] args) {
        Jacorb.quietLogging();
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        Parsed<IiopClient> stack = EnumLabels.parse(IdlString.class, System.getProperty(CHARS_PROPERTY, IdlString.STRING.idlName())).map(IiopClient::new);
        return OrbClientMain.run("iiop", args, stack, out, err);
    }

    @Override
    public Properties orbProperties(String nameServiceCorbaloc) {
        return Jacorb.client(nameServiceCorbaloc);
    }

    @Override
    public BenchService narrow(org.omg.CORBA.Object found) {
        return BenchServiceHelper.narrow(found);
    }

    @Override
    public org.omg.CORBA.Object described(org.omg.CORBA.Object found, BenchService stub) {
        return stub;
    }

    @Override
    public void calls(PlanRun run, Plan plan, CallLog log, BenchService stub) throws InterruptedException {
        PlanRun.Call<RuntimeException> marker = () -> {
            stub.wireanalyzeMark(BenchValues.MEASURE_LABEL);
            return null;
        };
        run.calls(plan, log, method(plan.payload(), chars), prepare(stub, plan.payload(), chars), marker);
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
