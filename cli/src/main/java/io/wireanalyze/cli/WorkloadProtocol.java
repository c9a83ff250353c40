package io.wireanalyze.cli;

/** The remoting stacks a workload can run and capture. Those not built yet say so. */
public enum WorkloadProtocol {
    JRMP("jrmp", null),
    IIOP("iiop", null),
    RMI_IIOP("rmi-iiop", null),
    HTTP_RMI("http-rmi", "RMI tunnelled over HTTP to a Jetty servlet: not built yet"),
    SOAP("soap", "SOAP on JAX-WS and Jetty: not built yet"),
    HESSIAN("hessian", "Caucho Hessian: not built yet");

    private final String label;
    private final String notBuilt;

    WorkloadProtocol(String label, String notBuilt) {
        this.label = label;
        this.notBuilt = notBuilt;
    }

    /** Why this workload cannot run yet, or null when it can. */
    public String notBuilt() {
        return notBuilt;
    }

    @Override
    public String toString() {
        return label;
    }

    /** picocli converter: the lower-case names shown in --help. */
    public static WorkloadProtocol parse(String s) {
        for (WorkloadProtocol p : values()) if (p.label.equalsIgnoreCase(s)) return p;
        throw new IllegalArgumentException("unknown protocol '" + s + "' (expected: one of "
                + java.util.Arrays.stream(values()).map(WorkloadProtocol::toString).toList() + ")");
    }
}
