package io.wireanalyze.codec.xml;

/** How element names are read. */
public enum XmlNames {
    /** Namespaces in XML 1.0: a prefix must be declared, names are {namespace}local (SOAP, WSDL, XML-RPC has none). */
    NAMESPACES,
    /**
     * Names as written, {@code prefix:local} with no declaration needed: Burlap's {@code <burlap:call>} binds its
     * prefix nowhere, which a namespace-aware parser refuses.
     */
    AS_WRITTEN
}
