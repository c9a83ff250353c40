package io.wireanalyze.protocol.jrmp;

import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.DecodeStep;
import io.wireanalyze.protocol.FactRef;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.MessageInfo;
import io.wireanalyze.protocol.ProtocolName;
import io.wireanalyze.protocol.Role;
import io.wireanalyze.protocol.SessionContext;
import io.wireanalyze.codec.Hex;
import io.wireanalyze.serial.ClassData;
import io.wireanalyze.serial.SerialNode;
import io.wireanalyze.tcp.Direction;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static io.wireanalyze.protocol.jrmp.JrmpConstants.*;

/**
 * What a walked Call or ReturnData means (Java RMI Specification 10.2.3 and 10.3): the target ObjID, operation
 * and hash; registry and DGC operations with the bound name and the lease; method names from hashes; a return's
 * type, ack UID, exception class, and a returned stub's interfaces and endpoint. Messages are named with the
 * protocol that carried them ({@code jrmp}, or {@code http-rmi} inside HTTP).
 */
final class JrmpParser {

    private final MethodNamer names;
    private final RemoteObjects objects;
    private final ProtocolName protocol;
    /**
     * The last call's ObjID (its bytes) and what was made of them, its method hash's box, its arguments as shown and
     * what it asked the capture for: the next call on the same object shares them. A connection's calls mostly go to
     * one object, and a long connection holds every call's message until it ends: a fifth of a call's heap was these
     * (docs/benchmark.md, thirty-fourth stop). Equal values shared, the decoded messages are the same.
     */
    private Long lastObjNum, lastHash;
    private long lastTime;
    private int lastUnique;
    private short lastCount;
    private String lastObjIdText, lastShown;
    /** Asked for {@link #lastObjIdText} (the same instance), at position 0. */
    private FactRef lastWants;

    JrmpParser(MethodNamer names, RemoteObjects objects, ProtocolName protocol) {
        this.names = names;
        this.objects = objects;
        this.protocol = protocol;
    }

    /**
     * A parser that knows the context's names, guesses with its words and memo, and knows of remote objects what its
     * own connection shows.
     */
    JrmpParser(SessionContext context, ProtocolName protocol) {
        this(context, RemoteObjects.own(), protocol);
    }

    /** A parser naming calls as the context says (its names, words and memo), knowing remote objects from {@code objects}. */
    JrmpParser(SessionContext context, RemoteObjects objects, ProtocolName protocol) {
        this(new MethodNamer(context.methodNames(), context.methodWords(), context.memo()), objects, protocol);
    }

    /** The Call of {@code length} bytes at {@code p} (stream offset {@code offset}), or why it is malformed. */
    DecodeStep<Message> call(ByteBuffer in, int p, long offset, int length, List<SerialNode> contents) {
        if (contents.isEmpty() || !(contents.get(0) instanceof SerialNode.BlockData header)
                || header.end() - header.dataStart() < CALL_HEADER_LENGTH)
            return new DecodeStep.Malformed<>(offset + 1, "rmi.call", "call header: " + describe(contents)
                    + " (expected: block data of at least " + CALL_HEADER_LENGTH + " bytes with ObjID, operation and hash)");
        int h = header.dataStart();
        long objNum = in.getLong(h);
        int unique = in.getInt(h + 8);   // the UID: unique, time, count
        long time = in.getLong(h + 12);
        short count = in.getShort(h + 20);
        if (lastObjNum == null || objNum != lastObjNum || unique != lastUnique || time != lastTime || count != lastCount) {
            String uid = uid(in, h + 8);
            lastObjIdText = new StringBuilder(uid.length() + 24).append('[').append(uid).append(", ").append(objNum).append(']').toString();
            lastObjNum = objNum;
            lastUnique = unique;
            lastTime = time;
            lastCount = count;
        }
        String objId = lastObjIdText;
        Long objNumBox = lastObjNum;
        int op = in.getInt(h + OBJID_LENGTH);
        long hash = in.getLong(h + OBJID_LENGTH + 4);
        if (lastHash == null || lastHash != hash) lastHash = hash;
        Long hashBox = lastHash;
        boolean wellKnown = unique == 0 && time == 0 && count == 0;   // its UID is 0:0:0
        String method, operation = null;
        String name = null;
        Long lease = null;
        List<String> objIds = List.of();
        JrmpDetails.Call details = null;
        if (wellKnown && objNum == REGISTRY_ID) {
            method = op >= 0 && op < REGISTRY_OPS.length ? operation = REGISTRY_OPS[op] : "op " + op;
            Str s = firstString(contents);
            if (s != null) name = s.value();
        } else if (wellKnown && objNum == DGC_ID) {
            method = op >= 0 && op < DGC_OPS.length ? operation = DGC_OPS[op] : "op " + op;
            lease = leaseValue(contents);
            objIds = objIds(contents);
        } else if (op != -1) {
            method = "op " + op;   // JDK 1.1 stubs: operation number with an interface hash
        } else {
            Arguments arguments = Arguments.of(contents, CALL_HEADER_LENGTH);
            MethodNamer.Named named = names.name(hash, arguments);
            String remote = objects.remoteInterface(objId);
            if (remote == null && named != null) remote = named.remoteInterface();
            String unnamed = "method#" + Long.toHexString(hash);
            if (named != null) {
                method = operation = named.method();
            } else {
                method = unnamed + (remote != null ? " on " + remote : "") + " (" + arguments.shown() + ")";
            }
            // A stub handed out before this call, on any connection, names its interface (settled by the analysis).
            int methodAt = named == null && remote == null ? unnamed.length() : -1;
            FactRef wants = lastWants != null && lastWants.key() == objId && lastWants.methodAt() == methodAt
                    ? lastWants : (lastWants = objects.wants(objId, 0, methodAt));
            String how = named == null ? null : switch (named.source()) {
                case GIVEN -> null;
                case WELL_KNOWN -> "well-known";
                case GUESSED -> "guessed";
            };
            String shown = arguments.shown();
            if (!shown.equals(lastShown)) lastShown = shown;
            details = new JrmpDetails.Call(objNumBox, op, lease, objIds, lastShown.isEmpty() ? null : lastShown, remote, how, wants);
        }
        int dataStart = h + CALL_HEADER_LENGTH;
        int dataLength = Math.max(0, p + length - dataStart);
        MessageInfo info = new MessageInfo(objId, hashBox, method, operation, name,
                details != null ? details : new JrmpDetails.Call(objNumBox, op, lease, objIds));
        return new DecodeStep.Decoded<>(new Message(protocol, JrmpMessageType.CALL, JrmpPhaseRules.call(wellKnown, objNum),
                Direction.C2S, offset, length, offset + (dataStart - p), dataLength, Role.REQUEST, -1, info), length);
    }

    /** The ReturnData of {@code length} bytes at {@code p} answering {@code request} (null when not captured). */
    DecodeStep<Message> ret(ByteBuffer in, int p, long offset, int length, List<SerialNode> contents, Message request) {
        if (contents.isEmpty() || !(contents.get(0) instanceof SerialNode.BlockData header)
                || header.end() - header.dataStart() < RETURN_HEADER_LENGTH)
            return new DecodeStep.Malformed<>(offset + 1, "rmi.returndata", "return header: " + describe(contents)
                    + " (expected: block data of at least " + RETURN_HEADER_LENGTH + " bytes with the return type and the ack UID)");
        int h = header.dataStart();
        int returnType = in.get(h) & 0xff;
        Obj first = firstObject(contents);
        RemoteRefs.Stub stub = RemoteRefs.find(in, contents);
        if (stub != null) {
            String type = !stub.interfaces().isEmpty() ? stub.interfaces().get(stub.interfaces().size() - 1) : stub.stubClass();
            objects.stub(stub.objId(), type);   // calls on it name its interface
        }
        Long lease = leaseValue(contents);
        MessageInfo q = request == null ? MessageInfo.EMPTY : request.info();
        JrmpDetails.Return details = new JrmpDetails.Return((Long) q.details().column("objNum"),
                (Integer) q.details().column("op"), lease, returnType == NORMAL_RETURN ? "normal" : returnType == EXCEPTIONAL_RETURN ? "exception" : Hex.of(returnType),
                uid(in, h + 1),
                returnType == EXCEPTIONAL_RETURN && first != null ? first.className() : null,
                stub == null ? null : stub.interfaces(), stub == null ? null : stub.stubClass(),
                stub == null ? null : stub.endpoint(), stub == null ? null : stub.objId(),
                stub == null && returnType == NORMAL_RETURN && first != null ? first.className() : null);
        MessageInfo info = new MessageInfo(q.objId(), q.hash(), q.method(), q.operation(), q.name(), details);
        int dataStart = h + RETURN_HEADER_LENGTH;
        int dataLength = Math.max(0, p + length - dataStart);
        return new DecodeStep.Decoded<>(new Message(protocol, JrmpMessageType.RETURN, JrmpPhaseRules.ret(request, lease, stub != null),
                Direction.S2C, offset, length, offset + (dataStart - p), dataLength, Role.REPLY, -1, info), length);
    }

    /** A java.rmi.server.UID as the JDK prints it: unique:time:count in hex. */
    static String uid(ByteBuffer in, int at) {
        // A builder rather than +: in C1's code a concatenation goes through the JDK's method handles (an ObjID a call).
        return new StringBuilder(32).append(Integer.toString(in.getInt(at), 16)).append(':')
                .append(Long.toString(in.getLong(at + 4), 16)).append(':').append(Integer.toString(in.getShort(at + 12), 16)).toString();
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
                                space = uidPart(ud.fields().get("unique")) + ":" + uidPart(ud.fields().get("time")) + ":" + uidPart(ud.fields().get("count"));
                        }
                    }
                    ids.add("[" + space + ", " + num + "]");
                }
            }
        }
        return ids;
    }

    private static String uidPart(Object v) {
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
