package io.wireanalyze.workloads;

import org.omg.CORBA.ORB;

import java.io.InputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Function;

/**
 * What both CORBA server JVMs (iiop on JacORB, rmi-iiop on the GlassFish ORB) do around their own binding: read
 * {@link OrbServerOptions}, refuse a port already taken, make the ORB, bind the servant, print
 * {@code READY naming=<port> object=<port>}, run until stdin closes, undo the binding, shut the ORB down and exit 0.
 * Exit 1 with one line on stderr ({@code <role>: ...}, naming the step that failed) when it cannot start.
 */
public final class OrbServerMain {

    /** A server's own part: activating or exporting its servant and binding it under {@link OrbServerOptions#name()}. */
    @FunctionalInterface
    public interface Bind {
        /**
         * @param step told what is being done, for the error line should it fail
         * @return what to do at the stop, before the ORB shuts down
         */
        Runnable bind(ORB orb, OrbServerOptions options, Step step) throws Exception;
    }

    /** What the binding is doing now. */
    public static final class Step {
        private String now;

        Step(String first) {
            now = first;
        }

        public void now(String what) {
            now = what;
        }
    }

    private OrbServerMain() {
    }

    /**
     * @param role           who speaks on stderr, e.g. {@code iiop server}
     * @param listensOnNaming the ORB listens on the naming port too (rmi-iiop's in-process name service); else only
     *                       the object port is checked
     * @param orbProperties  the ORB's settings for these options
     * @param firstStep      what the binding does first, for an error before it says otherwise
     */
    public static int run(String role, String[] args, boolean listensOnNaming, Function<OrbServerOptions, Properties> orbProperties,
                          String firstStep, Bind bind, InputStream in, PrintStream out, PrintStream err) {
        Parsed<OrbServerOptions> parsed = OrbServerOptions.parse(args);
        if (ServerMain.refused(role, err, parsed)) return 1;
        OrbServerOptions options = parsed.orElseThrow();
        List<Integer> ports = new ArrayList<>();
        if (listensOnNaming) ports.add(options.namingPort());
        ports.add(options.objectPort());
        for (int port : ports) {
            Optional<String> busy = LoopbackPort.problem(port);
            if (busy.isPresent()) {
                err.println(role + ": " + (port == options.namingPort() && listensOnNaming ? "naming" : "object") + " port "
                        + port + ": " + busy.get());
                return 1;
            }
        }
        ORB orb = ORB.init(new String[0], orbProperties.apply(options));
        Step step = new Step(firstStep);
        Runnable unbind;
        try {
            unbind = bind.bind(orb, options, step);
        } catch (Exception e) {
            err.println(role + ": " + step.now + ": " + oneLine(e.toString()));
            orb.shutdown(false);
            return 1;
        }
        out.println(ServerLaunch.READY_PREFIX + "naming=" + options.namingPort() + " object=" + options.objectPort());
        out.flush();
        EndOfInput.await(in, err, role);
        unbind.run();
        orb.shutdown(false);
        return 0;
    }

    /** A message on one line: runs of white space folded. */
    public static String oneLine(String s) {
        return s.replaceAll("\\s+", " ").trim();
    }
}
