package io.wireanalyze.report;

import io.wireanalyze.phase.Phase;

import java.awt.Color;

/** The phase colours (Tableau 10), the same in every chart. */
final class Legend {

    private Legend() {}

    static Color colour(Phase p) {
        return switch (p) {
            case TCP_SETUP -> new Color(0xBAB0AC);
            case HANDSHAKE -> new Color(0x4E79A7);
            case NAMING -> new Color(0xF28E2B);
            case DGC -> new Color(0xE15759);
            case INVOCATION -> new Color(0x59A14F);
            case KEEPALIVE -> new Color(0xEDC948);
            case TCP_TEARDOWN -> new Color(0x79706E);
            case UNPARSED -> new Color(0xB07AA1);
        };
    }
}
