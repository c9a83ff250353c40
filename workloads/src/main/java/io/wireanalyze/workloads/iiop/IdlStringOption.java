package io.wireanalyze.workloads.iiop;

import io.wireanalyze.workloads.OptionGroup;
import io.wireanalyze.workloads.Parsed;
import io.wireanalyze.workloads.ParsedConverter;
import picocli.CommandLine.Option;

/** {@code --idl-string}: which IDL string type payload {@code chars:N} travels as. */
public final class IdlStringOption implements OptionGroup {

    @Option(names = "--idl-string", paramLabel = "TYPE", converter = Converter.class,
            description = "Send chars:N as an IDL string or wstring (default: string).")
    IdlString type = IdlString.STRING;

    public IdlString type() {
        return type;
    }

    /** picocli: {@code string} or {@code wstring}. */
    public static final class Converter extends ParsedConverter<IdlString> {
        @Override
        protected Parsed<IdlString> parse(String text) {
            return IdlString.parse(text);
        }
    }
}
