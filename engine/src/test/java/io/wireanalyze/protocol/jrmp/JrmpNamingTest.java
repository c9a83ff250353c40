package io.wireanalyze.protocol.jrmp;

import io.wireanalyze.testing.Analyses;
import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.MessageRecord;
import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Calls on interfaces the analysis has no jar of: named from the well-known list, by guessing from the arguments
 * read in the call, or described with what is known (the stub's interface, the arguments).
 */
class JrmpNamingTest {

    private static List<JrmpDetails.Call> calls(AnalysisResult r) {
        return r.messages().stream().map(MessageRecord::message)
                .filter(m -> m.type() == JrmpMessageType.CALL && m.phase() == io.wireanalyze.phase.Phase.INVOCATION)
                .map(m -> (JrmpDetails.Call) m.info().details()).toList();
    }

    private static List<String> methods(AnalysisResult r) {
        return r.invocations().stream().map(i -> i.method()).distinct().toList();
    }

    @Test
    void withoutTheWorkloadsInterfaceItsCallsAreGuessedOrDescribed() throws Exception {
        AnalysisResult r = Analyses.analyze(TestCaptures.fixture("jrmp/lookup-then-invoke.pcap"), AnalysisOptions.defaults());
        // sendInts(int[]) is "send" and the argument's type; the marker's name is in no word list.
        assertEquals(List.of("sendInts", "method#3d223d6283409b0e on io.wireanalyze.workloads.jrmp.BenchService (String)"), methods(r));
        JrmpDetails.Call sendInts = calls(r).get(0);
        assertEquals("int[1000]", sendInts.arguments());
        assertEquals("guessed", sendInts.named());
        assertEquals("io.wireanalyze.workloads.jrmp.BenchService", sendInts.remoteInterface(), "from the stub the lookup returned");
    }

    @Test
    void aWordListNamesWhatTheBuiltInOneCannot() throws Exception {
        AnalysisOptions options = AnalysisOptions.defaults().withMethodWords(Set.of("wireanalyzeMark"));
        AnalysisResult r = Analyses.analyze(TestCaptures.fixture("jrmp/lookup-then-invoke.pcap"), options);
        assertEquals(List.of("sendInts", "wireanalyzeMark"), methods(r));
        assertEquals(5, r.summary().invocations(), "the marker is recognised again: warm-up calls are left out");
    }

    /** RMI tunnelled through HTTP guesses as JRMP does: with the built-in words, and with the word list too. */
    @Test
    void callsThroughHttpAreGuessedWithTheWordListToo() throws Exception {
        String fixture = "http/http-rmi-direct.pcap";
        List<String> guessed = methods(Analyses.analyze(TestCaptures.fixture(fixture), AnalysisOptions.defaults()));
        assertTrue(guessed.contains("sendInts"), fixture + ": " + guessed);
        assertTrue(guessed.stream().anyMatch(m -> m.startsWith("method#3d223d6283409b0e")), fixture + ": " + guessed);
        List<String> named = methods(Analyses.analyze(TestCaptures.fixture(fixture),
                AnalysisOptions.defaults().withMethodWords(Set.of("wireanalyzeMark"))));
        assertEquals(guessed.stream().map(m -> m.startsWith("method#3d223d6283409b0e") ? "wireanalyzeMark" : m).toList(), named);
    }

    @Test
    void jmxIsNamedFromTheWellKnownInterfaces() throws Exception {
        AnalysisResult r = Analyses.analyze(TestCaptures.fixture("jrmp/jmx-client.pcap"), AnalysisOptions.defaults());
        assertEquals(List.of("newClient", "getConnectionId", "getMBeanCount", "getAttribute", "getDomains", "close"), methods(r));
        List<JrmpDetails.Call> calls = calls(r);
        calls.forEach(c -> assertEquals("well-known", c.named()));
        assertEquals("javax.management.remote.rmi.RMIServerImpl_Stub", calls.get(0).remoteInterface());
        assertEquals("javax.management.remote.rmi.RMIConnectionImpl_Stub", calls.get(3).remoteInterface(), "from newClient's return");
        assertEquals("ObjectName, String, null", calls.get(3).arguments(), "getAttribute(name, attribute, subject)");
    }

    @Test
    void namesGivenWinOverGuesses() throws Exception {
        long hash = RmiMethodHash.of("sendInts([I)I");
        AnalysisOptions options = new AnalysisOptions(DecoderLimits.DEFAULT, Map.of(hash, "sendInts"), AnalysisOptions.DEFAULT_MARKER, true);
        AnalysisResult r = Analyses.analyze(TestCaptures.fixture("jrmp/lookup-then-invoke.pcap"), options);
        assertNull(calls(r).get(0).named(), "a given name says nothing about how");
    }
}
