package io.wireanalyze.workloads.iiop;

import io.wireanalyze.workloads.OrbServerMain;
import io.wireanalyze.workloads.OrbServerOptions;
import io.wireanalyze.workloads.iiop.bench.BenchServicePOATie;
import org.omg.CORBA.ORB;
import org.omg.CORBA.UserException;
import org.omg.CosNaming.NamingContextExt;
import org.omg.CosNaming.NamingContextExtHelper;
import org.omg.PortableServer.POA;
import org.omg.PortableServer.POAHelper;

import java.util.Properties;

/**
 * The iiop workload's server JVM: a JacORB ORB listening on 127.0.0.1:{@code --object-port} ({@code OAPort},
 * {@code OAIAddr}), the {@link BenchServant} activated in the root POA, and its reference rebound under
 * {@code --name} in the naming service at {@code corbaloc:iiop:<--naming-giop>@127.0.0.1:<--naming-port>/NameService}.
 *
 * <p>Prints {@code READY naming=<port> object=<port>} once bound, runs until stdin closes, exits 0. Exit 1
 * with one line on stderr when it cannot start (port in use, naming service unreachable).
 */
public final class IiopServer {

    private IiopServer() {
    }

    public static void main(String[] args) {
        Jacorb.quietLogging();
        System.exit(OrbServerMain.run("iiop server", args, false, IiopServer::orbProperties, "activate the servant", IiopServer::bind,
                System.in, System.out, System.err));
    }

    private static Properties orbProperties(OrbServerOptions options) {
        Properties props = Jacorb.listening(options.objectPort());
        props.setProperty(Jacorb.NAME_SERVICE_REF, options.nameServiceCorbaloc());
        return props;
    }

    private static Runnable bind(ORB orb, OrbServerOptions options, OrbServerMain.Step step) throws UserException {
        POA root = POAHelper.narrow(orb.resolve_initial_references("RootPOA"));
        root.the_POAManager().activate();
        org.omg.CORBA.Object ref = root.servant_to_reference(new BenchServicePOATie(new BenchServant()));
        step.now("rebind '" + options.name() + "' at " + options.nameServiceCorbaloc());
        NamingContextExt naming = NamingContextExtHelper.narrow(orb.resolve_initial_references("NameService"));
        naming.rebind(naming.to_name(options.name()), ref);
        return () -> { };
    }
}
