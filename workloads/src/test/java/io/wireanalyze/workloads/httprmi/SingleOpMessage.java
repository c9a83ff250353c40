package io.wireanalyze.workloads.httprmi;

import java.nio.ByteBuffer;

/**
 * Test helper: what one SingleOp message (transport header, then a Call or DgcAck) is, from its first bytes. A
 * Call's stream starts {@code aced0005}, then block data {@code 77 22}: ObjID (objNum long, UID 14 bytes), the
 * operation int and the interface or method hash (Java RMI specification 10.2, tshark rmi.*): objNum 0 is the
 * registry (lookup is operation 2), objNum 2 the DGC (clean 0, dirty 1), anything else the application's object.
 */
enum SingleOpMessage {
    LOOKUP, DIRTY, CLEAN, CALL, DGC_ACK, OTHER;

    static SingleOpMessage of(byte[] m) {
        if (!SingleOp.startsWithHeader(m) || m.length < 8) return OTHER;
        int op = m[7] & 0xff;
        if (op == SingleOp.DGC_ACK) return m.length == 8 + SingleOp.UID_BYTES ? DGC_ACK : OTHER;
        if (op != SingleOp.CALL || m.length < 8 + 6 + 34) return OTHER;
        ByteBuffer b = ByteBuffer.wrap(m, 8, m.length - 8).slice();
        if (b.getInt(0) != 0xaced0005 || b.get(4) != 0x77 || b.get(5) != 0x22) return OTHER;
        long objNum = b.getLong(6);
        int operation = b.getInt(6 + 8 + SingleOp.UID_BYTES);
        if (objNum == 0) return operation == 2 ? LOOKUP : OTHER;
        if (objNum == 2) return operation == 1 ? DIRTY : operation == 0 ? CLEAN : OTHER;
        return operation == -1 ? CALL : OTHER;
    }
}
