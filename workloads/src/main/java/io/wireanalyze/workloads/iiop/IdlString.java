package io.wireanalyze.workloads.iiop;

import io.wireanalyze.workloads.EnumLabels;
import io.wireanalyze.workloads.EnumOption;
import io.wireanalyze.workloads.Parsed;

/**
 * Which IDL string type payload {@code chars:N} travels as (Juric et al. compare the two): {@code string}
 * ({@code sendChars}, one octet per character, ISO 8859-1) or {@code wstring} ({@code sendWChars}, UTF-16).
 */
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

    public static Parsed<IdlString> parse(String text) {
        return EnumLabels.parse(IdlString.class, "IDL string type", text);
    }

    @Override
    public String toString() {
        return idlName();
    }

    /** picocli: the converter of the option and its completion candidates, the labels. */
    public static final class Choices extends EnumOption<IdlString> {
        public Choices() {
            super(IdlString.class, IdlString::parse);
        }
    }
}
