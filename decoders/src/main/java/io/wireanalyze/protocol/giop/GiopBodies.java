package io.wireanalyze.protocol.giop;

import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.MessageInfo;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a parsed message means for the report: the request's target and operation, the naming name it is about,
 * a reply's status with the exception's repository id (CORBA 3.0 chapter 15.4.3.2: a USER_EXCEPTION body starts
 * with it, a SYSTEM_EXCEPTION body is {string exception_id; ulong minor_code_value; ulong completion_status}), a
 * LOCATION_FORWARD's reference (an IOR), and what naming replies hand out.
 */
final class GiopBodies {

    /**
     * @param info    the message's decoded fields
     * @param naming  for a request or LocateRequest: whether its target is a naming context
     * @param failure a reader that failed on the body (the message is malformed), or null
     */
    record Body(MessageInfo info, boolean naming, CdrReader failure) {
    }

    private final GiopNaming naming;
    private final int maxChars;

    GiopBodies(GiopNaming naming, int maxChars) {
        this.naming = naming;
        this.maxChars = maxChars;
    }

    /** @param earlier the request (or LocateRequest) a reply, LocateReply or CancelRequest refers to, or null */
    Body interpret(GiopHeader h, GiopParser.Fields f, ByteBuffer msg, int p, Message earlier) {
        Map<String, Object> extra = new LinkedHashMap<>();
        extra.put("giopVersion", h.version());
        extra.put("byteOrder", byteOrder(h));
        if (h.moreFragments()) extra.put("moreFragments", true);
        if (!f.reader.ok()) extra.put("headerContinues", f.reader.failField());   // cut by fragmentation
        CdrReader body = new CdrReader(msg, p, f.bodyStart, f.end, maxChars);
        return switch (h.messageType()) {
            case REQUEST, LOCATE_REQUEST -> request(h, f, body, extra);
            case REPLY, LOCATE_REPLY -> reply(h, f, body, extra, earlier);
            case CANCEL_REQUEST -> new Body(carried(earlier, extra), false, null);
            default -> new Body(MessageInfo.extra(extra), false, null);
        };
    }

    private Body request(GiopHeader h, GiopParser.Fields f, CdrReader body, Map<String, Object> extra) {
        ObjectKey key = f.objectKey;
        if (f.target != null) extra.put("target", f.target);
        if (f.targetIor != null) {
            if (!f.targetIor.typeId().isEmpty()) extra.put("targetType", f.targetIor.typeId());
            if (f.targetIor.endpoint() != null) extra.put("targetEndpoint", f.targetIor.endpoint());
        }
        if (key != null && key.printable()) extra.put("objectKey", key.text());
        if (f.responseFlags != null) extra.put("responseFlags", f.responseFlags);
        if (f.responseExpected != null) extra.put("responseExpected", f.responseExpected);
        contexts(f, extra);
        boolean isNaming = naming.isNamingTarget(key, f.targetIor, f.operation);
        String name = null;
        if (h.messageType() == GiopMessageType.REQUEST && f.reader.ok()) {
            if ("_is_a".equals(f.operation)) {
                String repositoryId = body.string("giop.is_a.repository_id");
                if (body.ok()) {
                    extra.put("isA", repositoryId);
                    if (repositoryId.startsWith(GiopNaming.COS_NAMING)) isNaming = true;
                }
            } else if (isNaming) {
                name = GiopNaming.nameArgument(f.operation, body, maxChars);
            }
        }
        if (isNaming) naming.remember(key);
        MessageInfo info = new MessageInfo(key == null ? null : key.hex(), null, null, null, f.operation, name, null, extra);
        return new Body(info, isNaming, null);
    }

    private Body reply(GiopHeader h, GiopParser.Fields f, CdrReader body, Map<String, Object> extra, Message earlier) {
        boolean locate = h.messageType() == GiopMessageType.LOCATE_REPLY;
        long status = f.status;
        if (f.reader.ok()) extra.put(locate ? "locateStatus" : "replyStatus", locate ? GiopNames.locateStatus(status) : GiopNames.replyStatus(status));
        contexts(f, extra);
        boolean cut = h.moreFragments();   // the body may go on in fragments: running out of bytes is no fault
        boolean forward = locate ? status == GiopNames.OBJECT_FORWARD || status == GiopNames.OBJECT_FORWARD_PERM
                : status == GiopNames.LOCATION_FORWARD || status == GiopNames.LOCATION_FORWARD_PERM;
        boolean systemException = locate ? status == GiopNames.LOC_SYSTEM_EXCEPTION : status == GiopNames.SYSTEM_EXCEPTION;
        boolean addressing = locate ? status == GiopNames.LOC_NEEDS_ADDRESSING_MODE : status == GiopNames.NEEDS_ADDRESSING_MODE;
        boolean namingReply = earlier != null && earlier.phase() == Phase.NAMING;
        Ior handedOut = null;
        if (!f.reader.ok()) {
            // only the start of the header is here; the rest follows in fragments
        } else if (!locate && status == GiopNames.USER_EXCEPTION) {
            String id = body.string("giop.exceptionid");
            if (body.ok()) extra.put("exception", id);
        } else if (systemException) {
            String id = body.string("giop.exceptionid");
            long minor = body.ulong("giop.minor");
            long completed = body.ulong("giop.completion_status");
            if (body.ok()) {
                extra.put("exception", id);
                extra.put("minorCode", GiopNames.hex(minor));
                extra.put("completionStatus", GiopNames.completion(completed));
            }
        } else if (forward) {
            Ior ior = Ior.read(body);
            if (ior != null) {
                extra.put("forward", ior.describe());
                handedOut = ior;
            }
        } else if (addressing) {
            int disposition = body.ushort("giop.addressing_disposition");
            if (body.ok()) extra.put("addressingMode", GiopNames.addressing(disposition));
        } else if (!locate && status == GiopNames.NO_EXCEPTION && namingReply
                && GiopNaming.returnsReference(earlier.info().method()) && f.bodyStart < f.end) {
            // Lenient: a reply the naming rules misjudged is not malformed for it.
            CdrReader lenient = new CdrReader(body.buffer(), body.base(), f.bodyStart, f.end, maxChars);
            Ior ior = Ior.read(lenient);
            if (ior != null) {
                extra.put("resolved", ior.describe());
                if (ior.typeId().startsWith(GiopNaming.COS_NAMING)) naming.handedOut(ior, false);
            }
        }
        if (!body.ok() && !(cut && body.underflow())) return new Body(MessageInfo.EMPTY, false, body);
        if (handedOut != null && namingReply) naming.handedOut(handedOut, true);
        return new Body(carried(earlier, extra), false, null);
    }

    /** A reply's fields: the request's target, operation and name, then its own details. */
    private static MessageInfo carried(Message earlier, Map<String, Object> extra) {
        if (earlier == null) return MessageInfo.extra(extra);
        MessageInfo q = earlier.info();
        return new MessageInfo(q.objId(), null, null, null, q.method(), q.name(), null, extra);
    }

    private static void contexts(GiopParser.Fields f, Map<String, Object> extra) {
        if (f.contextCount == 0) return;
        extra.put("serviceContexts", f.contexts);
        extra.put("serviceContextBytes", f.contextBytes);
        if (f.codeSets != null) extra.put("codeSets", f.codeSets);
    }

    static String byteOrder(GiopHeader h) {
        return h.byteOrder() == ByteOrder.LITTLE_ENDIAN ? "little-endian" : "big-endian";
    }
}
