package io.wireanalyze.protocol.giop;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The headers that follow the 12-byte GIOP header, per message type and version (CORBA 3.0 chapter 15.4):
 * request and reply headers, service contexts, the GIOP 1.2 TargetAddress, and where the body starts. GIOP 1.2
 * Request, Reply and LocateReply bodies start on an 8-octet boundary (15.4.2.2, 15.4.3.2, 15.4.6.2); alignment is
 * relative to the start of the message header (15.3.1.1).
 */
final class GiopParser {

    /** Most service context names kept per message (all are counted). */
    static final int MAX_CONTEXT_NAMES = 64;

    /** What a message's header says; filled by {@link #parse}. Absent values are null or -1. */
    static final class Fields {
        long requestId = -1;
        Integer responseFlags;          // GIOP 1.2 response_flags
        Boolean responseExpected;       // GIOP 1.0 and 1.1
        String target;                  // 1.2 TargetAddress: key, profile or reference
        ObjectKey objectKey;
        Ior targetIor;                  // ProfileAddr or ReferenceAddr
        String operation;
        long status = -1;               // reply_status or locate_status
        int contextCount;
        List<String> contexts = List.of();
        int contextBytes;
        String codeSets;                // "char, wchar" from a CodeSets context
        int bodyStart;
        int end;
        CdrReader reader;               // its failure, if any
    }

    private GiopParser() {
    }

    /** Parses the message of {@code h} at {@code p} in {@code msg} (in the message's byte order, all of it present). */
    static Fields parse(GiopHeader h, ByteBuffer msg, int p, int maxStringChars) {
        Fields f = new Fields();
        f.end = p + h.totalLength();
        CdrReader r = new CdrReader(msg, p, p + GiopHeader.LENGTH, f.end, maxStringChars);
        f.reader = r;
        boolean v12 = h.minor() >= 2;
        boolean alignBody = false;
        switch (h.messageType()) {
            case REQUEST -> {
                alignBody = v12;
                if (v12) {
                    f.requestId = r.ulong("giop.request_id");
                    f.responseFlags = r.octet("giop.response_flag");
                    r.skip(3, "giop.reserved");
                    target(r, f, msg);
                    operation(r, f);
                    contexts(r, f);
                } else {
                    contexts(r, f);
                    f.requestId = r.ulong("giop.request_id");
                    f.responseExpected = r.bool("giop.rsp_expected");
                    if (h.minor() == 1) r.skip(3, "giop.reserved");
                    key(r, f, msg);
                    operation(r, f);
                    r.octets("giop.req_principal");
                }
            }
            case REPLY -> {
                alignBody = v12;
                if (v12) {
                    f.requestId = r.ulong("giop.request_id");
                    f.status = r.ulong("giop.replystatus");
                    contexts(r, f);
                } else {
                    contexts(r, f);
                    f.requestId = r.ulong("giop.request_id");
                    f.status = r.ulong("giop.replystatus");
                }
            }
            case CANCEL_REQUEST -> f.requestId = r.ulong("giop.request_id");
            case LOCATE_REQUEST -> {
                f.requestId = r.ulong("giop.request_id");
                if (v12) target(r, f, msg); else key(r, f, msg);
            }
            case LOCATE_REPLY -> {
                alignBody = v12;
                f.requestId = r.ulong("giop.request_id");
                f.status = r.ulong("giop.locale_status");
            }
            case FRAGMENT -> {
                if (v12) f.requestId = r.ulong("giop.request_id");
            }
            case CLOSE_CONNECTION, MESSAGE_ERROR -> { }
        }
        if (!r.ok()) f.bodyStart = f.end;
        else f.bodyStart = Math.min(alignBody ? r.aligned(8) : r.position(), f.end);
        return f;
    }

    private static void operation(CdrReader r, Fields f) {
        String op = r.string("giop.request_op");
        if (r.ok()) f.operation = op;
    }

    private static void key(CdrReader r, Fields f, ByteBuffer msg) {
        CdrReader.Octets k = r.octets("giop.objektkey");
        if (r.ok()) f.objectKey = ObjectKey.of(msg, k);
    }

    /** GIOP::TargetAddress: a union on the short AddressingDisposition. */
    private static void target(CdrReader r, Fields f, ByteBuffer msg) {
        int at = r.aligned(2);
        int disposition = r.ushort("giop.target_address.discriminant");
        if (!r.ok()) return;
        switch (disposition) {
            case GiopNames.KEY_ADDR -> key(r, f, msg);
            case GiopNames.PROFILE_ADDR -> f.targetIor = Ior.profile(r, "", 1);
            case GiopNames.REFERENCE_ADDR -> {
                r.ulong("giop.target_address.selected_profile_index");
                f.targetIor = Ior.read(r);
            }
            default -> {
                r.fail(at, "giop.target_address.discriminant",
                        disposition + " (expected: 0 KeyAddr, 1 ProfileAddr or 2 ReferenceAddr)");
                return;
            }
        }
        f.target = GiopNames.addressing(disposition);
        if (f.targetIor != null && f.objectKey == null) f.objectKey = f.targetIor.objectKey();
    }

    /** IOP::ServiceContextList: sequence of {ulong context_id; sequence&lt;octet&gt; context_data}. */
    private static void contexts(CdrReader r, Fields f) {
        int start = r.aligned(4);
        int n = r.count("giop.iop.service_context", 8);
        List<String> names = new ArrayList<>(Math.min(n, MAX_CONTEXT_NAMES));
        for (int i = 0; i < n && r.ok(); i++) {
            long id = r.ulong("giop.iop.scid");
            if (id == GiopNames.CODE_SETS) {
                CdrReader e = r.encapsulation("giop.iop.context_data");
                if (e != null) {
                    long c = e.ulong("giop.iop.char_data"), w = e.ulong("giop.iop.wchar_data");
                    if (e.ok()) f.codeSets = GiopNames.codeSet(c) + ", " + GiopNames.codeSet(w);
                }
            } else {
                r.octets("giop.iop.context_data");
            }
            if (names.size() < MAX_CONTEXT_NAMES) names.add(GiopNames.serviceContext(id));
        }
        if (!r.ok()) return;
        f.contextCount = n;
        f.contexts = List.copyOf(names);
        f.contextBytes = r.position() - start;
    }
}
