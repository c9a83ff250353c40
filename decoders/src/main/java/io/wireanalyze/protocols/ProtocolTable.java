package io.wireanalyze.protocols;

import io.wireanalyze.protocol.ByteCount;
import io.wireanalyze.protocol.DetailColumn;
import io.wireanalyze.protocol.Protocol;
import io.wireanalyze.protocol.burlap.BurlapBodies;
import io.wireanalyze.protocol.giop.Giop;
import io.wireanalyze.protocol.hessian.HessianBodies;
import io.wireanalyze.protocol.http.Http;
import io.wireanalyze.protocol.httpinvoker.HttpInvokerBodies;
import io.wireanalyze.protocol.jrmp.Jrmp;
import io.wireanalyze.protocol.jrmp.JrmpBodies;
import io.wireanalyze.protocol.jrmp.JrmpDetails;
import io.wireanalyze.protocol.soap.SoapBodies;
import io.wireanalyze.protocol.soap.SoapDetails;
import io.wireanalyze.protocol.tls.Tls;
import io.wireanalyze.protocol.tls.TlsKeyLog;
import io.wireanalyze.protocol.xmlrpc.XmlRpcBodies;

import java.util.ArrayList;
import java.util.List;

/**
 * Every protocol wireanalyze decodes, in the order their probes are tried on a new connection. Adding a protocol
 * is a package under {@code io.wireanalyze.protocol} (its probe, framing, parsing and phase rules, and a
 * {@link Protocol} entry) and one line here. Protocol packages never import each other: a layered protocol gets
 * what it carries here (HTTP is handed JRMP's, SOAP's, Hessian's, Burlap's, HttpInvoker's and XML-RPC's body
 * decoders; TLS the other protocols of the table, which it runs over its plaintext streams).
 */
public final class ProtocolTable {

    /** The protocols, in probe order: the most specific first; TLS, without a key log, last. */
    public static final List<Protocol> ALL = withTlsKeys(TlsKeyLog.EMPTY);

    /**
     * Every byte count the protocols' details declare ({@link ByteCount}), in the order the reports list them: the
     * outer framing of layered protocols, the values that SOAP, Hessian, Burlap and XML-RPC tell apart from markup,
     * SOAP's WS-Security headers. A protocol with a count of its own adds it here.
     */
    public static final List<ByteCount> COUNTS = List.of(ByteCount.FRAMING, ByteCount.VALUES, SoapDetails.SECURITY);

    /**
     * The detail fields the reports write among a message's shared fields ({@link io.wireanalyze.protocol.Details#columns}),
     * each after the field it names: JRMP's operation number, DGC lease and ObjID number. A protocol whose details fill
     * such columns adds them here.
     */
    public static final List<DetailColumn> COLUMNS = JrmpDetails.COLUMNS;

    private ProtocolTable() {
    }

    /** The table whose TLS decrypts the connections this key log has secrets for. */
    public static List<Protocol> withTlsKeys(TlsKeyLog keys) {
        List<Protocol> plain = List.of(
                Jrmp.PROTOCOL,
                Giop.PROTOCOL,
                new Http(List.of(JrmpBodies.FORMAT, SoapBodies.FORMAT, HessianBodies.FORMAT, BurlapBodies.FORMAT,
                        HttpInvokerBodies.FORMAT, XmlRpcBodies.FORMAT)));
        List<Protocol> all = new ArrayList<>(plain);
        all.add(new Tls(plain, keys));
        return List.copyOf(all);
    }
}
