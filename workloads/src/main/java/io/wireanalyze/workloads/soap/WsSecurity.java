package io.wireanalyze.workloads.soap;

import io.wireanalyze.workloads.Choice;
import io.wireanalyze.workloads.EnumLabels;

/** Message-level security of the SOAP workloads. */
@Choice("WS-Security")
public enum WsSecurity {
    /** Plain SOAP ({@code --protocol soap}). */
    NONE("none"),
    /**
     * Seed 001's WS-Security ({@code --protocol soap-wssec}): WSS4J on both sides adds a Timestamp, signs the Timestamp
     * and the Body (RSA-SHA256, X.509 token by issuer and serial) and encrypts the Body's content (AES-128 with an
     * RSA-OAEP-wrapped key), requests with the client's key for the server's certificate, responses the other way.
     */
    SIGN_ENCRYPT("timestamp-signature-encrypt");

    private final String label;

    WsSecurity(String label) {
        this.label = label;
    }

    @Override
    public String toString() {
        return label;
    }

    static WsSecurity parse(String text) {
        return EnumLabels.parse(WsSecurity.class, text).orElseThrow();
    }
}
