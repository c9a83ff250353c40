package io.wireanalyze.workloads.soap;

import io.wireanalyze.workloads.EnumLabels;
import io.wireanalyze.workloads.Loopback;
import io.wireanalyze.workloads.OptionArgs;
import io.wireanalyze.workloads.Parsed;
import io.wireanalyze.workloads.QuietLogging;
import io.wireanalyze.workloads.ServerMain;
import io.wireanalyze.workloads.web.JettyServer;
import org.apache.cxf.Bus;
import org.apache.cxf.jaxws.JaxWsServerFactoryBean;
import org.apache.cxf.transport.servlet.CXFNonSpringServlet;
import org.eclipse.jetty.ee11.servlet.ServletHolder;

import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

/**
 * The SOAP workloads' server JVM: Jetty 12.1 (HTTP/1.1 only) on {@link Loopback#host()} (127.0.0.1 unless placed):{@code --port} with CXF's
 * {@link CXFNonSpringServlet} in a Jakarta EE 11 servlet context at {@value #SERVLET_PATH}, publishing
 * {@link BenchSoapImpl} at {@value #SERVICE_PATH} (its WSDL at {@code ?wsdl}) with the {@code --binding} SOAP version
 * and, with {@code --security timestamp-signature-encrypt}, WSS4J's interceptors using the keys in {@code --keys}.
 * Prints {@code READY soap=<port>} once listening, runs until stdin closes, exits 0; exit 1 with one line on stderr
 * when it cannot start.
 */
public final class SoapServer {
    static final String PORT = "--port";
    static final String BINDING = "--binding";
    static final String SECURITY = "--security";
    static final String KEYS = "--keys";
    static final String SERVLET_PATH = "/soap";
    static final String SERVICE_PATH = "/bench";
    private static final String ROLE = "soap server";

    private SoapServer() {
    }

    /** Jetty on {@link Loopback#host()}:{@code port} (0: any free port) serving the benchmark service. */
    public static JettyServer start(int port, SoapBinding binding, WsSecurity security, Optional<Path> keys) throws Exception {
        CXFNonSpringServlet cxf = new CXFNonSpringServlet();
        return JettyServer.start(Loopback.host(), port, Optional.empty(), context -> {
            ServletHolder holder = new ServletHolder(cxf);
            holder.setInitOrder(1);   // the servlet, and with it CXF's bus, is initialised when Jetty starts
            context.addServlet(holder, SERVLET_PATH + "/*");
        }, () -> publish(cxf.getBus(), binding, security, keys));
    }

    private static void publish(Bus bus, SoapBinding binding, WsSecurity security, Optional<Path> keys) {
        JaxWsServerFactoryBean factory = new JaxWsServerFactoryBean();
        factory.setBus(bus);
        factory.setServiceClass(BenchSoap.class);
        factory.setServiceBean(new BenchSoapImpl());
        factory.setAddress(SERVICE_PATH);
        factory.setBindingId(binding.bindingId());
        if (security == WsSecurity.SIGN_ENCRYPT) {
            Path dir = keys.orElseThrow(() -> new IllegalArgumentException(KEYS + ": missing (expected: the key directory with "
                    + SECURITY + " " + WsSecurity.SIGN_ENCRYPT + ")"));
            WsSecurityConfig config = new WsSecurityConfig(SoapKeys.stored(dir), SoapKeys.Side.SERVER, binding);
            factory.getInInterceptors().add(config.in());
            factory.getOutInterceptors().add(config.out());
        }
        factory.create();
    }

    public static void main(String[] args) {
        QuietLogging.exit(() -> run(args, System.in, System.out, System.err));
    }

    static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        Parsed<OptionArgs> parsed = OptionArgs.parse(args, Set.of(PORT, BINDING, SECURITY, KEYS), Set.of());
        Parsed<Integer> port = parsed.flatMap(o -> o.required(PORT).flatMap(v -> o.intValue(PORT, 1, 65535, 0)));
        Parsed<SoapBinding> binding = parsed.flatMap(o -> o.required(BINDING)).flatMap(t -> EnumLabels.parse(SoapBinding.class, t));
        if (ServerMain.refused(ROLE, err, port, binding)) return 1;
        OptionArgs options = parsed.orElseThrow();
        return ServerMain.serve(ROLE, "soap", port.orElseThrow(), () -> start(port.orElseThrow(), binding.orElseThrow(),
                        WsSecurity.parse(options.value(SECURITY).orElse(WsSecurity.NONE.toString())), options.value(KEYS).map(Path::of)),
                JettyServer::port, JettyServer::close, in, out, err);
    }
}
