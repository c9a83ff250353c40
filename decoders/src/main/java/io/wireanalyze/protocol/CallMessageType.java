package io.wireanalyze.protocol;

/**
 * The messages of a call format whose reply either returns or faults, in the report's words: Hessian (Hessian 2.0 Web
 * Services Protocol, "Messages and Envelopes": {@code c}/{@code C} call, {@code r}/{@code R} reply, {@code f}/{@code F}
 * fault), Burlap ("Burlap 1.0 Specification": {@code <burlap:call>}, {@code <burlap:reply>} with a value or a
 * {@code <fault>}) and XML-RPC (XML-RPC Specification: {@code <methodCall>}, {@code <methodResponse>} with
 * {@code <params>} or a {@code <fault>}).
 */
public enum CallMessageType implements MessageType {
    /** A call: the method's name and its arguments. */
    CALL,
    /** A reply with a value. */
    REPLY,
    /** A reply with a fault. */
    FAULT;

    /** The type of a message in role {@code role} (a request is a call), a fault when {@code fault}. */
    public static CallMessageType of(Role role, boolean fault) {
        return fault ? FAULT : role == Role.REQUEST ? CALL : REPLY;
    }
}
