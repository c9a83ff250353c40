package io.wireanalyze.protocol.tls;

import org.junit.jupiter.api.Test;

import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Our AES-GCM opens what the JDK's AES/GCM sealed, and nothing it did not. */
class AesGcmTest {

    /** NIST's GCM test case 4 (the GCM specification's appendix B): AES-128, 60 bytes of text, 20 of additional data. */
    @Test
    void opensTheSpecificationsTestCase() throws Exception {
        HexFormat hex = HexFormat.of();
        byte[] key = hex.parseHex("feffe9928665731c6d6a8f9467308308");
        byte[] nonce = hex.parseHex("cafebabefacedbaddecaf888");
        byte[] aad = hex.parseHex("feedfacedeadbeeffeedfacedeadbeefabaddad2");
        byte[] sealed = hex.parseHex("42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091"
                + "5bc94fbc3221a5db94fae95ae7121a47");
        byte[] plain = hex.parseHex("d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39");
        assertArrayEquals(plain, new AesGcm(new SecretKeySpec(key, "AES")).open(nonce, aad, ByteBuffer.wrap(sealed), 0, sealed.length));
    }

    @Test
    void opensWhatTheJdkSealedAndFailsAFlippedBit() throws Exception {
        Random random = new Random(20261128);
        for (int n = 0; n < 400; n++) {
            byte[] key = new byte[random.nextBoolean() ? 16 : 32];
            random.nextBytes(key);
            byte[] nonce = new byte[12];
            random.nextBytes(nonce);
            byte[] aad = new byte[random.nextInt(3) == 0 ? 5 : 13 + random.nextInt(20)];
            random.nextBytes(aad);
            byte[] plain = new byte[n < 40 ? n : random.nextInt(3000)];
            random.nextBytes(plain);
            SecretKeySpec spec = new SecretKeySpec(key, "AES");
            Cipher jdk = Cipher.getInstance("AES/GCM/NoPadding");
            jdk.init(Cipher.ENCRYPT_MODE, spec, new GCMParameterSpec(128, nonce));
            jdk.updateAAD(aad);
            byte[] sealed = jdk.doFinal(plain);
            // At an offset in a larger buffer, as a record lies in a stream.
            byte[] stream = new byte[sealed.length + 9];
            System.arraycopy(sealed, 0, stream, 4, sealed.length);
            AesGcm gcm = new AesGcm(spec);
            assertArrayEquals(plain, gcm.open(nonce, aad, ByteBuffer.wrap(stream), 4, sealed.length), "case " + n);
            assertArrayEquals(plain, gcm.open(nonce, aad, ByteBuffer.wrap(stream).asReadOnlyBuffer(), 4, sealed.length), "case " + n + " again");
            int bit = random.nextInt(sealed.length * 8);
            stream[4 + bit / 8] ^= (byte) (1 << (bit % 8));
            assertNull(gcm.open(nonce, aad, ByteBuffer.wrap(stream), 4, sealed.length), "case " + n + ", bit " + bit + " flipped");
            stream[4 + bit / 8] ^= (byte) (1 << (bit % 8));
            aad[random.nextInt(aad.length)] ^= 1;
            assertNull(gcm.open(nonce, aad, ByteBuffer.wrap(stream), 4, sealed.length), "case " + n + ", additional data changed");
        }
    }
}
