package io.wireanalyze.protocol.jrmp;

import io.wireanalyze.codec.ModifiedUtf8;
import io.wireanalyze.serial.ClassData;
import io.wireanalyze.serial.SerialNode;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * Finds a remote reference (a stub) in walked serialization contents. java.rmi.server.RemoteObject's
 * writeObject writes, in its class's annotation block data: writeUTF(refClass), then the ref's external
 * form: for "UnicastRef", LiveRef.write: writeUTF(host), writeInt(port), the ObjID (objNum long, UID) and a
 * boolean; for "UnicastRef2", a format byte first (0 host and port, 1 with a client socket factory).
 */
final class RemoteRefs {

    /** A stub: proxy interfaces or stub class, and the endpoint it calls. */
    record Stub(List<String> interfaces, String stubClass, String endpoint, String objId) {
    }

    private static final String REMOTE_OBJECT = "java.rmi.server.RemoteObject";
    private static final int MAX_VISITS = 10_000;

    private RemoteRefs() {
    }

    static Stub find(ByteBuffer in, List<SerialNode> contents) {
        Set<SerialNode> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        ArrayDeque<Visit> todo = new ArrayDeque<>();
        for (SerialNode n : contents) todo.add(new Visit(n, null));
        while (!todo.isEmpty() && seen.size() < MAX_VISITS) {
            Visit v = todo.pollFirst();
            SerialNode n = JrmpParser.resolve(v.node());
            if (n == null || !seen.add(n)) continue;
            if (n instanceof SerialNode.Exception e) todo.add(new Visit(e.throwable(), v.outer()));
            if (n instanceof SerialNode.Arr a) for (SerialNode e : a.elements()) todo.add(new Visit(e, v.outer()));
            if (!(n instanceof SerialNode.Obj o)) continue;
            // The stub is the outermost object: a dynamic proxy holds its ref in its invocation handler.
            SerialNode.Obj outer = v.outer() == null ? o : v.outer();
            for (ClassData cd : o.classData()) {
                if (REMOTE_OBJECT.equals(cd.className()) && !cd.annotation().isEmpty()
                        && cd.annotation().get(0) instanceof SerialNode.BlockData b) {
                    Stub s = parseRef(in, b, cd.annotation());
                    SerialNode desc = JrmpParser.resolve(outer.classDesc());
                    List<String> interfaces = desc instanceof SerialNode.ProxyClassDesc pd ? pd.interfaces() : List.of();
                    String stubClass = desc instanceof SerialNode.ClassDesc c ? c.className() : null;
                    return new Stub(interfaces, stubClass, s == null ? null : s.endpoint(), s == null ? null : s.objId());
                }
                for (Object f : cd.fields().values()) if (f instanceof SerialNode sn) todo.add(new Visit(sn, outer));
                for (SerialNode a : cd.annotation()) todo.add(new Visit(a, outer));
            }
        }
        return null;
    }

    private record Visit(SerialNode node, SerialNode.Obj outer) {
    }

    /**
     * Parses the ref from RemoteObject's annotation block; null if it is not a form this knows. With a client socket
     * factory (UnicastRef2 format 1: RMI over SSL, say) the factory object ends the block after the port, and the
     * ObjID is in the next block of the annotation.
     */
    private static Stub parseRef(ByteBuffer in, SerialNode.BlockData b, List<SerialNode> annotation) {
        int i = b.dataStart(), end = b.end();
        if (end - i < 2) return null;
        int n = in.getShort(i) & 0xffff;
        if (end - i < 2 + n) return null;
        String refClass = ModifiedUtf8.decodeLenient(in, i + 2, n);
        i += 2 + n;
        if (refClass.equals("UnicastRef2") || refClass.equals("UnicastServerRef2")) {
            if (end - i < 1) return null;
            i++;   // format: 0 host and port, 1 host, port and factory
        } else if (!refClass.equals("UnicastRef") && !refClass.equals("UnicastServerRef")) {
            return new Stub(new ArrayList<>(), null, null, null);
        }
        if (end - i < 2) return null;
        int hostLength = in.getShort(i) & 0xffff;
        if (end - i < 2 + hostLength + 4) return null;
        String host = ModifiedUtf8.decodeLenient(in, i + 2, hostLength);
        int port = in.getInt(i + 2 + hostLength);
        i += 2 + hostLength + 4;
        String objId = null;
        if (end - i >= JrmpConstants.OBJID_LENGTH) {
            objId = "[" + JrmpParser.uid(in, i + 8) + ", " + in.getLong(i) + "]";
        } else if (end == i) {
            for (int k = 1; k < annotation.size(); k++) {
                if (annotation.get(k) instanceof SerialNode.BlockData next && next.end() - next.dataStart() >= JrmpConstants.OBJID_LENGTH) {
                    objId = "[" + JrmpParser.uid(in, next.dataStart() + 8) + ", " + in.getLong(next.dataStart()) + "]";
                    break;
                }
            }
        }
        return new Stub(List.of(), null, host + ":" + port, objId);
    }
}
