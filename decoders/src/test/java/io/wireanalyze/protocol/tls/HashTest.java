package io.wireanalyze.protocol.tls;

import org.junit.jupiter.api.Test;

import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Our hashes give the JDK's digests: every length across the padding's edges, in pieces, and after a copy. */
class HashTest {

    private static final String[][] KINDS = {{"HmacMD5", "MD5"}, {"HmacSHA1", "SHA-1"}, {"HmacSHA256", "SHA-256"}, {"HmacSHA384", "SHA-384"}};

    /** FIPS 180-4's and RFC 1321's "abc". */
    @Test
    void givesTheStandardsTestVectors() {
        String[] expected = {"900150983cd24fb0d6963f7d28e17f72", "a9993e364706816aba3e25717850c26c9cd0d89d",
                "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
                "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"};
        for (int k = 0; k < KINDS.length; k++) {
            Hash h = Hash.forHmac(KINDS[k][0]);
            h.update("abc".getBytes(java.nio.charset.StandardCharsets.US_ASCII), 0, 3);
            byte[] out = new byte[h.length()];
            h.finish(out, 0);
            assertEquals(expected[k], HexFormat.of().formatHex(out), KINDS[k][1]);
        }
    }

    @Test
    void givesTheJdksDigestsAtEveryLengthInPieces() throws Exception {
        Random random = new Random(20261129);
        for (String[] kind : KINDS) {
            for (int n = 0; n <= 400; n++) {
                byte[] text = new byte[n];
                random.nextBytes(text);
                byte[] jdk = MessageDigest.getInstance(kind[1]).digest(text);
                Hash h = Hash.forHmac(kind[0]);
                int cut = n == 0 ? 0 : random.nextInt(n);
                h.update(text, 0, cut);
                // a copy taken part-way (what an HMAC does with its keyed states) goes on as the original would
                Hash copy = h.fresh();
                copy.update((byte) 1);
                copy.copyFrom(h);
                for (int i = cut; i < n; i++) {
                    if (i % 3 == 0) copy.update(text[i]);
                    else copy.update(text, i, 1);
                }
                byte[] out = new byte[copy.length() + 2];
                copy.finish(out, 2);
                assertArrayEquals(jdk, java.util.Arrays.copyOfRange(out, 2, out.length), kind[1] + ", " + n + " bytes cut at " + cut);
            }
        }
    }
}
