package io.wireanalyze.workloads.jrmptls;

import io.wireanalyze.workloads.Choice;
import io.wireanalyze.workloads.Labelled;
import io.wireanalyze.workloads.Parsed;

/** The TLS version a jrmp-tls run negotiates: {@code --tls 1.3} or {@code 1.2}. */
@Choice("TLS version")
public enum TlsVersionChoice implements Labelled {
    TLS_1_3("1.3", "TLSv1.3"),
    TLS_1_2("1.2", "TLSv1.2");

    private final String label;
    private final String jsseName;

    TlsVersionChoice(String label, String jsseName) {
        this.label = label;
        this.jsseName = jsseName;
    }

    /** The JSSE protocol name, e.g. {@code TLSv1.3}. */
    public String jsseName() {
        return jsseName;
    }

    @Override
    public String toString() {
        return label;
    }

    @Override
    public String label() {
        return label;
    }

    /** Its label or its JSSE name ({@code 1.2} or {@code TLSv1.2}), ignoring case. */
    @Override
    public boolean writtenAs(String text) {
        return label.equalsIgnoreCase(text) || jsseName.equalsIgnoreCase(text);
    }

    /** The JSSE name to the constant, for a child JVM's system property. */
    static Parsed<TlsVersionChoice> ofJsseName(String name) {
        for (TlsVersionChoice v : values()) if (v.jsseName.equals(name)) return Parsed.ok(v);
        return Parsed.invalid("TLS protocol '" + name + "' (expected: TLSv1.3 or TLSv1.2)");
    }
}
