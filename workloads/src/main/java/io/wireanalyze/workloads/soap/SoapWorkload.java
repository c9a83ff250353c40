package io.wireanalyze.workloads.soap;

import io.wireanalyze.workloads.ClientFleet;
import io.wireanalyze.workloads.ClientLaunch;
import io.wireanalyze.workloads.ClientResult;
import io.wireanalyze.workloads.HttpPortOption;
import io.wireanalyze.workloads.LaunchSettings;
import io.wireanalyze.workloads.Listener;
import io.wireanalyze.workloads.Plan;
import io.wireanalyze.workloads.ServerConfig;
import io.wireanalyze.workloads.ServedWorkload;
import io.wireanalyze.workloads.ServerLaunch;
import io.wireanalyze.workloads.ServerReady;
import io.wireanalyze.workloads.WorkloadArgs;
import io.wireanalyze.workloads.WorkloadException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * SOAP web services, seed 001's comparison on today's stacks: a server JVM ({@link SoapServer}: Jetty 12.1 with CXF
 * 4.2's servlet) and client JVMs ({@link SoapClient}) that fetch the WSDL, then call. {@code soap} is plain SOAP;
 * {@code soap-wssec} adds WS-Security ({@link WsSecurity#SIGN_ENCRYPT}) with keys made for the run in a temporary
 * directory, deleted when the workload closes. The server and CXF clients run with CXF's class path
 * ({@link SoapStack#CXF}), a Metro client with Metro's ({@link SoapStack#METRO}).
 */
public final class SoapWorkload extends ServedWorkload {

    private final int port;
    private final SoapOptions options;
    private final WsSecurity security;
    private final LaunchSettings launch;
    private Path keys;

    public SoapWorkload(int port, SoapOptions options, WsSecurity security, LaunchSettings launch) {
        super("soap server");
        ServerConfig.checkPort("httpPort", port);
        if (security != WsSecurity.NONE && options.stack() != SoapStack.CXF)
            throw new IllegalArgumentException("--soap-client " + options.stack() + ": soap-wssec runs WSS4J on CXF (expected: cxf)");
        this.port = port;
        this.options = options;
        this.security = security;
        this.launch = launch;
    }

    /** {@code --protocol soap}: from {@link HttpPortOption} and {@link SoapOptions}. */
    public static SoapWorkload plain(WorkloadArgs args) {
        return new SoapWorkload(args.group(HttpPortOption.class).port(), args.group(SoapOptions.class), WsSecurity.NONE,
                args.launch());
    }

    /** {@code --protocol soap-wssec}: the same, with WS-Security. */
    public static SoapWorkload secured(WorkloadArgs args) {
        return new SoapWorkload(args.group(HttpPortOption.class).port(), args.group(SoapOptions.class), WsSecurity.SIGN_ENCRYPT,
                args.launch());
    }

    /**
     * The service's address on {@code server} (host:port); its WSDL is at {@code ?wsdl}. Here, not in the client: this
     * class is loaded by the command line, which has no JAX-WS class.
     */
    static String address(String server) {
        return "http://" + server + SoapServer.SERVLET_PATH + SoapServer.SERVICE_PATH;
    }

    @Override
    public ServerReady start() throws WorkloadException {
        return server.start(this::close, () -> {
            List<String> args = new ArrayList<>(List.of(SoapServer.PORT, Integer.toString(port), SoapServer.BINDING,
                    options.binding().toString(), SoapServer.SECURITY, security.toString()));
            if (security == WsSecurity.SIGN_ENCRYPT) {
                try {
                    keys = Files.createTempDirectory("wireanalyze-soap-keys");
                    SoapKeys.make(keys);
                } catch (IOException e) {
                    throw new WorkloadException("soap-wssec keys: " + e.getMessage(), e);
                }
                args.addAll(List.of(SoapServer.KEYS, keys.toString()));
            }
            LaunchSettings stack = launch.withClassPath(SoapStack.CXF.library().classPath());
            return server.launch(stack, SoapServer.class, args, ServerLaunch.READY_PREFIX + "soap=" + port);
        });
    }

    @Override
    public ClientResult runClient(Plan plan, Path resultFile) throws WorkloadException {
        server.requireRunning();
        Map<String, String> properties = new TreeMap<>(Map.of(SoapClient.STACK_PROPERTY, options.stack().toString(),
                SoapClient.STYLE_PROPERTY, options.style().name(), SoapClient.SECURITY_PROPERTY, security.toString(),
                SoapClient.BINDING_PROPERTY, options.binding().toString()));
        if (keys != null) properties.put(SoapClient.KEYS_PROPERTY, keys.toString());
        ClientLaunch client = new ClientLaunch("soap client", SoapClient.class, properties, launch.placement().server(port), ServerConfig.DEFAULT_NAME);
        return ClientFleet.run(client, launch.withClassPath(options.stack().library().classPath()), plan, resultFile);
    }

    @Override
    public List<Listener> listeners() {
        return List.of(new Listener("Jetty with CXF", launch.placement().server(port)));
    }

    @Override
    public List<String> notes() {
        String client = options.stack() == SoapStack.METRO ? "Metro client (JAX-WS RI, its own HTTP)" : "CXF client, " + options.style().description();
        return List.of("SOAP " + options.binding() + (security == WsSecurity.NONE ? "" : " with WS-Security (" + security + ")")
                + " at " + address(launch.placement().server(port).toString()) + "; " + client);
    }

    /** Stops the server and deletes the run's keys. Idempotent. */
    @Override
    public void close() {
        super.close();
        if (keys != null) deleteTree(keys);
        keys = null;
    }
}
