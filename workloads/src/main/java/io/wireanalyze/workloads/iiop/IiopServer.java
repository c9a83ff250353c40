package io.wireanalyze.workloads.iiop;

import io.wireanalyze.workloads.EndOfInput;
import io.wireanalyze.workloads.LoopbackPort;
import io.wireanalyze.workloads.OrbServerOptions;
import io.wireanalyze.workloads.Parsed;
import io.wireanalyze.workloads.ServerLaunch;
import org.omg.CORBA.ORB;
import org.omg.CORBA.UserException;
import org.omg.CosNaming.NamingContextExt;
import org.omg.CosNaming.NamingContextExtHelper;
import org.omg.PortableServer.POA;
import org.omg.PortableServer.POAHelper;

import java.io.InputStream;
import java.io.PrintStream;
import java.util.Optional;

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
        System.exit(run(args, System.in, System.out, System.err));
    }

    static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        String role = "iiop server";
        Parsed<OrbServerOptions> parsed = OrbServerOptions.parse(args);
        if (parsed.error().isPresent()) {
            err.println(role + ": " + parsed.error().get());
            return 1;
        }
        OrbServerOptions options = parsed.orElseThrow();
        Optional<String> busy = LoopbackPort.problem(options.objectPort());
        if (busy.isPresent()) {
            err.println(role + ": object port " + options.objectPort() + ": " + busy.get());
            return 1;
        }
        java.util.Properties props = Jacorb.listening(options.objectPort());
        props.setProperty(Jacorb.NAME_SERVICE_REF, options.nameServiceCorbaloc());
        ORB orb = ORB.init(new String[0], props);
        String step = "activate the servant";
        try {
            POA root = POAHelper.narrow(orb.resolve_initial_references("RootPOA"));
            root.the_POAManager().activate();
            org.omg.CORBA.Object ref = root.servant_to_reference(new io.wireanalyze.workloads.iiop.bench.BenchServicePOATie(new BenchServant()));
            step = "rebind '" + options.name() + "' at " + options.nameServiceCorbaloc();
            NamingContextExt naming = NamingContextExtHelper.narrow(orb.resolve_initial_references("NameService"));
            naming.rebind(naming.to_name(options.name()), ref);
        } catch (UserException | org.omg.CORBA.SystemException e) {
            err.println(role + ": " + step + ": " + oneLine(e.toString()));
            orb.shutdown(false);
            return 1;
        }
        out.println(ServerLaunch.READY_PREFIX + "naming=" + options.namingPort() + " object=" + options.objectPort());
        out.flush();
        EndOfInput.await(in, err, role);
        orb.shutdown(false);
        return 0;
    }

    static String oneLine(String s) {
        return s.replaceAll("\\s+", " ").trim();
    }
}
