package io.wireanalyze.protocol.giop;

import io.wireanalyze.codec.Hex;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.MessageInfo;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

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
        GiopDetails.Builder extra = new GiopDetails.Builder();
        extra.giopVersion = h.version();
        extra.byteOrder = byteOrder(h);
        if (h.moreFragments()) extra.moreFragments = true;
        if (!f.reader.ok()) extra.headerContinues = f.reader.failField();   // cut by fragmentation
        CdrReader body = new CdrReader(msg, p, f.bodyStart, f.end, maxChars);
        return switch (h.messageType()) {
            case REQUEST, LOCATE_REQUEST -> request(h, f, body, extra);
            case REPLY, LOCATE_REPLY -> reply(h, f, body, extra, earlier);
            case CANCEL_REQUEST -> new Body(carried(earlier, extra), false, null);
            default -> new Body(MessageInfo.of(extra.build()), false, null);
        };
    }

    private Body request(GiopHeader h, GiopParser.Fields f, CdrReader body, GiopDetails.Builder extra) {
        ObjectKey key = f.objectKey;
        extra.target = f.target;
        if (f.targetIor != null) {
            if (!f.targetIor.typeId().isEmpty()) extra.targetType = f.targetIor.typeId();
            extra.targetEndpoint = f.targetIor.endpoint();
        }
        if (key != null && key.printable()) extra.objectKey = key.text();
        extra.responseFlags = f.responseFlags;
        extra.responseExpected = f.responseExpected;
        contexts(f, extra);
        boolean isNaming = naming.isNamingTarget(key, f.targetIor, f.operation);
        String name = null;
        if (h.messageType() == GiopMessageType.REQUEST && f.reader.ok()) {
            if ("_is_a".equals(f.operation)) {
                String repositoryId = body.string("giop.is_a.repository_id");
                if (body.ok()) {
                    extra.isA = repositoryId;
                    if (repositoryId.startsWith(GiopNaming.COS_NAMING)) isNaming = true;
                }
            } else if (isNaming) {
                name = GiopNaming.nameArgument(f.operation, body, maxChars);
            }
        }
        if (isNaming) naming.remember(key);
        MessageInfo info = new MessageInfo(key == null ? null : key.hex(), null, f.operation, f.operation, name, extra.build());
        return new Body(info, isNaming, null);
    }

    private Body reply(GiopHeader h, GiopParser.Fields f, CdrReader body, GiopDetails.Builder extra, Message earlier) {
        boolean locate = h.messageType() == GiopMessageType.LOCATE_REPLY;
        long status = f.status;
        if (f.reader.ok() && locate) extra.locateStatus = GiopNames.locateStatus(status);
        if (f.reader.ok() && !locate) extra.replyStatus = GiopNames.replyStatus(status);
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
            if (body.ok()) extra.exception = id;
        } else if (systemException) {
            String id = body.string("giop.exceptionid");
            long minor = body.ulong("giop.minor");
            long completed = body.ulong("giop.completion_status");
            if (body.ok()) {
                extra.exception = id;
                extra.minorCode = Hex.padded(minor);
                extra.completionStatus = GiopNames.completion(completed);
            }
        } else if (forward) {
            Ior ior = Ior.read(body);
            if (ior != null) {
                extra.forward = ior.describe();
                handedOut = ior;
            }
        } else if (addressing) {
            int disposition = body.ushort("giop.addressing_disposition");
            if (body.ok()) extra.addressingMode = GiopNames.addressing(disposition);
        } else if (!locate && status == GiopNames.NO_EXCEPTION && namingReply
                && GiopNaming.returnsReference(earlier.info().method()) && f.bodyStart < f.end) {
            // Lenient: a reply the naming rules misjudged is not malformed for it.
            CdrReader lenient = new CdrReader(body.buffer(), body.base(), f.bodyStart, f.end, maxChars);
            Ior ior = Ior.read(lenient);
            if (ior != null) {
                extra.resolved = ior.describe();
                if (ior.typeId().startsWith(GiopNaming.COS_NAMING)) naming.handedOut(ior, false);
            }
        }
        if (!body.ok() && !(cut && body.underflow())) return new Body(MessageInfo.EMPTY, false, body);
        if (handedOut != null && namingReply) naming.handedOut(handedOut, true);
        return new Body(carried(earlier, extra), false, null);
    }

    /** A reply's fields: the request's target, operation and name, then its own details. */
    private static MessageInfo carried(Message earlier, GiopDetails.Builder extra) {
        if (earlier == null) return MessageInfo.of(extra.build());
        MessageInfo q = earlier.info();
        return new MessageInfo(q.objId(), null, q.method(), q.operation(), q.name(), extra.build());
    }

    private static void contexts(GiopParser.Fields f, GiopDetails.Builder extra) {
        if (f.contextCount == 0) return;
        extra.serviceContexts = f.contexts;
        extra.serviceContextBytes = f.contextBytes;
        extra.codeSets = f.codeSets;
    }

    static String byteOrder(GiopHeader h) {
        return h.byteOrder() == ByteOrder.LITTLE_ENDIAN ? "little-endian" : "big-endian";
    }
}
