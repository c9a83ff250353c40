package io.wireanalyze.workloads.soap;

import io.wireanalyze.workloads.Choice;
import io.wireanalyze.workloads.StackLibrary;

/** {@code --soap-client}: the JAX-WS implementation a SOAP client JVM runs on (the server is always CXF). */
@Choice("SOAP stack")
public enum SoapStack {
    /**
     * Apache CXF 4.2, the server's own stack (JAX-WS, WSS4J for WS-Security) with Jetty 12.1's Jakarta EE 11 servlet
     * environment, slf4j: {@code target/lib/soap}.
     */
    CXF("cxf", StackLibrary.in("soap")),
    /**
     * Eclipse Metro (the JAX-WS reference implementation, com.sun.xml.ws:jaxws-rt): another stack, the same service;
     * {@code target/lib/soap-metro}.
     */
    METRO("metro", StackLibrary.in("soap-metro"));

    private final String label;
    private final StackLibrary library;

    SoapStack(String label, StackLibrary library) {
        this.label = label;
        this.library = library;
    }

    /** The jars the client JVM runs with. */
    StackLibrary library() {
        return library;
    }

    @Override
    public String toString() {
        return label;
    }
}
