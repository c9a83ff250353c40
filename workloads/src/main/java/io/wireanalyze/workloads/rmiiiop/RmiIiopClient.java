package io.wireanalyze.workloads.rmiiiop;

import io.wireanalyze.workloads.CallLog;
import io.wireanalyze.workloads.OrbClientMain;
import io.wireanalyze.workloads.Parsed;
import io.wireanalyze.workloads.Plan;
import io.wireanalyze.workloads.PlanRun;
import io.wireanalyze.workloads.service.BenchCalls;
import io.wireanalyze.workloads.service.BenchService;

import javax.rmi.PortableRemoteObject;
import java.io.PrintStream;
import java.rmi.RemoteException;
import java.util.Properties;

/**
 * The rmi-iiop benchmark client, on the GlassFish ORB: {@link OrbClientMain} with its stub from
 * {@code PortableRemoteObject.narrow} to {@link BenchService} (a dynamic stub). After the lookup, warm-ups, marker,
 * measured calls and hold as the JRMP client ({@link BenchCalls}).
 */
public final class RmiIiopClient implements OrbClientMain.Stack<BenchService> {

    private RmiIiopClient() {
    }

    public static void main(String[] args) {
        GlassfishOrb.installDelegates();
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return OrbClientMain.run("rmi-iiop", args, Parsed.ok(new RmiIiopClient()), out, err);
    }

    @Override
    public Properties orbProperties(String nameServiceCorbaloc) {
        return GlassfishOrb.client(nameServiceCorbaloc);
    }

    @Override
    public BenchService narrow(org.omg.CORBA.Object found) {
        return (BenchService) PortableRemoteObject.narrow(found, BenchService.class);
    }

    @Override
    public org.omg.CORBA.Object described(org.omg.CORBA.Object found, BenchService stub) {
        return found;
    }

    @Override
    public void calls(PlanRun run, Plan plan, CallLog log, BenchService stub) throws RemoteException, InterruptedException {
        BenchCalls.<RemoteException>calls(run, plan, log, BenchService.class, stub);
    }
}
