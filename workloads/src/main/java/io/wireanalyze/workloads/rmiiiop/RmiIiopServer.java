package io.wireanalyze.workloads.rmiiiop;

import com.sun.corba.ee.impl.naming.cosnaming.TransientNameService;
import io.wireanalyze.workloads.OrbServerMain;
import io.wireanalyze.workloads.OrbServerOptions;
import io.wireanalyze.workloads.service.BenchServiceImpl;
import org.omg.CORBA.ORB;
import org.omg.CORBA.UserException;
import org.omg.CosNaming.NamingContextExt;
import org.omg.CosNaming.NamingContextExtHelper;

import javax.rmi.CORBA.Tie;
import javax.rmi.CORBA.Util;
import javax.rmi.PortableRemoteObject;
import java.rmi.RemoteException;

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
        System.exit(OrbServerMain.run("rmi-iiop server", args, true, o -> GlassfishOrb.server(o.namingPort(), o.objectPort()),
                "start the TransientNameService", RmiIiopServer::bind, System.in, System.out, System.err));
    }

    private static Runnable bind(ORB orb, OrbServerOptions options, OrbServerMain.Step step) throws RemoteException, UserException {
        BenchServiceImpl impl = new BenchServiceImpl();   // the same object as over JRMP: only the export differs
        new TransientNameService((com.sun.corba.ee.spi.orb.ORB) orb);
        step.now("export the BenchService");
        PortableRemoteObject.exportObject(impl);
        Tie tie = Util.getTie(impl);
        tie.orb(orb);
        org.omg.CORBA.Object ref = (org.omg.CORBA.Object) PortableRemoteObject.toStub(impl);
        step.now("bind '" + options.name() + "'");
        NamingContextExt naming = NamingContextExtHelper.narrow(orb.resolve_initial_references("NameService"));
        naming.rebind(naming.to_name(options.name()), ref);
        return () -> {
            try {
                PortableRemoteObject.unexportObject(impl); // also keeps impl reachable until the stop
            } catch (RemoteException e) {
                // Already unexported: nothing to do.
            }
        };
    }
}
