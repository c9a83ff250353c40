package io.wireanalyze.workloads.jrmptls;

import io.wireanalyze.workloads.OptionGroup;
import picocli.CommandLine.Option;

/** {@code --tls}: the TLS version RMI over SSL negotiates. */
public final class JrmpTlsOptions implements OptionGroup {

    @Option(names = "--tls", paramLabel = "VERSION",
            description = "jrmp-tls: the TLS version the registry and the object accept: ${COMPLETION-CANDIDATES} (default: 1.3).")
    TlsVersionChoice version = TlsVersionChoice.TLS_1_3;

    public TlsVersionChoice version() {
        return version;
    }
}
