package io.wireanalyze.workloads;

import org.junit.jupiter.api.Test;

import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class IiopReferenceTest {

    @Test
    void readsHostPortAndVersionOfABigEndianProfileBody() {
        byte[] body = HexFormat.of().parseHex(""
                + "00" + "0102"                 // big-endian; iiop_version 1.2
                + "00"                          // padding to the ulong
                + "0000000a"                    // host length 10, with its NUL
                + "3132372e302e302e3100"        // "127.0.0.1\0"
                + "041b"                        // port 1051 (offset 18, already even)
                + "00000001" + "2a");           // object_key: 1 octet
        assertEquals("127.0.0.1:1051 (IIOP 1.2)", IiopReference.endpoint(body));
    }

    @Test
    void readsALittleEndianProfileBodyWhosePortNeedsPadding() {
        byte[] body = HexFormat.of().parseHex(""
                + "01" + "0100"                 // little-endian; iiop_version 1.0
                + "00"                          // padding
                + "03000000"                    // host length 3
                + "616200"                      // "ab\0", ending at offset 11
                + "00"                          // padding to the ushort at 12
                + "1b04");                      // port 1051
        assertEquals("ab:1051 (IIOP 1.0)", IiopReference.endpoint(body));
    }

    @Test
    void aHostLongerThanTheBodyIsRefused() {
        byte[] body = HexFormat.of().parseHex("00010200" + "00000fff" + "6162");
        assertThrows(IndexOutOfBoundsException.class, () -> IiopReference.endpoint(body));
    }
}
