package io.wireanalyze.workloads.xmlrpc;

import io.wireanalyze.workloads.HttpPortOption;
import io.wireanalyze.workloads.HttpServerWorkload;
import io.wireanalyze.workloads.LaunchSettings;
import io.wireanalyze.workloads.Listener;
import io.wireanalyze.workloads.Workload;
import io.wireanalyze.workloads.StackLibrary;
import io.wireanalyze.workloads.WorkloadArgs;

import java.util.List;
import java.util.Map;

/**
 * Apache XML-RPC 3.1.3 (seed 003's three XML-RPC flavours): a server JVM ({@link XmlRpcServerMain}: the library's own
 * WebServer, which closes the connection after each reply) and client JVMs ({@link XmlRpcClientMain}) with the chosen
 * transport, vendor extensions on;
 * both on {@link #XMLRPC}'s class path.
 */
public final class XmlRpcWorkload extends HttpServerWorkload {

    /** Apache XML-RPC 3.1.3 (client, server, common), ws-commons-util, Commons HttpClient 3.1, Commons Logging: {@code target/lib/xmlrpc}. */
    static final StackLibrary XMLRPC = StackLibrary.in("xmlrpc");

    static final String PATH = "/RPC2";

    private final XmlRpcOptions options;

    public XmlRpcWorkload(int port, XmlRpcOptions options, LaunchSettings launch) {
        super("xmlrpc", port, launch, XMLRPC, XmlRpcServerMain.class, XmlRpcClientMain.class);
        this.options = options;
    }

    /** {@code --protocol xmlrpc}: from {@link HttpPortOption} and {@link XmlRpcOptions}. */
    public static XmlRpcWorkload create(WorkloadArgs args) {
        return new XmlRpcWorkload(args.group(HttpPortOption.class).port(), args.group(XmlRpcOptions.class),
                args.launch());
    }

    /**
     * {@code --protocol xmlrpc-httpclient} or {@code xmlrpc-lite}, the same as {@code --protocol xmlrpc --xmlrpc-transport
     * httpclient} or {@code lite} (labels of their own so that compare and reproduce can run them beside the default
     * transport, as Gredler's seed did): from {@link HttpPortOption}.
     */
    public static java.util.function.Function<WorkloadArgs, Workload> on(XmlRpcTransport transport) {
        return args -> {
            XmlRpcOptions options = new XmlRpcOptions();
            options.transport = transport;
            return new XmlRpcWorkload(args.group(HttpPortOption.class).port(), options, args.launch());
        };
    }

    static String address(String server) {
        return "http://" + server + PATH;
    }

    /** The client's transport, {@link XmlRpcClientMain#TRANSPORT_PROPERTY}. */
    @Override
    protected Map<String, String> clientProperties() {
        return Map.of(XmlRpcClientMain.TRANSPORT_PROPERTY, options.transport().label());
    }

    @Override
    public List<Listener> listeners() {
        return List.of(new Listener("Apache XML-RPC's WebServer", serverAddress()));
    }

    @Override
    public List<String> notes() {
        return List.of("Apache XML-RPC 3.1.3 at " + address(serverAddress().toString()) + ", vendor extensions on; client transport "
                + options.transport().description() + " (--xmlrpc-transport " + options.transport().label() + ")");
    }
}
