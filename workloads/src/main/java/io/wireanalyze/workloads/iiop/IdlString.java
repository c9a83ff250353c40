package io.wireanalyze.workloads.iiop;

import io.wireanalyze.workloads.Choice;
import io.wireanalyze.workloads.EnumLabels;

/**
 * Which IDL string type payload {@code chars:N} travels as (Juric et al. compare the two): {@code string}
 * ({@code sendChars}, one octet per character, ISO 8859-1) or {@code wstring} ({@code sendWChars}, UTF-16).
 */
@Choice("IDL string type")
public enum IdlString {
    STRING("sendChars"),
    WSTRING("sendWChars");

    private final String operation;

    IdlString(String operation) {
        this.operation = operation;
    }

    /** The IDL type name, {@code string} or {@code wstring}. */
    public String idlName() {
        return EnumLabels.of(this);
    }

    /** The IDL operation that takes it, {@code sendChars} or {@code sendWChars} (tshark: giop.request_op). */
    public String operation() {
        return operation;
    }

    @Override
    public String toString() {
        return idlName();
    }
}
