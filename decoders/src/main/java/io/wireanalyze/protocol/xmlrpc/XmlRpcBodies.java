package io.wireanalyze.protocol.xmlrpc;

import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.codec.Failure;
import io.wireanalyze.codec.xml.XmlNames;
import io.wireanalyze.protocol.BodyFormat;
import io.wireanalyze.protocol.DecodeStep;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.ProtocolName;
import io.wireanalyze.protocol.RequestHead;
import io.wireanalyze.protocol.Role;
import io.wireanalyze.protocol.XmlBodies;

import javax.xml.stream.XMLStreamReader;
import java.nio.ByteBuffer;
import java.util.Locale;

/**
 * XML-RPC as a body format: a POST is claimed when its root element is {@code <methodCall>} in no namespace, or when it
 * is gzip (Apache XML-RPC's {@code Content-Encoding: gzip}) with an XML media type. A gzip body is inflated first, bounded
 * by the message size limit ({@link Inflated}: a zip bomb is a failure with its reason); documents are read with the
 * hardened StAX reader (a DTD, an entity, too deep or too many elements is a failure, never expanded or fetched). A
 * call is an invocation named by its {@code methodName}; its params are the data (the whole body when compressed), a
 * fault's faultCode and faultString the exception ({@link XmlRpcReader}).
 */
public final class XmlRpcBodies extends XmlBodies {

    /** The protocol's name in reports. */
    public static final ProtocolName XMLRPC = new ProtocolName("xmlrpc");

    /** The format, for the protocol table. */
    public static final BodyFormat FORMAT = BodyFormat.of(XMLRPC, context -> new XmlRpcBodies(context.limits()));

    private XmlRpcBodies(DecoderLimits limits) {
        super(limits, XmlNames.NAMESPACES);
    }

    @Override
    public boolean claims(ByteBuffer body, RequestHead head) {
        if (Inflated.isGzip(body))
            return head.contentType() != null && head.contentType().toLowerCase(Locale.ROOT).contains("xml");
        return XmlRpcReader.CALL.equals(root(body, head.contentType()));
    }

    /** The root element's local name when it is in no namespace, or null. */
    @Override
    protected String rootName(XMLStreamReader r) {
        String ns = r.getNamespaceURI();
        return ns == null || ns.isEmpty() ? r.getLocalName() : null;
    }

    @Override
    protected DecodeStep<Message> read(ByteBuffer body, long offset, String contentType, Role role, Message request) {
        ByteBuffer doc = body;
        Long inflated = null;
        if (Inflated.isGzip(body)) {
            Inflated.Result r = Inflated.inflate(body, offset, limits.maxMessageBytes());
            if (r instanceof Inflated.Result.Bad bad) return new DecodeStep.Malformed<>(bad.failure());
            doc = ((Inflated.Result.Ok) r).bytes();
            inflated = (long) doc.remaining();
        }
        Walked<XmlRpcReader> w = walk(doc, offset, contentType, in -> new XmlRpcReader(in, limits.maxStringChars()));
        if (w.failure() != null) return new DecodeStep.Malformed<>(w.failure());
        XmlRpcReader x = w.visitor();
        Failure root = wrongRoot(offset, "xmlrpc.root", x.root(), role == Role.REQUEST ? XmlRpcReader.CALL : XmlRpcReader.RESPONSE);
        if (root != null) return new DecodeStep.Malformed<>(root);
        String method = x.method();
        if (role == Role.REQUEST && method.isEmpty())
            return new DecodeStep.Malformed<>(offset, "xmlrpc.methodName", "a methodCall without a methodName (expected: one)");
        int length = body.remaining();
        var details = new XmlRpcDetails(role == Role.REQUEST ? x.arguments() : null, length, inflated, x.valueBytes(), w.elements(),
                x.faultCode, x.faultString);
        // Handler.method: the operation is the method, after the handler's name (system.listMethods: listMethods)
        String operation = method.substring(method.lastIndexOf('.') + 1);
        if (inflated != null)   // compressed: the whole body is the data
            return decoded(XMLRPC, role, request, x.fault(), method, operation, details, offset, length, offset, length);
        return decoded(XMLRPC, role, request, w, method, operation, details, offset, length);
    }
}
