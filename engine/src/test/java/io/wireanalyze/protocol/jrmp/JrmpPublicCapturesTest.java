package io.wireanalyze.protocol.jrmp;

import io.wireanalyze.testing.Analyses;
import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.MessageRecord;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/** Real captures no one here made: they analyse without error and show their lookups by name, their Pings and DgcAcks. */
class JrmpPublicCapturesTest {

    private static List<MessageRecord> of(AnalysisResult r, String type) {
        return r.messages().stream().filter(m -> m.message().type().label().equals(type)).toList();
    }

    @Test
    void ndpiShowsTheLookupTheStubThePingAndTheDgcAck() throws Exception {
        AnalysisResult r = Analyses.analyze(TestCaptures.publicCaptures().resolve("ndpi-jrmi.pcap"), AnalysisOptions.defaults());
        MessageRecord call = of(r, "call").get(0);
        assertEquals(9L, call.frame());
        assertEquals("lookup", call.message().info().method());
        assertEquals("MessengerService", call.message().info().name());
        MessageRecord ret = of(r, "return").get(0);
        assertEquals(11L, ret.frame());
        assertEquals(List.of("java.rmi.Remote", "example.hello.MessengerService"), ret.message().info().details().asMap().get("interfaces"));
        assertEquals("127.0.1.1:43595", ret.message().info().details().asMap().get("endpoint"));
        assertEquals(13L, of(r, "ping").get(0).frame());
        assertEquals(14L, of(r, "ping-ack").get(0).frame());
        assertEquals(16L, of(r, "dgc-ack").get(0).frame());
        assertEquals(ret.message().info().details().asMap().get("ackUid"), of(r, "dgc-ack").get(0).message().info().details().asMap().get("uid"));
        assertEquals(4, r.phase(Phase.NAMING).packets());
        assertEquals(0, r.phase(Phase.UNPARSED).packets());
    }

    static Stream<Path> foxIt() throws Exception {
        return Files.list(TestCaptures.publicCaptures().resolve("fox-it-log4shell-rmi")).filter(p -> p.toString().endsWith(".pcap")).sorted();
    }

    @ParameterizedTest
    @MethodSource("foxIt")
    void log4ShellCapturesShowTheirRegistryLookupsByName(Path file) throws Exception {
        AnalysisResult r = Analyses.analyze(file, AnalysisOptions.defaults());
        List<MessageRecord> lookups = of(r, "call");
        int expected = file.getFileName().toString().startsWith("rmi-basic-auth") ? 2 : 1;
        assertEquals(expected, lookups.size(), file.toString());
        for (MessageRecord m : lookups) {
            assertEquals("lookup", m.message().info().method());
            assertTrue(m.message().info().name().matches("[A-Za-z0-9]{4,}"), m.message().info().name());
            assertEquals(Phase.NAMING, m.message().phase());
        }
        for (MessageRecord ret : of(r, "return")) {
            assertEquals("com.sun.jndi.rmi.registry.ReferenceWrapper", ret.message().info().details().asMap().get("stubClass"), file.toString());
        }
        // The only bytes we cannot claim are the Log4Shell HTTP request that triggered the lookups.
        r.connections().stream().filter(c -> c.protocol().equals("unknown"))
                .forEach(c -> assertTrue(c.server().endsWith(":8888"), c.toString()));
    }

    @Test
    void aPingOnAPooledConnectionJoinedMidWayIsShown() throws Exception {
        // rmi-basic-auth-ev0: frame 6 is a lone Ping on a connection whose SYN precedes the capture; its server
        // is proven to speak JRMP by the next connection, which starts with the JRMI header.
        AnalysisResult r = Analyses.analyze(TestCaptures.publicCaptures().resolve("fox-it-log4shell-rmi/rmi-basic-auth-ev0.pcap"), AnalysisOptions.defaults());
        MessageRecord ping = of(r, "ping").get(0);
        assertEquals(6L, ping.frame());
        assertEquals(2, ping.connection());
        assertFalse(r.connections().get(1).sawSyn());
    }
}
