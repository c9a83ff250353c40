package io.wireanalyze.workloads.soap;

/** The JAX-WS implementation a SOAP client JVM runs on (the server is always CXF). */
public enum SoapStack {
    /** Apache CXF 4.2, the server's own stack. */
    CXF("cxf"),
    /** Eclipse Metro (the JAX-WS reference implementation, com.sun.xml.ws:jaxws-rt): another stack, the same service. */
    METRO("metro");

    private final String label;

    SoapStack(String label) {
        this.label = label;
    }

    @Override
    public String toString() {
        return label;
    }

    static SoapStack parse(String text) {
        for (SoapStack s : values()) if (s.label.equals(text)) return s;
        throw new IllegalArgumentException("SOAP stack '" + text + "' (expected: cxf or metro)");
    }
}
