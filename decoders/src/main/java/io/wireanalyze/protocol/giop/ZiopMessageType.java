package io.wireanalyze.protocol.giop;

import io.wireanalyze.protocol.MessageType;

/** A ZIOP message (CORBA ZIOP 1.0): a compressed GIOP message, reported whole and not inflated. */
public enum ZiopMessageType implements MessageType {
    ZIOP;
}
