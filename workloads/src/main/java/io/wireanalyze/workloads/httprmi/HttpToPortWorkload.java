package io.wireanalyze.workloads.httprmi;

import io.wireanalyze.workloads.ServerConfig;
import io.wireanalyze.workloads.ServerPortOptions;
import io.wireanalyze.workloads.WorkloadArgs;
import io.wireanalyze.workloads.jrmp.DgcOptions;
import io.wireanalyze.workloads.jrmp.JrmpWorkload;
import io.wireanalyze.workloads.jrmp.RmiWorkload;

/**
 * HTTP-to-port (Juric et al. section 2.2, Tables 3 and 4): Java RMI where the client's RMI runtime POSTs every JRMP
 * message to the RMI server's own port and the server answers it there with an HTTP/1.0 response, as JDK 1.1 to 8 did
 * ({@code sun.rmi.transport.proxy}, removed in JDK 9), rebuilt on today's JDK: an {@link HttpToPortServer} JVM (the JRMP
 * server with POST-aware server sockets) and {@link HttpToPortClient} JVMs (the JRMP client POSTing through
 * {@link HttpToPortSocketFactory}). No web server and no second leg: the POST is unwrapped on the RMI port itself, one
 * TCP connection per message. Same ports, name and plan as jrmp (registry 1099, object 1100), placed as jrmp is.
 */
public final class HttpToPortWorkload extends RmiWorkload {

    public HttpToPortWorkload(ServerConfig config) {
        super("http-to-port", config, HttpToPortServer.class, HttpToPortClient.class);
    }

    /** From {@link ServerPortOptions} and {@link DgcOptions}. */
    public static HttpToPortWorkload create(WorkloadArgs args) {
        ServerConfig ports = args.group(ServerPortOptions.class).applyTo(args.placed(JrmpWorkload.defaults()));
        return new HttpToPortWorkload(args.group(DgcOptions.class).applyTo(ports));
    }

    /** The registry and the object, each answering JRMP and POSTs on its one port. */
    @Override
    protected String listenerNote() {
        return " (HTTP-to-port)";
    }
}
