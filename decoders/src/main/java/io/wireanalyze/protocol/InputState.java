package io.wireanalyze.protocol;

/**
 * What the decoder may assume about bytes after those it is given. Some protocols (JRMP) carry no message
 * length: a message ends where its content ends, which is only certain once the sender has stopped.
 */
public enum InputState {
    /** More bytes of this message may still arrive. */
    MORE_MAY_FOLLOW,
    /** The peer has answered: the sender is waiting, so what it sent so far is complete. */
    PEER_REPLIED,
    /** The direction has ended (FIN, RST or end of capture): nothing more will arrive. */
    ENDED
}
