package io.wireanalyze.protocol.xmlrpc;

import io.wireanalyze.codec.Failure;
import io.wireanalyze.codec.xml.XmlInput;
import io.wireanalyze.codec.xml.XmlWalk;
import io.wireanalyze.protocol.XmlBodies;

import javax.xml.stream.XMLStreamReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads an XML-RPC document as {@link XmlWalk} reports it: the root ({@code methodCall} or {@code methodResponse}, in no
 * namespace), the {@code methodName}, the {@code param}s, a {@code fault}'s faultCode and faultString, and the bytes of
 * value text. Markup: the method name, struct member names, and the containers' white space. Apache XML-RPC's
 * extensions ({@code ex:i8}, {@code ex:float}, {@code ex:serializable}...) are values like the standard types.
 */
final class XmlRpcReader extends XmlBodies.CallReader {

    static final String CALL = "methodCall";
    static final String RESPONSE = "methodResponse";
    private static final Set<String> NOT_VALUES = Set.of("methodCall", "methodResponse", "methodName", "params", "param",
            "struct", "member", "name", "array", "data", "fault");

    private final List<String> open = new ArrayList<>();
    private String memberName;
    private StringBuilder collecting;
    String faultCode;
    String faultString;

    XmlRpcReader(XmlInput in, int maxChars) {
        super(in, maxChars);
    }

    @Override
    public Failure start(XMLStreamReader r, int depth, int tagEnd) {
        String name = r.getLocalName();
        if (depth == 1) {
            String ns = r.getNamespaceURI();
            if (!(name.equals(CALL) || name.equals(RESPONSE)) || ns != null && !ns.isEmpty())
                return new Failure(in.tagStart(tagEnd), "xmlrpc.root", "root element " + r.getName() + " (expected: methodCall or methodResponse)");
            root = name;
            if (name.equals(RESPONSE)) dataStart = tagEnd;
        }
        if (depth == 2 && name.equals("params") && root.equals(CALL) && dataStart < 0) dataStart = in.tagStart(tagEnd);
        if (depth == 3 && name.equals("param") && root.equals(CALL)) arguments++;
        if (depth == 2 && name.equals("fault")) fault = true;
        if (fault && name.equals("name")) collecting = new StringBuilder();
        else if (fault && memberName != null && !NOT_VALUES.contains(name)) collecting = new StringBuilder();   // <value> or its type
        open.add(name);
        return null;
    }

    @Override
    public void end(XMLStreamReader r, int depth, int tagEnd) {
        String name = open.remove(open.size() - 1);
        if (depth == 2 && name.equals("methodName") && root.equals(CALL)) dataStart = tagEnd;
        if (depth == 1) dataEnd = in.tagStart(tagEnd);
        if (fault && collecting != null && name.equals("name")) {
            memberName = collecting.toString();
            collecting = null;
        } else if (fault && collecting != null) {
            if ("faultCode".equals(memberName)) faultCode = collecting.toString();
            if ("faultString".equals(memberName)) faultString = collecting.toString();
            collecting = null;
            memberName = null;
        }
    }

    @Override
    public void text(XMLStreamReader r, int depth) {
        String inside = open.get(open.size() - 1);
        if (inside.equals("methodName")) collect(method, r);
        if (collecting != null) collect(collecting, r);
        if (!NOT_VALUES.contains(inside)) countValue(r);
    }
}
