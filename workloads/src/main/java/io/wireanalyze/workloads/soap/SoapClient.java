package io.wireanalyze.workloads.soap;

import io.wireanalyze.workloads.ClientMain;
import io.wireanalyze.workloads.CallKind;
import io.wireanalyze.workloads.CallLog;
import io.wireanalyze.workloads.ClientOptions;
import io.wireanalyze.workloads.EnumLabels;
import io.wireanalyze.workloads.service.BenchCalls;
import jakarta.xml.ws.Service;

import javax.xml.namespace.QName;
import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The SOAP benchmark client. Command line: {@link ClientOptions} ({@code --server} is the web server). Fetches the
 * service's WSDL ({@code GET /soap/bench?wsdl}: the naming phase, recorded as the lookup), makes the JAX-WS proxy,
 * then the plan's calls, each timed. System properties: {@value #STACK_PROPERTY} ({@code cxf} or {@code metro}: the
 * JAX-WS implementation on the class path), and for CXF {@value #STYLE_PROPERTY} ({@link HttpStyle}),
 * {@value #SECURITY_PROPERTY} ({@link WsSecurity}), {@value #KEYS_PROPERTY} and {@value #BINDING_PROPERTY}. Writes one
 * line per call to {@code --result}, prints a summary and exits 0; on failure one line on stderr, exit 1.
 */
public final class SoapClient {
    public static final String STACK_PROPERTY = "wireanalyze.soap.stack";
    public static final String STYLE_PROPERTY = "wireanalyze.soap.http";
    public static final String SECURITY_PROPERTY = "wireanalyze.soap.security";
    public static final String KEYS_PROPERTY = "wireanalyze.soap.keys";
    public static final String BINDING_PROPERTY = "wireanalyze.soap.binding";
    private static final String KIND = "soap client";

    private SoapClient() {
    }

    public static void main(String[] args) {
        ClientMain.main(KIND, args, SoapClient::callAll);
    }

    private static Optional<String> callAll(ClientOptions options, CallLog log) {
        String wsdl = SoapWorkload.address(options.server().toString()) + "?wsdl";
        return ClientMain.steps("WSDL fetch " + wsdl, run -> {
            SoapStack stack = EnumLabels.parse(SoapStack.class, System.getProperty(STACK_PROPERTY, SoapStack.CXF.toString())).orElseThrow();
            if (stack == SoapStack.CXF) CxfClientSetup.http(HttpStyle.valueOf(System.getProperty(STYLE_PROPERTY, HttpStyle.CXF_DEFAULT.name())));
            long start = System.nanoTime();
            Service service = Service.create(URI.create(wsdl).toURL(), new QName(BenchSoap.NAMESPACE, BenchSoap.SERVICE));
            BenchSoap port = service.getPort(BenchSoap.class);
            long end = System.nanoTime();
            log.add(CallKind.LOOKUP, "wsdl", start, end, Optional.of(wsdl));
            if (stack == SoapStack.CXF) {
                CxfClientSetup.security(port, WsSecurity.parse(System.getProperty(SECURITY_PROPERTY, WsSecurity.NONE.toString())),
                        Optional.ofNullable(System.getProperty(KEYS_PROPERTY)).map(Path::of),
                        EnumLabels.parse(SoapBinding.class, System.getProperty(BINDING_PROPERTY, SoapBinding.SOAP_11.toString())).orElseThrow());
            }
            BenchCalls.calls(run, options.plan(), log, BenchSoap.class, port);
        });
    }
}
