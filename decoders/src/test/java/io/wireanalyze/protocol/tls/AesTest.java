package io.wireanalyze.protocol.tls;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;
import java.util.HexFormat;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.*;

/** {@link Aes} against FIPS 197's examples and the JDK's {@code AES/ECB/NoPadding}. */
class AesTest {

    private static final HexFormat HEX = HexFormat.of();

    /** FIPS 197 appendix C: the plaintext 00112233... under the keys 000102..., each length. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"000102030405060708090a0b0c0d0e0f:69c4e0d86a7b0430d8cdb78070b4c55a",
            "000102030405060708090a0b0c0d0e0f1011121314151617:dda97ca4864cdfe06eaf70a0ec0d7191",
            "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f:8ea2b7ca516745bfeafc49904b496089"})
    void fips197AppendixC(String keyAndCipher) {
        byte[] key = HEX.parseHex(keyAndCipher.split(":")[0]);
        byte[] plain = HEX.parseHex("00112233445566778899aabbccddeeff");
        byte[] sealed = new byte[16], opened = new byte[16];
        new Aes(key, false).blocks(plain, 0, 16, sealed, 0);
        assertEquals(keyAndCipher.split(":")[1], HEX.formatHex(sealed));
        new Aes(key, true).blocks(sealed, 0, 16, opened, 0);
        assertArrayEquals(plain, opened);
    }

    @ParameterizedTest(name = "{0}-byte keys")
    @ValueSource(ints = {16, 24, 32})
    void sameBlocksAsTheJdksAes(int keyLength) throws Exception {
        Random random = new Random(keyLength);
        for (int round = 0; round < 200; round++) {
            byte[] key = new byte[keyLength];
            random.nextBytes(key);
            int offset = random.nextInt(5), length = 16 * random.nextInt(9);
            byte[] in = new byte[offset + length + 3];
            random.nextBytes(in);
            for (boolean decrypting : new boolean[]{false, true}) {
                Cipher jdk = Cipher.getInstance("AES/ECB/NoPadding");
                jdk.init(decrypting ? Cipher.DECRYPT_MODE : Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"));
                byte[] expected = jdk.doFinal(in, offset, length);
                byte[] out = new byte[length + 7];
                new Aes(key, decrypting).blocks(in, offset, length, out, 7);
                assertArrayEquals(expected, java.util.Arrays.copyOfRange(out, 7, 7 + length),
                        (decrypting ? "deciphered" : "enciphered") + " with key " + HEX.formatHex(key));
            }
        }
    }

    @Test
    void refusesKeysAndLengthsAesDoesNotHave() {
        assertThrows(IllegalArgumentException.class, () -> new Aes(new byte[20], false));
        assertThrows(IllegalArgumentException.class, () -> new Aes(new byte[16], true).blocks(new byte[20], 0, 20, new byte[20], 0));
    }
}
