package io.wireanalyze.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wireanalyze.fixtures.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** The command line as a user meets it: exit codes, one-line errors, the formats. */
class WireAnalyzeCliTest {

    private static Path ndpi() {
        return Fixtures.publicCaptures().resolve("ndpi-jrmi.pcap");
    }

    @Test
    void noCommandIsAUsageError() {
        Cli r = Cli.run();
        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("a command is required"), r.err());
    }

    /**
     * {@code main} builds the root with only the command its arguments name (picocli reads every command's annotations
     * when it builds one): it must say and do what the whole command line does, word for word, for help, versions,
     * usage errors, suggestions, inherited options and failures, and name the same commands.
     */
    @Test
    void theRootWithOneCommandSaysWhatTheWholeCommandLineSays() {
        List<List<String>> cases = new java.util.ArrayList<>();
        for (String command : WireAnalyze.COMMANDS.keySet()) {
            cases.add(List.of(command, "--help"));
            cases.add(List.of(command, "-h"));
            cases.add(List.of(command, "--version"));
            cases.add(List.of(command, "--no-such-option"));
            cases.add(List.of(command, "--verbose", "--no-such-option"));
            cases.add(List.of(command, "--formt", "json"));
        }
        cases.add(List.of("analyze"));
        cases.add(List.of("analyze", "no-such.pcap"));
        cases.add(List.of("analyse", "-v", "no-such.pcap"));
        cases.add(List.of("analyze", "--format", "nope", "no-such.pcap"));
        cases.add(List.of("analyze", "--workers", "-3", "no-such.pcap"));
        cases.add(List.of("capture", "--protocol", "nope"));
        cases.add(List.of("capture", "--protocol", "JRMP", "--invocations", "x"));
        cases.add(List.of("compare", "--protocols", "nope"));
        cases.add(List.of("bench", "compiled", "--help"));
        cases.add(List.of("bench", "nope"));
        cases.add(List.of("analyze", "help"));
        int checked = 0;
        for (List<String> c : cases) {
            String[] args = c.toArray(String[]::new);
            Cli whole = withoutFrames(Cli.run(args)), one = withoutFrames(Cli.runAsMain(args));
            assertEquals(whole, one, String.join(" ", c));
            String second = c.size() > 1 ? c.get(1) : "";
            if (second.equals("--help")) assertTrue(one.out().startsWith("Usage: wireanalyze " + c.get(0).replace("analyse", "analyze") + " "), c + ": " + one);
            if (second.equals("--no-such-option")) assertTrue(one.exitCode() == 2 && !one.err().isEmpty(), c + ": " + one);
            checked++;
        }
        assertEquals(6 * WireAnalyze.COMMANDS.size() + 11, checked);
        // every command of the whole command line (but help) is one main can start alone, by each of its names
        var whole = WireAnalyze.commandLine().getSubcommands();
        java.util.Set<String> named = new java.util.TreeSet<>(whole.keySet());
        named.remove("help");
        assertEquals(named, new java.util.TreeSet<>(WireAnalyze.COMMANDS.keySet()));
        for (String name : named)
            assertSame(whole.get(name).getCommand().getClass(), WireAnalyze.COMMANDS.get(name), name);
        // arguments that name no command get the whole
        assertEquals(whole.keySet(), WireAnalyze.commandLine(new String[]{"help", "analyze"}).getSubcommands().keySet());
        assertEquals(whole.keySet(), WireAnalyze.commandLine(new String[0]).getSubcommands().keySet());
        assertEquals(java.util.Set.of("analyze", "analyse"), WireAnalyze.commandLine(new String[]{"analyse"}).getSubcommands().keySet());
    }

    /** Without a stack trace's frames (--verbose), which name the test's own way in. */
    private static Cli withoutFrames(Cli r) {
        return new Cli(r.exitCode(), r.out(), r.err().replaceAll("(?m)^\\s+(at |\\.\\.\\. \\d+ more).*\\R", ""));
    }

    /** A class whose initializer asks for an array past the VM's limit: an OutOfMemoryError, allocating nothing. */
    private static final class HeapHog {
        static final long[] ALL = new long[Integer.MAX_VALUE];
    }

    private static int useHeapHog() {
        return HeapHog.ALL.length;
    }

    /**
     * main says the heap ran out, in one line, for an OutOfMemoryError and also for a class whose initializer ran out:
     * with workers another thread may use that class first after, and fail with a NoClassDefFoundError that records the
     * first error only as text (OutOfMemoryIT met it once, a stack trace instead of the line).
     */
    @Test
    void aClassWhoseInitializerRanOutIsTheHeapRunningOut() {
        OutOfMemoryError first = assertThrows(OutOfMemoryError.class, WireAnalyzeCliTest::useHeapHog);
        NoClassDefFoundError later = assertThrows(NoClassDefFoundError.class, WireAnalyzeCliTest::useHeapHog);
        assertTrue(WireAnalyze.ranOutOfHeap(first));
        assertTrue(WireAnalyze.ranOutOfHeap(later), later + ", caused by " + later.getCause());
        assertTrue(WireAnalyze.ranOutOfHeap(new IllegalStateException("a worker failed", first)));
        assertFalse(WireAnalyze.ranOutOfHeap(new NoClassDefFoundError("io/wireanalyze/Missing")));
        assertFalse(WireAnalyze.ranOutOfHeap(new NoClassDefFoundError("Could not initialize class X")
                .initCause(new ExceptionInInitializerError("Exception java.lang.IllegalStateException: bad table [in thread \"main\"]"))));
        assertFalse(WireAnalyze.ranOutOfHeap(new StackOverflowError()));
    }

    @Test
    void aMissingFileIsOneLineAndExitOne() {
        Cli r = Cli.run("analyze", "no-such.pcap");
        assertEquals(1, r.exitCode());
        assertEquals("wireanalyze: no-such.pcap: no such file", r.err().strip());
    }

    @Test
    void aFileThatIsNotACaptureNamesTheFileAndWhatWasFound(@TempDir Path dir) throws Exception {
        Path text = Files.writeString(dir.resolve("notes.pcap"), "hello, this is not a capture\n");
        Cli r = Cli.run("analyze", text.toString());
        assertEquals(1, r.exitCode());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains(text.toString()), r.err());
    }

    /**
     * A name decoded from the capture that UTF-8 cannot write: a registry lookup of a name whose first three bytes are
     * modified UTF-8's lone surrogate U+D800 (ED A0 80, valid there). Every output writes it as '?' and the rest in
     * full; the JSON and CSV files failed before ("Input length = 1", exit 1, a JSON file cut short left behind).
     */
    @Test
    void aLoneSurrogateInADecodedNameIsWrittenAsStandardOutputWritesIt(@TempDir Path dir) throws Exception {
        byte[] pcap = Files.readAllBytes(Fixtures.dir("jrmp").resolve("dgc-clean.pcap"));
        int at = new String(pcap, java.nio.charset.StandardCharsets.ISO_8859_1).indexOf("BenchService");
        assertTrue(at > 0);
        pcap[at] = (byte) 0xED;
        pcap[at + 1] = (byte) 0xA0;
        pcap[at + 2] = (byte) 0x80;
        Path capture = Files.write(dir.resolve("surrogate.pcap"), pcap);

        Cli stdout = Cli.run("analyze", capture.toString(), "--format", "json");
        assertEquals(0, stdout.exitCode(), stdout.err());
        // (the report is made as UTF-8 bytes, so even a writer of chars, as the test's standard output is, gets the '?')
        assertTrue(stdout.out().contains("\"name\" : \"?chService\""), stdout.out());
        Path out = dir.resolve("out");
        Cli json = Cli.run("analyze", capture.toString(), "--format", "json", "--out", out.toString());
        assertEquals(0, json.exitCode(), json.err());
        String written = Files.readString(out.resolve("surrogate.json"));
        assertTrue(written.contains("\"name\" : \"?chService\""), written);
        assertEquals(stdout.out().strip(), written.strip());
        assertEquals(List.of("surrogate.json"), Files.list(out).map(p -> p.getFileName().toString()).toList(), "no partial file left");
        Cli csv = Cli.run("analyze", capture.toString(), "--format", "csv", "--out", dir.resolve("csv").toString());
        assertEquals(0, csv.exitCode(), csv.err());
        try (var files = Files.list(dir.resolve("csv"))) {
            assertTrue(files.anyMatch(f -> {
                try {
                    return Files.readString(f).contains("?chService");
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }), "a CSV file names the lookup");
        }
    }

    @Test
    void verboseAddsTheStackTrace() {
        Cli r = Cli.run("analyze", "--verbose", "no-such.pcap");
        assertEquals(1, r.exitCode());
        assertTrue(r.err().lines().count() > 2, r.err());
        assertTrue(r.err().contains("at io.wireanalyze"), r.err());
    }

    @Test
    void everyPlannedProtocolIsBuilt() {
        for (io.wireanalyze.workloads.table.WorkloadKind k : io.wireanalyze.workloads.table.WorkloadKind.values())
            assertTrue(k.notBuilt().isEmpty(), k + ": " + k.notBuilt());
    }

    @Test
    void optionsOfAnotherProtocolAreUsageErrorsNamedFromTheWorkloadTable() {
        Cli r = Cli.run("capture", "--protocol", "iiop", "--lease-ms", "1000");
        assertEquals(2, r.exitCode());
        assertEquals("--lease-ms and --drop-stub apply to --protocol jrmp, http-rmi, http-to-port and jrmp-tls only (not iiop)", r.err().lines().findFirst().orElseThrow());
        Cli giop = Cli.run("capture", "--protocol", "jrmp", "--naming-giop", "1.2");
        assertEquals(2, giop.exitCode());
        assertEquals("--naming-giop applies to --protocol iiop and rmi-iiop only (not jrmp)", giop.err().lines().findFirst().orElseThrow());
        Cli idl = Cli.run("capture", "--protocol", "rmi-iiop", "--idl-string", "wstring");
        assertEquals(2, idl.exitCode());
        assertEquals("--idl-string applies to --protocol iiop only (not rmi-iiop)", idl.err().lines().findFirst().orElseThrow());
        Cli via = Cli.run("capture", "--protocol", "jrmp", "--via", "proxy");
        assertEquals(2, via.exitCode());
        assertEquals("--via and --proxy-port apply to --protocol http-rmi only (not jrmp)", via.err().lines().findFirst().orElseThrow());
        Cli http = Cli.run("capture", "--protocol", "jrmp", "--http-port", "8081");
        assertEquals(2, http.exitCode());
        assertEquals("--http-port applies to --protocol http-rmi, soap, soap-wssec, hessian, burlap, httpinvoker, xmlrpc, hessian1, xmlrpc-httpclient and xmlrpc-lite only (not jrmp)", http.err().lines().findFirst().orElseThrow());
        Cli clean = Cli.run("capture", "--protocol", "http-rmi", "--clean-http");
        assertEquals(2, clean.exitCode());
        assertEquals("--clean-http, --soap-version and --soap-client apply to --protocol soap and soap-wssec only (not http-rmi)",
                clean.err().lines().findFirst().orElseThrow());
    }

    @Test
    void seed003sRecordsAreRefusedWhereTheWorkloadHasNoTypeForThem() {
        Cli r = Cli.run("capture", "--protocol", "iiop", "--payload", "objects:10");
        assertEquals(2, r.exitCode());
        assertEquals("--payload objects:10: not on --protocol iiop (expected: objects:N with jrmp, http-rmi, http-to-port, jrmp-tls, soap, soap-wssec, hessian, burlap, httpinvoker, xmlrpc, hessian1, xmlrpc-httpclient, xmlrpc-lite)",
                r.err().lines().findFirst().orElseThrow());
        Cli big = Cli.run("capture", "--protocol", "soap", "--payload", "objects:100001");
        assertEquals(2, big.exitCode());
        assertEquals("payload 'objects:100001': count 100001 (expected: an integer 0..100000)", big.err().lines().findFirst().orElseThrow());
    }

    @Test
    void badValuesOfAWorkloadsOptionAreUsageErrorsSayingWhatIsExpected() {
        Cli g = Cli.run("capture", "--protocol", "iiop", "--naming-giop", "1.7");
        assertEquals(2, g.exitCode());
        assertEquals("Invalid value for option '--naming-giop': GIOP version '1.7' (expected: one of 1.0, 1.1, 1.2)",
                g.err().lines().findFirst().orElseThrow());
        Cli port = Cli.run("capture", "--protocol", "jrmp", "--object-port", "70000");
        assertEquals(2, port.exitCode());
        assertEquals("Invalid value for option '--object-port': 70000 (expected: a port 1..65535)", port.err().lines().findFirst().orElseThrow());
        Cli via = Cli.run("capture", "--protocol", "http-rmi", "--via", "carrier-pigeon");
        assertEquals(2, via.exitCode());
        assertEquals("Invalid value for option '--via': route 'carrier-pigeon' (expected: one of direct, proxy)", via.err().lines().findFirst().orElseThrow());
        Cli protocol = Cli.run("capture", "--protocol", "corba");
        assertEquals(2, protocol.exitCode());
        assertEquals("Invalid value for option '--protocol': unknown protocol 'corba' (expected: one of jrmp, iiop, rmi-iiop, http-rmi, http-to-port, jrmp-tls, soap, soap-wssec, hessian, burlap, httpinvoker, xmlrpc, hessian1, xmlrpc-httpclient, xmlrpc-lite)",
                protocol.err().lines().findFirst().orElseThrow());
    }

    @Test
    void aBadPayloadIsAUsageError() {
        Cli r = Cli.run("capture", "--protocol", "jrmp", "--payload", "intz:5");
        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("payload 'intz:5'"), r.err());
    }

    @Test
    void theMainHelpNamesAllElevenProtocolFamilies() {
        Cli r = Cli.run("--help");
        assertEquals(0, r.exitCode());
        String help = r.out().replaceAll("\\s+", " ");
        for (String family : List.of("JRMP", "tunnelled through HTTP", "over TLS", "CORBA (GIOP/IIOP)", "RMI over IIOP",
                "SOAP 1.1 and 1.2", "WS-Security", "Hessian", "Burlap", "Spring HttpInvoker", "XML-RPC"))
            assertTrue(help.contains(family), family + " in " + help);
    }

    @Test
    void helpListsEveryPlannedProtocolAndTheOptionsOfEach() {
        Cli r = Cli.run("capture", "--help");
        assertEquals(0, r.exitCode());
        assertTrue(r.out().replaceAll("\\s+", " ").contains("jrmp, iiop, rmi-iiop, http-rmi, http-to-port, jrmp-tls, soap, soap-wssec, hessian, burlap, httpinvoker, xmlrpc, hessian1, xmlrpc-httpclient, xmlrpc-lite"), r.out());
        List<String> perProtocol = r.out().lines().dropWhile(l -> !l.equals("Options of each protocol:")).toList();
        assertEquals(List.of("Options of each protocol:",
                "  jrmp      --naming-port --object-port --lease-ms --drop-stub",
                "  iiop      --naming-port --object-port --naming-giop --idl-string",
                "  rmi-iiop  --naming-port --object-port --naming-giop",
                "  http-rmi  --naming-port --object-port --lease-ms --drop-stub --http-port",
                "            --via --proxy-port",
                "  http-to-port --naming-port --object-port --lease-ms --drop-stub",
                "  jrmp-tls  --naming-port --object-port --lease-ms --drop-stub --tls",
                "  soap      --http-port --clean-http --soap-version --soap-client",
                "  soap-wssec --http-port --clean-http --soap-version --soap-client",
                "  hessian   --http-port --hessian-version --hessian-reply",
                "  burlap    --http-port",
                "  httpinvoker --http-port",
                "  xmlrpc    --http-port --xmlrpc-transport",
                "  hessian1  --http-port",
                "  xmlrpc-httpclient --http-port",
                "  xmlrpc-lite --http-port"), perProtocol);
    }

    @Test
    void theXmlDepthLimitIsAnOptionAndItsOverflowAReason() throws Exception {
        Path soap = Fixtures.dir("soap").resolve("cxf-default.pcap");
        Cli r = Cli.run("analyze", "--format", "json", "--max-xml-depth", "3", soap.toString());
        assertEquals(0, r.exitCode(), r.err());
        JsonNode doc = new ObjectMapper().readTree(r.out());
        List<String> reasons = new java.util.ArrayList<>();
        for (JsonNode m : doc.get("messages")) if (m.has("reason")) reasons.add(m.get("reason").asText());
        assertFalse(reasons.isEmpty(), r.out());
        // Envelope, Body, sendInts, then the first arg0 is one level too deep; each response is left undecoded with it.
        assertTrue(reasons.stream().allMatch(x -> x.matches("xml\\.depth at stream offset \\d+: more than 3 nested elements "
                + "\\(expected: <= 3, the XML depth limit\\)") || x.matches("HTTP body of \\d+ bytes: not decoded, as its request's body was not")),
                reasons::toString);
        assertEquals(6, reasons.stream().filter(x -> x.startsWith("xml.depth")).count(), "the WSDL and 5 requests: " + reasons);
    }

    /** A TLS capture with its key log: decrypted, the calls and their TLS framing; without it, why not and how to fix it. */
    @Test
    void aKeyLogDecryptsATlsCaptureAndWithoutOneTheReportSaysHowToGetOne() {
        Path pcap = Fixtures.dir("tls").resolve("jrmp-tls13-lookup-then-invoke.pcap");
        Path keys = Fixtures.dir("tls").resolve("jrmp-tls13-lookup-then-invoke.keys");
        Cli decrypted = Cli.run("analyze", "--tls-keylog", keys.toString(), pcap.toString());
        assertEquals(0, decrypted.exitCode(), decrypted.err());
        assertTrue(decrypted.err().contains("wireanalyze: TLS key log " + keys + ": 8 secrets"), decrypted.err());
        assertTrue(decrypted.out().contains("lookup \"BenchService\" -> io.wireanalyze.workloads.jrmp.BenchService @ 127.0.0.1:1100"), decrypted.out());
        assertTrue(decrypted.out().contains("outer framing bytes per invocation    76.00"), decrypted.out());
        assertTrue(decrypted.out().contains(" jrmp-tls "), decrypted.out());
        assertTrue(decrypted.out().contains("  unparsed            0 "), decrypted.out());
        Cli opaque = Cli.run("analyze", pcap.toString());
        assertEquals(0, opaque.exitCode(), opaque.err());
        assertTrue(opaque.out().contains("application-data  TLS application data, not decrypted: no key log (analyze --tls-keylog FILE: an"
                + " NSS key log, from SSLKEYLOGFILE or the Java agent extract-tls-secrets)"), opaque.out());
        assertTrue(opaque.out().contains("0 measured"), opaque.out());
    }

    @Test
    void aMissingKeyLogIsOneLineAndExitOne() {
        Cli r = Cli.run("analyze", "--tls-keylog", "no-such.keys", Fixtures.dir("tls").resolve("openssl-clients.pcap").toString());
        assertEquals(1, r.exitCode());
        assertEquals("wireanalyze: --tls-keylog no-such.keys: no such file (expected: an NSS key log)", r.err().strip());
    }

    /** Seed 001's comparison: plain JRMP beside JRMP over TLS 1.3 and 1.2, the key logs given together. */
    @Test
    void theComparisonShowsTheTlsFramingPerInvocation() {
        Path tls = Fixtures.dir("tls");
        Cli r = Cli.run("analyze", "--tls-keylog", tls.resolve("jrmp-tls13-lookup-then-invoke.keys").toString(),
                "--tls-keylog", tls.resolve("jrmp-tls12-lookup-then-invoke.keys").toString(),
                Fixtures.dir("jrmp").resolve("lookup-then-invoke.pcap").toString(),
                tls.resolve("jrmp-tls13-lookup-then-invoke.pcap").toString(), tls.resolve("jrmp-tls12-lookup-then-invoke.pcap").toString());
        assertEquals(0, r.exitCode(), r.err());
        String comparison = r.out().substring(r.out().indexOf("Comparison of 3 captures"));
        List<String> rows = comparison.lines().filter(l -> l.startsWith("  request bytes") || l.startsWith("  reply bytes")
                || l.startsWith("  outer framing bytes")).map(l -> l.strip().replaceAll("\\s+", " ")).toList();
        assertEquals(List.of("request bytes 4065.00 4103.00 4094.00", "reply bytes 26.00 64.00 55.00",
                "outer framing bytes n/a 76.00 58.00"), rows);
    }

    @Test
    void theTableShowsTheRegistryLookupByName() {
        Cli r = Cli.run("analyze", ndpi().toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("lookup \"MessengerService\""), r.out());
        assertTrue(r.out().contains("Figure 16"), r.out());
    }

    @Test
    void jsonHasTheDocumentedTopLevelKeys() throws Exception {
        Cli r = Cli.run("analyze", "--format", "json", ndpi().toString());
        assertEquals(0, r.exitCode(), r.err());
        JsonNode doc = new ObjectMapper().readTree(r.out());
        var names = new java.util.ArrayList<String>();
        doc.fieldNames().forEachRemaining(names::add);
        assertEquals(java.util.List.of("summary", "phases", "connections", "messages", "invocations"), names.subList(0, 5));
        assertEquals(19, doc.get("summary").get("packets").asInt());
        assertEquals(4, doc.get("phases").get("naming").get("packets").asInt());
    }

    @Test
    void workersGiveTheOneThreadsJsonAndANegativeNumberIsAUsageError() throws Exception {
        Path iiop = Fixtures.dir("giop").resolve("iiop-resolve-then-invoke.pcap");
        String one = null;
        for (String workers : new String[]{"0", "1", "3"}) {
            Cli r = Cli.run("analyze", "--format", "json", "--workers", workers, ndpi().toString(), iiop.toString());
            assertEquals(0, r.exitCode(), r.err());
            assertEquals(2, new ObjectMapper().readTree(r.out()).size());
            if (one == null) one = r.out();
            else assertEquals(one, r.out(), workers + " workers");
        }
        Cli bad = Cli.run("analyze", "--workers", "-2", ndpi().toString());
        assertEquals(2, bad.exitCode());
        assertTrue(bad.err().contains("--workers -2 (expected: 0 or more)"), bad.err());
    }

    @Test
    void severalFilesGiveAJsonArrayAndASideBySideTable() throws Exception {
        Path lookup = Fixtures.dir("jrmp").resolve("lookup-then-invoke.pcap");
        Cli json = Cli.run("analyze", "--format", "json", ndpi().toString(), lookup.toString());
        assertEquals(0, json.exitCode(), json.err());
        JsonNode doc = new ObjectMapper().readTree(json.out());
        assertTrue(doc.isArray());
        assertEquals(2, doc.size());
        Cli table = Cli.run("analyze", ndpi().toString(), lookup.toString());
        assertTrue(table.out().contains("Comparison of 2 captures"), table.out());
    }

    @Test
    void csvWritesOneFilePerTableFindableByFrameNumber(@TempDir Path dir) throws Exception {
        Cli r = Cli.run("analyze", "--format", "csv", "--out", dir.toString(), ndpi().toString());
        assertEquals(0, r.exitCode(), r.err());
        for (String t : new String[]{"phases", "invocations", "messages", "packets"}) {
            assertTrue(Files.exists(dir.resolve("ndpi-jrmi." + t + ".csv")), t);
        }
        var packets = Files.readAllLines(dir.resolve("ndpi-jrmi.packets.csv"));
        assertEquals(20, packets.size());   // a header and 19 frames
        assertTrue(packets.get(9).startsWith("9,"), packets.get(9));
        assertTrue(packets.get(9).contains("naming"), packets.get(9));
    }

    @Test
    void aTruncatedFileIsReportedAndFailsOnlyWithStrict(@TempDir Path dir) throws Exception {
        byte[] whole = Files.readAllBytes(ndpi());
        Path cut = Files.write(dir.resolve("cut.pcap"), java.util.Arrays.copyOf(whole, whole.length - 10));
        Cli lenient = Cli.run("analyze", cut.toString());
        assertEquals(0, lenient.exitCode(), lenient.err());
        assertTrue(lenient.err().contains("read only in part"), lenient.err());
        Cli strict = Cli.run("analyze", "--strict", cut.toString());
        assertEquals(1, strict.exitCode());
    }

    @Test
    void aMessageOverTheLimitIsReportedAsMalformedAndTheRestIsStillAnalysed() throws Exception {
        // lookup-then-invoke's sendInts calls are 4065 bytes: with a 2000-byte limit they cannot be decoded.
        Path lookup = Fixtures.dir("jrmp").resolve("lookup-then-invoke.pcap");
        Cli r = Cli.run("analyze", "--format", "json", "--max-message-bytes", "2000", lookup.toString());
        assertEquals(0, r.exitCode(), r.err());
        JsonNode doc = new ObjectMapper().readTree(r.out());
        assertTrue(doc.get("phases").get("unparsed").get("packets").asLong() > 0);
        boolean reported = false;
        for (JsonNode m : doc.get("messages")) {
            if (m.get("type").asText().equals("unparsed") && m.get("reason").asText().contains("maxMessageBytes 2000")) reported = true;
        }
        assertTrue(reported, r.out());
        // The registry lookup, smaller than the limit, is still there.
        boolean lookupFound = false;
        for (JsonNode m : doc.get("messages")) if ("lookup".equals(m.path("method").asText())) lookupFound = true;
        assertTrue(lookupFound);
        Cli zero = Cli.run("analyze", "--max-message-bytes", "0", lookup.toString());
        assertEquals(1, zero.exitCode());
        assertEquals("wireanalyze: limits must be positive numbers", zero.err().strip());
    }

    @Test
    void anUnknownLinkTypeIsOneLineNamingTheFileTheFrameAndTheOffset(@TempDir Path dir) throws Exception {
        byte[] pcap = Files.readAllBytes(ndpi());
        java.nio.ByteBuffer.wrap(pcap).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(20, 147);   // LINKTYPE_USER0
        Path odd = Files.write(dir.resolve("user0.pcap"), pcap);
        Cli r = Cli.run("analyze", odd.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("wireanalyze: " + odd + ": frame 1: link type 147 (named in the file header at byte offset 20) is not decoded; "
                + "19 frame(s) of it are counted as other frames, not analysed", r.err().strip());
        assertTrue(r.out().contains("unsupported link type 19"), r.out());
    }

    @Test
    void aChartIsDrawn(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("c.png");
        Cli r = Cli.run("analyze", "--chart", png.toString(), ndpi().toString());
        assertEquals(0, r.exitCode(), r.err());
        byte[] b = Files.readAllBytes(png);
        assertTrue(b.length > 1000);
        assertEquals((byte) 0x89, b[0]);
        assertEquals('P', b[1]);
    }
}
