package io.wireanalyze.protocol.jrmp;

import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.MessageInfo;
import io.wireanalyze.protocol.Role;
import io.wireanalyze.protocol.WireProtocol;
import io.wireanalyze.serial.ClassData;
import io.wireanalyze.serial.SerialNode;
import io.wireanalyze.tcp.Direction;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.wireanalyze.protocol.jrmp.JrmpConstants.*;

/**
 * What a walked Call or ReturnData means: the target ObjID, operation and hash; registry and DGC
 * operations with the bound name and the lease; method names from hashes; a return's type, ack UID,
 * exception class, and a returned stub's interfaces and endpoint.
 */
final class JrmpInterpreter {

    /** A message, or the reason it cannot be one. */
    record Call(Message message, String malformed) {
    }

    private final Map<Long, String> methodNames;

    JrmpInterpreter(Map<Long, String> methodNames) {
        this.methodNames = methodNames;
    }

    Call call(ByteBuffer in, int p, long offset, int length, List<SerialNode> contents) {
        if (contents.isEmpty() || !(contents.get(0) instanceof SerialNode.BlockData header)
                || header.end() - header.dataStart() < CALL_HEADER_LENGTH)
            return new Call(null, "call header: " + describe(contents) + " (expected: block data of at least "
                    + CALL_HEADER_LENGTH + " bytes with ObjID, operation and hash)");
        int h = header.dataStart();
        long objNum = in.getLong(h);
        String uid = uid(in, h + 8);
        int op = in.getInt(h + OBJID_LENGTH);
        long hash = in.getLong(h + OBJID_LENGTH + 4);
        boolean wellKnown = "0:0:0".equals(uid);
        Phase phase;
        String method;
        String name = null;
        Long lease = null;
        Map<String, Object> extra = new LinkedHashMap<>();
        if (wellKnown && objNum == REGISTRY_ID) {
            phase = Phase.NAMING;
            method = op >= 0 && op < REGISTRY_OPS.length ? REGISTRY_OPS[op] : "op " + op;
            Str s = firstString(contents);
            if (s != null) name = s.value();
        } else if (wellKnown && objNum == DGC_ID) {
            phase = Phase.DGC;
            method = op >= 0 && op < DGC_OPS.length ? DGC_OPS[op] : "op " + op;
            lease = leaseValue(contents);
            List<String> ids = objIds(contents);
            if (!ids.isEmpty()) extra.put("objIds", ids);
        } else {
            phase = Phase.INVOCATION;
            if (op == -1) method = methodNames.getOrDefault(hash, null);
            else method = "op " + op;   // JDK 1.1 stubs: operation number with an interface hash
            if (method == null) method = "method#" + Long.toHexString(hash);
        }
        if (wellKnown && objNum == ACTIVATOR_ID) phase = Phase.NAMING;
        int dataStart = h + CALL_HEADER_LENGTH;
        int dataLength = Math.max(0, p + length - dataStart);
        MessageInfo info = new MessageInfo("[" + uid + ", " + objNum + "]", objNum, op, hash, method, name, lease, extra);
        return new Call(new Message(WireProtocol.JRMP, "call", phase, Direction.C2S, offset, length,
                offset + (dataStart - p), dataLength, Role.REQUEST, -1, info), null);
    }

    Call ret(ByteBuffer in, int p, long offset, int length, List<SerialNode> contents, Message request) {
        if (contents.isEmpty() || !(contents.get(0) instanceof SerialNode.BlockData header)
                || header.end() - header.dataStart() < RETURN_HEADER_LENGTH)
            return new Call(null, "return header: " + describe(contents) + " (expected: block data of at least "
                    + RETURN_HEADER_LENGTH + " bytes with the return type and the ack UID)");
        int h = header.dataStart();
        int returnType = in.get(h) & 0xff;
        Map<String, Object> extra = new LinkedHashMap<>();
        extra.put("returnType", returnType == NORMAL_RETURN ? "normal" : returnType == EXCEPTIONAL_RETURN ? "exception" : "0x" + Integer.toHexString(returnType));
        extra.put("ackUid", uid(in, h + 1));
        Obj first = firstObject(contents);
        if (returnType == EXCEPTIONAL_RETURN && first != null) extra.put("exception", first.className());
        RemoteRefs.Stub stub = RemoteRefs.find(in, contents);
        if (stub != null) {
            if (!stub.interfaces().isEmpty()) extra.put("interfaces", stub.interfaces());
            if (stub.stubClass() != null) extra.put("stubClass", stub.stubClass());
            if (stub.endpoint() != null) extra.put("endpoint", stub.endpoint());
            if (stub.objId() != null) extra.put("stubObjId", stub.objId());
        } else if (returnType == NORMAL_RETURN && first != null) {
            extra.put("valueClass", first.className());
        }
        Long lease = leaseValue(contents);
        Phase phase;
        MessageInfo info;
        if (request != null) {
            MessageInfo q = request.info();
            phase = request.phase();
            info = new MessageInfo(q.objId(), q.objNum(), q.op(), q.hash(), q.method(), q.name(), lease, extra);
        } else {
            // Joined mid-connection: the call was not captured.
            phase = lease != null ? Phase.DGC : stub != null ? Phase.NAMING : Phase.INVOCATION;
            info = new MessageInfo(null, null, null, null, null, null, lease, extra);
        }
        int dataStart = h + RETURN_HEADER_LENGTH;
        int dataLength = Math.max(0, p + length - dataStart);
        return new Call(new Message(WireProtocol.JRMP, "return", phase, Direction.S2C, offset, length,
                offset + (dataStart - p), dataLength, Role.REPLY, -1, info), null);
    }

    /** A java.rmi.server.UID as the JDK prints it: unique:time:count in hex. */
    static String uid(ByteBuffer in, int at) {
        return Integer.toString(in.getInt(at), 16) + ":" + Long.toString(in.getLong(at + 4), 16) + ":"
                + Integer.toString(in.getShort(at + 12), 16);
    }

    private record Str(String value) {
    }

    private record Obj(String className, SerialNode.Obj node) {
    }

    private static Str firstString(List<SerialNode> contents) {
        for (SerialNode n : contents) {
            if (resolve(n) instanceof SerialNode.Str s) return new Str(s.value());
        }
        return null;
    }

    private static Obj firstObject(List<SerialNode> contents) {
        for (SerialNode n : contents) {
            SerialNode r = resolve(n);
            if (r instanceof SerialNode.Obj o) return new Obj(o.className(), o);
            if (r instanceof SerialNode.Exception e && resolve(e.throwable()) instanceof SerialNode.Obj o) return new Obj(o.className(), o);
        }
        return null;
    }

    /** The {@code value} of a java.rmi.dgc.Lease among the contents (dirty call and its return). */
    private static Long leaseValue(List<SerialNode> contents) {
        for (SerialNode n : contents) {
            if (resolve(n) instanceof SerialNode.Obj o) {
                for (ClassData cd : o.classData()) {
                    if ("java.rmi.dgc.Lease".equals(cd.className()) && cd.fields().get("value") instanceof Long v) return v;
                }
            }
        }
        return null;
    }

    /** The ObjIDs of a DGC call's ObjID[] argument. */
    private static List<String> objIds(List<SerialNode> contents) {
        List<String> ids = new ArrayList<>();
        for (SerialNode n : contents) {
            if (!(resolve(n) instanceof SerialNode.Arr a) || !a.className().equals("[Ljava.rmi.server.ObjID;")) continue;
            for (SerialNode e : a.elements()) {
                if (!(resolve(e) instanceof SerialNode.Obj o)) continue;
                for (ClassData cd : o.classData()) {
                    if (!"java.rmi.server.ObjID".equals(cd.className())) continue;
                    Object num = cd.fields().get("objNum");
                    String space = "?";
                    if (cd.fields().get("space") instanceof SerialNode sn && resolve(sn) instanceof SerialNode.Obj u) {
                        for (ClassData ud : u.classData()) {
                            if ("java.rmi.server.UID".equals(ud.className()))
                                space = hex(ud.fields().get("unique")) + ":" + hex(ud.fields().get("time")) + ":" + hex(ud.fields().get("count"));
                        }
                    }
                    ids.add("[" + space + ", " + num + "]");
                }
            }
        }
        return ids;
    }

    private static String hex(Object v) {
        if (v instanceof Integer i) return Integer.toString(i, 16);
        if (v instanceof Long l) return Long.toString(l, 16);
        if (v instanceof Short s) return Integer.toString(s, 16);
        return "?";
    }

    static SerialNode resolve(SerialNode n) {
        return n instanceof SerialNode.Ref r && r.target() != null ? r.target() : n;
    }

    private static String describe(List<SerialNode> contents) {
        if (contents.isEmpty()) return "no content";
        SerialNode n = contents.get(0);
        if (n instanceof SerialNode.BlockData b) return "block data of " + (b.end() - b.dataStart()) + " bytes";
        return n.getClass().getSimpleName().toLowerCase();
    }
}
