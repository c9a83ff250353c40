package io.wireanalyze.workloads.iiop;

import io.wireanalyze.workloads.Parsed;

/**
 * Which IDL string type payload {@code chars:N} travels as (Juric et al. compare the two): {@code string}
 * ({@code sendChars}, one octet per character, ISO 8859-1) or {@code wstring} ({@code sendWChars}, UTF-16).
 */
public enum IdlString {
    STRING("string", "sendChars"),
    WSTRING("wstring", "sendWChars");

    private final String idlName;
    private final String operation;

    IdlString(String idlName, String operation) {
        this.idlName = idlName;
        this.operation = operation;
    }

    /** The IDL type name, {@code string} or {@code wstring}. */
    public String idlName() {
        return idlName;
    }

    /** The IDL operation that takes it, {@code sendChars} or {@code sendWChars} (tshark: giop.request_op). */
    public String operation() {
        return operation;
    }

    public static Parsed<IdlString> parse(String text) {
        for (IdlString s : values()) if (s.idlName.equals(text)) return Parsed.ok(s);
        return Parsed.invalid("IDL string type '" + text + "' (expected: string or wstring)");
    }

    @Override
    public String toString() {
        return idlName;
    }
}
