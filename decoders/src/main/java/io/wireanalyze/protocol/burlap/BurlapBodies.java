package io.wireanalyze.protocol.burlap;

import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.codec.Failure;
import io.wireanalyze.codec.xml.XmlInput;
import io.wireanalyze.codec.xml.XmlNames;
import io.wireanalyze.codec.xml.XmlWalk;
import io.wireanalyze.protocol.BodyFormat;
import io.wireanalyze.protocol.DecodeStep;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.ProtocolName;
import io.wireanalyze.protocol.RequestHead;
import io.wireanalyze.protocol.Role;
import io.wireanalyze.protocol.XmlBodies;

import javax.xml.stream.XMLStreamReader;
import java.nio.ByteBuffer;

/**
 * Caucho Burlap (Hessian's XML form) as a body format: a POST is claimed when its root element is {@code <burlap:call>}
 * (by content, on any port). Documents are read with the hardened StAX reader ({@link XmlInput}, names as written: the
 * {@code burlap:} prefix is declared nowhere, so Aalto reads them inside an element that declares it, the JDK's parser
 * again wherever that could differ) and {@link XmlWalk}: a DTD, an entity, too deep a nesting or too many
 * elements is a failure with its offset, never expanded or fetched. A call is an invocation named by its
 * {@code <method>}, its arguments the data; a reply's value or fault is its data, a fault's code and message its
 * exception ({@link BurlapReader}).
 */
public final class BurlapBodies extends XmlBodies {

    /** The protocol's name in reports. */
    public static final ProtocolName BURLAP = new ProtocolName("burlap");

    /** The format, for the protocol table. */
    public static final BodyFormat FORMAT = BodyFormat.of(BURLAP, context -> new BurlapBodies(context.limits()));

    private BurlapBodies(DecoderLimits limits) {
        super(limits, XmlNames.AS_WRITTEN);
    }

    @Override
    public boolean claims(ByteBuffer body, RequestHead head) {
        return BurlapReader.CALL.equals(root(body, head.contentType(), BurlapReader.CALL));
    }

    /** The root element's name as written (a DTD before it is looked past, not read). */
    @Override
    protected String rootName(XMLStreamReader r) {
        return BurlapReader.name(r);
    }

    @Override
    protected DecodeStep<Message> read(ByteBuffer body, long offset, String contentType, Role role, Message request) {
        Walked<BurlapReader> w = walk(body, offset, contentType, in -> new BurlapReader(in, limits.maxStringChars()));
        if (w.failure() != null) return new DecodeStep.Malformed<>(w.failure());
        BurlapReader b = w.visitor();
        Failure root = wrongRoot(offset, "burlap.root", b.root(), role == Role.REQUEST ? BurlapReader.CALL : BurlapReader.REPLY);
        if (root != null) return new DecodeStep.Malformed<>(root);
        if (role == Role.REQUEST && b.dataStart() < 0)
            return new DecodeStep.Malformed<>(offset, "burlap.method", "a call without <method> (expected: one, before the arguments)");
        int length = body.remaining();
        var details = new BurlapDetails(role == Role.REQUEST ? b.arguments() : null, length, b.valueBytes(), w.elements(),
                b.fault() ? b.faultValue("code") : null, b.fault() ? b.faultValue("message") : null);
        String method = b.method();
        return decoded(BURLAP, role, request, w, method, method, details, offset, length);
    }
}
