package io.wireanalyze.workloads.jrmptls;

import io.wireanalyze.workloads.EnumLabels;
import io.wireanalyze.workloads.EnumOption;
import io.wireanalyze.workloads.Parsed;

/** The TLS version a jrmp-tls run negotiates: {@code --tls 1.3} or {@code 1.2}. */
public enum TlsVersionChoice {
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

    public static Parsed<TlsVersionChoice> parse(String text) {
        for (TlsVersionChoice v : values()) if (v.jsseName.equalsIgnoreCase(text)) return Parsed.ok(v);
        return EnumLabels.parse(TlsVersionChoice.class, "TLS version", text);
    }

    /** The JSSE name to the constant, for a child JVM's system property. */
    static Parsed<TlsVersionChoice> ofJsseName(String name) {
        for (TlsVersionChoice v : values()) if (v.jsseName.equals(name)) return Parsed.ok(v);
        return Parsed.invalid("TLS protocol '" + name + "' (expected: TLSv1.3 or TLSv1.2)");
    }

    /** picocli: the converter of the option and its completion candidates, the labels. */
    public static final class Choices extends EnumOption<TlsVersionChoice> {
        public Choices() {
            super(TlsVersionChoice.class, TlsVersionChoice::parse);
        }
    }
}
