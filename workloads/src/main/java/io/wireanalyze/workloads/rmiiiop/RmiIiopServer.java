package io.wireanalyze.workloads.rmiiiop;

import com.sun.corba.ee.impl.naming.cosnaming.TransientNameService;
import io.wireanalyze.workloads.EndOfInput;
import io.wireanalyze.workloads.LoopbackPort;
import io.wireanalyze.workloads.OrbServerOptions;
import io.wireanalyze.workloads.Parsed;
import io.wireanalyze.workloads.ServerLaunch;
import io.wireanalyze.workloads.service.BenchServiceImpl;
import org.omg.CORBA.ORB;
import org.omg.CORBA.UserException;
import org.omg.CosNaming.NamingContextExt;
import org.omg.CosNaming.NamingContextExtHelper;

import javax.rmi.CORBA.Tie;
import javax.rmi.CORBA.Util;
import javax.rmi.PortableRemoteObject;
import java.io.InputStream;
import java.io.PrintStream;
import java.rmi.RemoteException;
import java.util.Optional;

/**
 * The rmi-iiop workload's server JVM: one GlassFish ORB that listens on 127.0.0.1:{@code --object-port} (its
 * server port, in the object's IOR) and 127.0.0.1:{@code --naming-port} (an extra listen socket), runs a
 * {@code TransientNameService} (in-process COS Naming; corbaloc object key {@code NameService}), and exports the
 * JRMP workload's {@link io.wireanalyze.workloads.service.BenchService} with
 * {@code PortableRemoteObject.exportObject} (a reflective tie: no rmic), bound under {@code --name}.
 *
 * <p>Prints {@code READY naming=<port> object=<port>} once bound, runs until stdin closes, exits 0. Exit 1 with
 * one line on stderr when it cannot start (e.g. a port in use). {@code --naming-giop} is accepted for symmetry
 * with the iiop server; this server binds in-process, so it sends no naming traffic.
 */
public final class RmiIiopServer {

    private RmiIiopServer() {
    }

    public static void main(String[] args) {
        GlassfishOrb.installDelegates();
        System.exit(run(args, System.in, System.out, System.err));
    }

    static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        String role = "rmi-iiop server";
        Parsed<OrbServerOptions> parsed = OrbServerOptions.parse(args);
        if (parsed.error().isPresent()) {
            err.println(role + ": " + parsed.error().get());
            return 1;
        }
        OrbServerOptions options = parsed.orElseThrow();
        for (int port : new int[] {options.namingPort(), options.objectPort()}) {
            Optional<String> busy = LoopbackPort.problem(port);
            if (busy.isPresent()) {
                err.println(role + ": " + (port == options.namingPort() ? "naming" : "object") + " port " + port + ": " + busy.get());
                return 1;
            }
        }
        ORB orb = ORB.init(new String[0], GlassfishOrb.server(options.namingPort(), options.objectPort()));
        BenchServiceImpl impl = new BenchServiceImpl();   // the same object as over JRMP: only the export differs
        String step = "start the TransientNameService";
        try {
            new TransientNameService((com.sun.corba.ee.spi.orb.ORB) orb);
            step = "export the BenchService";
            PortableRemoteObject.exportObject(impl);
            Tie tie = Util.getTie(impl);
            tie.orb(orb);
            org.omg.CORBA.Object ref = (org.omg.CORBA.Object) PortableRemoteObject.toStub(impl);
            step = "bind '" + options.name() + "'";
            NamingContextExt naming = NamingContextExtHelper.narrow(orb.resolve_initial_references("NameService"));
            naming.rebind(naming.to_name(options.name()), ref);
        } catch (RemoteException | UserException | RuntimeException e) {
            err.println(role + ": " + step + ": " + oneLine(e.toString()));
            orb.shutdown(false);
            return 1;
        }
        out.println(ServerLaunch.READY_PREFIX + "naming=" + options.namingPort() + " object=" + options.objectPort());
        out.flush();
        EndOfInput.await(in, err, role);
        try {
            PortableRemoteObject.unexportObject(impl); // also keeps impl reachable until here
        } catch (RemoteException e) {
            // Already unexported: nothing to do.
        }
        orb.shutdown(false);
        return 0;
    }

    static String oneLine(String s) {
        return s.replaceAll("\\s+", " ").trim();
    }
}
