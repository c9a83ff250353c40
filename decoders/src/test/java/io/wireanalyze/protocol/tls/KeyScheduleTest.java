package io.wireanalyze.protocol.tls;

import org.junit.jupiter.api.Test;

import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The two derivations against published vectors: RFC 5869 (HKDF-Expand), RFC 8448 (HKDF-Expand-Label), the TLS 1.2 PRF. */
class KeyScheduleTest {

    private static final HexFormat HEX = HexFormat.of();

    private static byte[] hex(String s) {
        return HEX.parseHex(s);
    }

    @Test
    void hkdfExpandGivesRfc5869TestCase1() {
        byte[] prk = hex("077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5");
        byte[] okm = KeySchedule.hkdfExpand(CipherSuite.Hash.SHA256, prk, hex("f0f1f2f3f4f5f6f7f8f9"), 42);
        assertEquals("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865", HEX.formatHex(okm));
    }

    /** RFC 8448 section 3 (simple 1-RTT handshake, TLS_AES_128_GCM_SHA256): traffic secret to write key and iv. */
    @Test
    void expandLabelGivesRfc8448TrafficKeysAndIvs() {
        byte[] serverHandshake = hex("b67b7d690cc16c4e75e54213cb2d37b4e9c912bcded9105d42befd59d391ad38");
        assertEquals("3fce516009c21727d0f2e4e86ee403bc", HEX.formatHex(KeySchedule.expandLabel(CipherSuite.Hash.SHA256, serverHandshake, "key", new byte[0], 16)));
        assertEquals("5d313eb2671276ee13000b30", HEX.formatHex(KeySchedule.expandLabel(CipherSuite.Hash.SHA256, serverHandshake, "iv", new byte[0], 12)));
        byte[] clientHandshake = hex("b3eddb126e067f35a780b3abf45e2d8f3b1a950738f52e9600746a0e27a55a21");
        assertEquals("dbfaa693d1762c5b666af5d950258d01", HEX.formatHex(KeySchedule.expandLabel(CipherSuite.Hash.SHA256, clientHandshake, "key", new byte[0], 16)));
        assertEquals("5bd3c71b836e0b76bb73265f", HEX.formatHex(KeySchedule.expandLabel(CipherSuite.Hash.SHA256, clientHandshake, "iv", new byte[0], 12)));
        byte[] serverApplication = hex("a11af9f05531f856ad47116b45a950328204b4f44bfb6b3a4b4f1f3fcb631643");
        assertEquals("9f02283b6c9c07efc26bb9f2ac92e356", HEX.formatHex(KeySchedule.expandLabel(CipherSuite.Hash.SHA256, serverApplication, "key", new byte[0], 16)));
        assertEquals("cf782b88dd83549aadf1e984", HEX.formatHex(KeySchedule.expandLabel(CipherSuite.Hash.SHA256, serverApplication, "iv", new byte[0], 12)));
        byte[] clientApplication = hex("9e40646ce79a7f9dc05af8889bce6552875afa0b06df0087f792ebb7c17504a5");
        assertEquals("17422dda596ed5d9acd890e3c63f5051", HEX.formatHex(KeySchedule.expandLabel(CipherSuite.Hash.SHA256, clientApplication, "key", new byte[0], 16)));
        assertEquals("5b78923dee08579033e523d9", HEX.formatHex(KeySchedule.expandLabel(CipherSuite.Hash.SHA256, clientApplication, "iv", new byte[0], 12)));
    }

    /** The TLS 1.2 PRF test vectors circulated on the IETF TLS list (P_SHA256, 100 bytes; P_SHA384, its first 32). */
    @Test
    void prf12GivesTheTlsWorkingGroupVectors() {
        byte[] sha256 = KeySchedule.prf12(CipherSuite.Hash.SHA256, hex("9bbe436ba940f017b17652849a71db35"), "test label",
                hex("a0ba9f936cda311827a6f796ffd5198c"), 100);
        assertEquals("e3f229ba727be17b8d122620557cd453c2aab21d07c3d495329b52d4e61edb5a6b301791e90d35c9c9a46b4e14baf9af"
                + "0fa022f7077def17abfd3797c0564bab4fbc91666e9def9b97fce34f796789baa48082d122ee42c5a72e5a5110fff70187347b66",
                HEX.formatHex(sha256));
        byte[] sha384 = KeySchedule.prf12(CipherSuite.Hash.SHA384, hex("b80b733d6ceefcdc71566ea48e5567df"), "test label",
                hex("cd665cf6a8447dd6ff8b27555edb7465"), 148);
        assertEquals("7b0c18e9ced410ed1804f2cfa34a336a1c14dffb4900bb5fd7942107e81c83cd", HEX.formatHex(sha384).substring(0, 64));
    }
}
