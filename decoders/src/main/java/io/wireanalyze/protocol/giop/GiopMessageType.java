package io.wireanalyze.protocol.giop;

import io.wireanalyze.protocol.MessageType;

/**
 * GIOP::MsgType (CORBA 3.0 chapter 15.4.1, "GIOP Message Header"); tshark field {@code giop.type}. The label is
 * the report's {@code type}.
 */
public enum GiopMessageType implements MessageType {
    REQUEST(0),
    REPLY(1),
    CANCEL_REQUEST(2),
    LOCATE_REQUEST(3),
    LOCATE_REPLY(4),
    CLOSE_CONNECTION(5),
    MESSAGE_ERROR(6),
    /** Since GIOP 1.1. */
    FRAGMENT(7);

    private static final GiopMessageType[] BY_CODE = values();

    private final int code;

    GiopMessageType(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** The type with this code, or null. */
    public static GiopMessageType of(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }

    /** Whether a client sends it (a server sends Reply, LocateReply and, usually, CloseConnection). */
    boolean fromClient() {
        return this == REQUEST || this == CANCEL_REQUEST || this == LOCATE_REQUEST;
    }
}
