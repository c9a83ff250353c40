package io.wireanalyze.workloads.soap;

import io.wireanalyze.workloads.service.BenchSemantics;
import jakarta.jws.WebService;

/** The server side of {@link BenchSoap}: the one semantics ({@link BenchSemantics}), published by JAX-WS. */
@WebService(endpointInterface = "io.wireanalyze.workloads.soap.BenchSoap", targetNamespace = BenchSoap.NAMESPACE,
        serviceName = BenchSoap.SERVICE, portName = "BenchSoapPort")
public class BenchSoapImpl extends BenchSemantics implements BenchSoap {
}
