package io.wireanalyze.workloads.soap;

import io.wireanalyze.workloads.OptionGroup;
import picocli.CommandLine.Option;

/** {@code --clean-http}, {@code --soap-version}, {@code --soap-client}: how the SOAP workloads speak. */
public final class SoapOptions implements OptionGroup {

    @Option(names = "--clean-http",
            description = "The CXF client speaks plain HTTP/1.1: no h2c upgrade offered, no chunked bodies (default: CXF 4's "
                    + "java.net.http client, which offers h2c on a new connection and chunks bodies over 4 KB).")
    boolean cleanHttp;

    @Option(names = "--soap-version", paramLabel = "VERSION",
            description = "SOAP version the service is published with: ${COMPLETION-CANDIDATES} (default: 1.1).")
    SoapBinding binding = SoapBinding.SOAP_11;

    @Option(names = "--soap-client", paramLabel = "STACK",
            description = "JAX-WS stack of the client: ${COMPLETION-CANDIDATES} (default: cxf; metro: plain soap only, its own HTTP).")
    SoapStack stack = SoapStack.CXF;

    HttpStyle style() {
        return cleanHttp ? HttpStyle.CLEAN : HttpStyle.CXF_DEFAULT;
    }

    SoapBinding binding() {
        return binding;
    }

    SoapStack stack() {
        return stack;
    }
}
