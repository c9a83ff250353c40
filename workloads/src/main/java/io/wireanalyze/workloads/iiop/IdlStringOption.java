package io.wireanalyze.workloads.iiop;

import io.wireanalyze.workloads.OptionGroup;
import picocli.CommandLine.Option;

/** {@code --idl-string}: which IDL string type payload {@code chars:N} travels as. */
public final class IdlStringOption implements OptionGroup {

    @Option(names = "--idl-string", paramLabel = "TYPE",
            description = "Send chars:N as an IDL string or wstring (default: string).")
    IdlString type = IdlString.STRING;

    public IdlString type() {
        return type;
    }
}
