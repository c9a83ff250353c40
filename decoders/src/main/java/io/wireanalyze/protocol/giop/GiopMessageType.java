package io.wireanalyze.protocol.giop;

import io.wireanalyze.protocol.MessageType;

/**
 * GIOP::MsgType (CORBA 3.0 chapter 15.4.1, "GIOP Message Header"); tshark field {@code giop.type}. The label is
 * the report's {@code type}.
 */
public enum GiopMessageType implements MessageType {
    REQUEST(0, "request"),
    REPLY(1, "reply"),
    CANCEL_REQUEST(2, "cancel-request"),
    LOCATE_REQUEST(3, "locate-request"),
    LOCATE_REPLY(4, "locate-reply"),
    CLOSE_CONNECTION(5, "close-connection"),
    MESSAGE_ERROR(6, "message-error"),
    /** Since GIOP 1.1. */
    FRAGMENT(7, "fragment");

    private static final GiopMessageType[] BY_CODE = values();

    private final int code;
    private final String label;

    GiopMessageType(int code, String label) {
        this.code = code;
        this.label = label;
    }

    public int code() {
        return code;
    }

    @Override
    public String label() {
        return label;
    }

    /** The type with this code, or null. */
    public static GiopMessageType of(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }

    /** Whether a client sends it (a server sends Reply, LocateReply and, usually, CloseConnection). */
    boolean fromClient() {
        return this == REQUEST || this == CANCEL_REQUEST || this == LOCATE_REQUEST;
    }

    @Override
    public String toString() {
        return label;
    }
}
