package io.wireanalyze.protocol.tls;

import org.junit.jupiter.api.Test;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.util.HexFormat;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Our HMAC gives the JDK's MACs, text after text from one key. */
class HmacTest {

    private static final HexFormat HEX = HexFormat.of();

    /** RFC 4231 4.2 and 4.7 (HMAC-SHA-256 and -384: a 20-byte key; a 131-byte key, longer than the block, hashed first). */
    @Test
    void givesTheRfcsTestVectors() {
        byte[] key = new byte[20];
        java.util.Arrays.fill(key, (byte) 0x0b);
        assertEquals("b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
                HEX.formatHex(new Hmac("HmacSHA256", key).doFinal("Hi There".getBytes(java.nio.charset.StandardCharsets.US_ASCII))));
        byte[] longKey = new byte[131];
        java.util.Arrays.fill(longKey, (byte) 0xaa);
        byte[] text = ("This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed"
                + " before being used by the HMAC algorithm.").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        assertEquals("6617178e941f020d351e2f254e8fd32c602420feb0b8fb9adccebb82461e99c5a678cc31e799176d3860e6110c46523e",
                HEX.formatHex(new Hmac("HmacSHA384", longKey).doFinal(text)));
    }

    @Test
    void givesTheJdksMacsTextAfterText() throws Exception {
        Random random = new Random(20261128);
        for (String name : new String[] {"HmacMD5", "HmacSHA1", "HmacSHA256", "HmacSHA384"}) {
            for (int n = 0; n < 60; n++) {
                byte[] key = new byte[n < 3 ? n * 64 : random.nextInt(200)];   // empty, one block, two blocks, any
                random.nextBytes(key);
                // The JDK refuses an empty key: a block of zeros is the same key (RFC 2104 pads a key with zeros to a block).
                Mac jdk = Mac.getInstance(name);
                jdk.init(new SecretKeySpec(key.length == 0 ? new byte[name.equals("HmacSHA384") ? 128 : 64] : key, name));
                Hmac ours = new Hmac(name, key);
                for (int text = 0; text < 3; text++) {
                    byte[] b = new byte[random.nextInt(text == 0 ? 40 : 3000)];
                    random.nextBytes(b);
                    int cut = b.length == 0 ? 0 : random.nextInt(b.length);
                    ours.update(b, 0, cut);
                    if (cut < b.length) ours.update(b[cut]);
                    if (cut + 1 < b.length) ours.update(java.util.Arrays.copyOfRange(b, cut + 1, b.length));
                    byte[] mac = ours.doFinal();
                    assertArrayEquals(jdk.doFinal(b), mac, name + ", case " + n + ", text " + text + " of " + b.length + " bytes");
                }
            }
        }
    }

    @Test
    void refusesAnHmacItDoesNotKnow() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Hmac("HmacSHA512", new byte[16]));
        assertEquals("HMAC HmacSHA512 (expected: HmacMD5, HmacSHA1, HmacSHA256 or HmacSHA384)", e.getMessage());
    }
}
