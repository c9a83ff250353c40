package io.wireanalyze.protocol.burlap;

import io.wireanalyze.codec.Failure;
import io.wireanalyze.codec.xml.XmlInput;
import io.wireanalyze.codec.xml.XmlWalk;
import io.wireanalyze.protocol.XmlBodies;

import javax.xml.stream.XMLStreamReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads a Burlap call or reply as {@link XmlWalk} reports it: the root ({@code burlap:call} or {@code burlap:reply}),
 * the method, the arguments, a fault's code and message, and the bytes of value text. Markup, not values: the method,
 * headers' names, {@code <type>}, {@code <length>}, {@code <ref>} and the keys of a typed {@code <map>} (an object's
 * field names). Positions are indices into the body's buffer.
 */
final class BurlapReader extends XmlBodies.CallReader {

    static final String CALL = "burlap:call";
    static final String REPLY = "burlap:reply";
    private static final Set<String> MARKUP = Set.of("method", "header", "type", "length", "ref");

    /** An open element: whether its text is markup, and for a map whether it is typed and how many entries it holds. */
    private static final class Open {
        final String name;
        final boolean markup;
        boolean typed;
        int children;

        Open(String name, boolean markup) {
            this.name = name;
            this.markup = markup;
        }
    }

    private final List<Open> open = new ArrayList<>();
    private final List<String> faultStrings = new ArrayList<>();
    private StringBuilder faultText;

    BurlapReader(XmlInput in, int maxChars) {
        super(in, maxChars);
    }

    static String name(XMLStreamReader r) {
        String prefix = r.getPrefix();
        return prefix == null || prefix.isEmpty() ? r.getLocalName() : prefix + ":" + r.getLocalName();
    }

    @Override
    public Failure start(XMLStreamReader r, int depth, int tagEnd) {
        String name = name(r);
        if (depth == 1) {
            if (!name.equals(CALL) && !name.equals(REPLY))
                return new Failure(in.tagStart(tagEnd), "burlap.root", "root element " + name + " (expected: burlap:call or burlap:reply)");
            root = name;
            if (name.equals(REPLY)) dataStart = tagEnd;
            open.add(new Open(name, false));
            return null;
        }
        Open parent = open.get(open.size() - 1);
        boolean key = false;
        if (parent.name.equals("map")) {
            if (parent.children == 0 && name.equals("type")) parent.typed = true;
            else key = parent.typed && (parent.children - 1) % 2 == 0;   // a typed map's keys are field names
        }
        parent.children++;
        if (depth == 2 && root.equals(CALL) && dataStart >= 0) arguments++;
        if (depth == 2 && name.equals("fault")) fault = true;
        if (depth == 3 && fault && name.equals("string")) faultText = new StringBuilder();
        open.add(new Open(name, parent.markup || MARKUP.contains(name) || key));
        return null;
    }

    @Override
    public void end(XMLStreamReader r, int depth, int tagEnd) {
        Open closed = open.remove(open.size() - 1);
        if (depth == 2 && closed.name.equals("method") && root.equals(CALL)) dataStart = tagEnd;
        if (depth == 1) dataEnd = in.tagStart(tagEnd);
        if (depth == 3 && faultText != null) {
            faultStrings.add(faultText.toString());
            faultText = null;
        }
    }

    @Override
    public void text(XMLStreamReader r, int depth) {
        if (depth == 2 && open.get(open.size() - 1).name.equals("method")) collect(method, r);
        if (faultText != null) collect(faultText, r);
        if (depth >= 2 && !open.get(open.size() - 1).markup) countValue(r);
    }

    /** The string after {@code key} in the fault's key-value strings, or null. */
    String faultValue(String key) {
        for (int i = 0; i + 1 < faultStrings.size(); i += 2) if (faultStrings.get(i).equals(key)) return faultStrings.get(i + 1);
        return null;
    }
}
