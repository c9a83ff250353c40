package io.wireanalyze.protocol.tls;

import io.wireanalyze.testing.Analyses;
import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.MessageRecord;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocols.ProtocolTable;
import io.wireanalyze.tcp.Direction;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * TLS 1.0, 1.1 and 1.2 with CBC suites, MAC-then-encrypt and encrypt-then-MAC, on a real capture
 * (fixtures/tls/openssl-cbc.pcap: OpenSSL's s_client and s_server, one connection a suite, see the README there),
 * decrypted with the client's key log, as tshark decrypts it (its view is checked by TsharkOracleTest).
 */
class TlsLegacySuitesTest {

    private static final HexFormat HEX = HexFormat.of();
    private static AnalysisResult cbc;
    private static AnalysisResult jdk;

    static AnalysisResult analyze(String fixture, TlsKeyLog keys) throws Exception {
        return Analyses.analyze(TestCaptures.fixture(fixture), AnalysisOptions.defaults().withProtocols(ProtocolTable.withTlsKeys(keys)));
    }

    @BeforeAll
    static void analyse() throws Exception {
        cbc = analyze("tls/openssl-cbc.pcap", TestCaptures.keysBeside(TestCaptures.fixture("tls/openssl-cbc.pcap")));
        jdk = analyze("tls/jdk-legacy.pcap", TestCaptures.keysBeside(TestCaptures.fixture("tls/jdk-legacy.pcap")));
    }

    private static List<String> suites(AnalysisResult r) {
        return r.messages().stream().map(MessageRecord::message)
                .filter(m -> m.info().details() instanceof TlsDetails.Record d && d.cipherSuite() != null)
                .map(m -> ((TlsDetails.Record) m.info().details()).negotiated() + " " + ((TlsDetails.Record) m.info().details()).cipherSuite()).toList();
    }

    /** Each connection's JRMP messages (type, phase, method, role), and that no record of it failed to open. */
    private static void assertEachConnectionListsTheRegistry(AnalysisResult r, int connections) {
        assertEquals(connections, r.connections().size());
        for (var c : r.connections()) assertEquals("jrmp-tls", c.protocol(), c.toString());
        for (int c = 1; c <= connections; c++) {
            List<String> inner = of(r, c).stream().filter(m -> m.protocol().label().equals("jrmp-tls"))
                    .map(m -> m.type().label() + " " + m.phase() + " " + m.info().method() + " " + m.role()).toList();
            assertEquals(List.of("header handshake null NONE", "endpoint handshake null NONE", "call naming list REQUEST",
                    "protocol-ack handshake null NONE", "return naming list REPLY"), inner, "connection " + c);
            List<String> reasons = of(r, c).stream().filter(m -> m.info().details() instanceof TlsDetails.Record d && d.reason() != null
                    && !d.reason().startsWith("TLS application data with no plaintext")).map(m -> ((TlsDetails.Record) m.info().details()).reason()).toList();
            assertEquals(List.of(), reasons, "connection " + c);
            long finished = of(r, c).stream().filter(m -> m.info().details() instanceof TlsDetails.Record d && d.encrypted()
                    && d.handshake().contains("finished")).count();
            assertEquals(2, finished, "connection " + c + ": each side's Finished, encrypted");
        }
        assertEquals(0, r.phase(Phase.UNPARSED).packets());
        assertEquals(2L * connections, r.messages().stream().filter(m -> m.message().type() == TlsContentType.ALERT
                && m.message().phase() == Phase.TCP_TEARDOWN && "warning close_notify".equals(((TlsDetails.Record) m.message().info().details()).alert())).count());
        assertEquals(r.capture().tcpPackets(), r.phases().values().stream().mapToLong(AnalysisResult.PhaseStats::packets).sum());
    }

    private static List<Message> of(AnalysisResult r, int connection) {
        return r.messages().stream().filter(m -> m.connection() == connection).map(MessageRecord::message).toList();
    }

    @Test
    void everyVersionAndSuiteIsDecrypted() {
        assertEquals(List.of(
                "TLS 1.0 0x002f TLS_RSA_WITH_AES_128_CBC_SHA",
                "TLS 1.0 0xc014 TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA",
                "TLS 1.0 0xc009 TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA",
                "TLS 1.1 0x0035 TLS_RSA_WITH_AES_256_CBC_SHA",
                "TLS 1.1 0xc013 TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA",
                "TLS 1.1 0x0033 TLS_DHE_RSA_WITH_AES_128_CBC_SHA",
                "TLS 1.2 0x003c TLS_RSA_WITH_AES_128_CBC_SHA256",
                "TLS 1.2 0x003d TLS_RSA_WITH_AES_256_CBC_SHA256",
                "TLS 1.2 0xc027 TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256",
                "TLS 1.2 0xc028 TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA384",
                "TLS 1.2 0xc00a TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA",
                "TLS 1.2 0xc023 TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256",
                "TLS 1.2 0xc024 TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA384",
                "TLS 1.2 0x006b TLS_DHE_RSA_WITH_AES_256_CBC_SHA256"), suites(cbc));
        assertEachConnectionListsTheRegistry(cbc, 14);
    }

    /**
     * The JDK on both ends (fixtures/tls/jdk-legacy.pcap), forced to the RC4, 3DES, DES and CBC suites JDK 6 to 8
     * enabled by default, its key log written by the extract-tls-secrets agent (master secrets by session id).
     */
    @Test
    void theJdksLegacySuitesAreDecrypted() {
        assertEquals(List.of(
                "TLS 1.0 0x0005 SSL_RSA_WITH_RC4_128_SHA",
                "TLS 1.2 0x0004 SSL_RSA_WITH_RC4_128_MD5",
                "TLS 1.1 0xc011 TLS_ECDHE_RSA_WITH_RC4_128_SHA",
                "TLS 1.0 0x000a SSL_RSA_WITH_3DES_EDE_CBC_SHA",
                "TLS 1.1 0xc012 TLS_ECDHE_RSA_WITH_3DES_EDE_CBC_SHA",
                "TLS 1.2 0x000a SSL_RSA_WITH_3DES_EDE_CBC_SHA",
                "TLS 1.0 0x0015 SSL_DHE_RSA_WITH_DES_CBC_SHA",
                "TLS 1.0 0x002f TLS_RSA_WITH_AES_128_CBC_SHA",
                "TLS 1.1 0x0039 TLS_DHE_RSA_WITH_AES_256_CBC_SHA",
                "TLS 1.2 0x003d TLS_RSA_WITH_AES_256_CBC_SHA256",
                "TLS 1.2 0xc028 TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA384"), suites(jdk));
        assertEachConnectionListsTheRegistry(jdk, 11);
        // RC4: the content right after the header, the MAC after it; no padding.
        assertEquals(List.of(5 + 7, 15, 41 + 20), clientRecord(jdk, 1), "RC4, HMAC-SHA1");
        assertEquals(List.of(5 + 7, 15, 41 + 16), clientRecord(jdk, 2), "RC4, HMAC-MD5");
        // 3DES, 8-byte blocks: TLS 1.0 implicit IV, 63 + 20 + 1 = 84, padded to 88; TLS 1.1 an 8-byte explicit IV first.
        assertEquals(List.of(5 + 7, 15, 41 + 20 + 4 + 1), clientRecord(jdk, 4));
        assertEquals(List.of(5 + 8 + 7, 15, 41 + 20 + 4 + 1), clientRecord(jdk, 5));
        // The JDK's 1/n-1 split (TLS 1.0 CBC): the server's ReturnData is a record of its first byte and one of the rest.
        for (int c : List.of(4, 7, 8)) {
            Message ret = of(jdk, c).stream().filter(m -> m.type().label().equals("return")).findFirst().orElseThrow();
            TlsDetails.Carried d = (TlsDetails.Carried) ret.info().details();
            assertEquals(2, d.records(), "connection " + c);
            assertEquals(78, d.plaintextBytes(), "connection " + c);
        }
    }

    /**
     * Where each message's plaintext sits in its record: TLS 1.0's IV is implicit (the content right after the header),
     * TLS 1.1's and 1.2's explicit (16 bytes of AES IV first); the MAC and padding (MAC-then-encrypt) or the padding
     * and then the MAC (encrypt-then-MAC) go to the last message of the record.
     */
    @Test
    void theIvMacAndPaddingAreTheMessagesFraming() {
        // The client's header, endpoint and call (7 + 15 + 41 = 63 bytes) share one record.
        assertEquals(List.of(5 + 7, 15, 41 + 20 + 12 + 1), clientRecord(1), "TLS 1.0, MtE, SHA-1: 63 + 20 + 13 = 96");
        assertEquals(List.of(5 + 7, 15, 41 + 0 + 1 + 20), clientRecord(2), "TLS 1.0, EtM, SHA-1: 63 + 1 = 64, then the MAC");
        assertEquals(List.of(5 + 16 + 7, 15, 41 + 20 + 12 + 1), clientRecord(4), "TLS 1.1: the explicit IV first");
        assertEquals(List.of(5 + 16 + 7, 15, 41 + 32 + 0 + 1), clientRecord(7), "TLS 1.2, MtE, SHA-256: 63 + 32 + 1 = 96");
        Message call = of(cbc, 10).stream().filter(m -> m.type().label().equals("call")).findFirst().orElseThrow();
        TlsDetails.Carried d = (TlsDetails.Carried) call.info().details();
        assertEquals(41, d.plaintextBytes());
        assertEquals(1 + 48, d.overheadBytes(), "TLS 1.2, EtM, SHA-384: 63 plus the padding length byte is 64, no padding, then the 48-byte MAC");
    }

    private static List<Integer> clientRecord(int connection) {
        return clientRecord(cbc, connection);
    }

    /** The lengths of the client's three JRMP messages in its first application data record with plaintext. */
    private static List<Integer> clientRecord(AnalysisResult r, int connection) {
        return of(r, connection).stream().filter(m -> m.direction() == Direction.C2S && m.protocol().label().equals("jrmp-tls"))
                .limit(3).map(Message::length).toList();
    }

    /** OpenSSL's 1/n-1 split (its BEAST countermeasure): in TLS 1.0 every application record is preceded by an empty one. */
    @Test
    void tls10sEmptyRecordsAreAccountedAsRecords() {
        for (int c : List.of(1, 2, 3)) {
            long empty = of(cbc, c).stream().filter(m -> m.info().details() instanceof TlsDetails.Record d
                    && "TLS application data with no plaintext (padding only)".equals(d.reason())).count();
            assertEquals(3, empty, "connection " + c + ": before the client's record and each of the server's two");
        }
        assertEquals(0, of(cbc, 4).stream().filter(m -> m.type() == TlsContentType.APPLICATION_DATA).count(), "TLS 1.1: none");
    }

    @Test
    void aWrongMasterSecretSaysTheMacOrPaddingFailed() throws Exception {
        List<String> damaged = new ArrayList<>();
        for (String line : Files.readAllLines(TestCaptures.fixture("tls/openssl-cbc.keys"))) {
            String[] f = line.split(" ");
            damaged.add(f[0] + " " + f[1] + " " + (f[2].charAt(0) == '0' ? '1' : '0') + f[2].substring(1));
        }
        AnalysisResult r = analyze("tls/openssl-cbc.pcap", TlsKeyLog.parse(damaged));
        List<String> failed = r.messages().stream().map(MessageRecord::message)
                .filter(m -> m.info().details() instanceof TlsDetails.Record d && d.reason() != null && d.reason().contains("decryption failed"))
                .map(m -> ((TlsDetails.Record) m.info().details()).reason()).toList();
        assertEquals(28, failed.size(), "the first protected record (the Finished) of each side: " + failed);
        for (String s : failed)
            assertTrue(s.matches("TLS application data, not decrypted: decryption failed at stream offset \\d+: record 0 of this key: "
                    + "(MAC mismatch|padding of \\d+ bytes does not fit) .*"), s);
        assertTrue(r.messages().stream().noneMatch(m -> m.message().protocol().label().equals("jrmp-tls")));
        assertEquals(r.capture().tcpPackets(), r.phases().values().stream().mapToLong(AnalysisResult.PhaseStats::packets).sum());
    }

    /** The TLS 1.0/1.1 PRF against OpenSSL's: {@code openssl kdf -keylen 64 -kdfopt digest:MD5-SHA1 -kdfopt hexsecret:..
     * -kdfopt hexseed:<"test label" in hex><seed> TLS1-PRF}; an odd-length secret shares its middle byte. */
    @Test
    void prf10GivesOpenSslsTls1Prf() {
        byte[] secret = HEX.parseHex("bded7fa5c1699c010be23dd06ada3a48349f21e5f86263d512c0c5cc379f0e780ec55d9844b2f1db02a96453513568d0");
        byte[] seed = HEX.parseHex("135e4d557fdf3aa6406d82975d5c606a9734c9334b42136e96990fbd5c0cdb2d");
        assertEquals("32e2f4d37c761a1020ee43acb61afa1ab9198daac657ebd938acc7c6c4b0700e963e70e6eb19caab505fd61a1252fc4c0f4a259ec81aafd8879a1896d238c6ed",
                HEX.formatHex(KeySchedule.prf10(secret, "test label", seed, 64)));
        assertEquals("a905c99e12c9801dd55e0f25625c76dd9f8aac2ba99d33c2c120770af569e7",
                HEX.formatHex(KeySchedule.prf10(HEX.parseHex("0102030405"), "test label", HEX.parseHex("aabbcc"), 31)));
    }

    @Test
    void everyJdkSuiteHasItsCipherAndMac() {
        for (CipherSuite s : CipherSuite.values()) {
            assertTrue(s.aead() != (s.bulk != null), s.name());
            if (s.aead()) continue;
            assertNotNull(s.mac, s.name());
            String mac = s.name().substring(s.name().lastIndexOf('_') + 1);
            assertEquals(mac.equals("SHA") ? CipherSuite.Mac.SHA1 : CipherSuite.Mac.valueOf(mac), s.mac, s.name());
            assertEquals(s.mac == CipherSuite.Mac.SHA384 ? CipherSuite.Hash.SHA384 : CipherSuite.Hash.SHA256, s.hash, s.name());
            String cipher = s.name().substring(s.name().indexOf("_WITH_") + 6, s.name().lastIndexOf('_'));
            assertEquals(cipher.replace("3DES_EDE", "DES_EDE"), s.bulk.name().replace("RC4_128", "RC4_128"), s.name());
        }
        assertEquals(CipherSuite.SSL_RSA_WITH_3DES_EDE_CBC_SHA, CipherSuite.of(0x000a));
        assertEquals(CipherSuite.SSL_RSA_WITH_RC4_128_SHA, CipherSuite.of(0x0005));
    }
}
