package io.wireanalyze.jmh;

import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.Analyzer;
import io.wireanalyze.protocols.ProtocolTable;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * Each protocol's decoder, through the whole analysis: one fixture per protocol, held in memory, analysed by
 * {@link Analyzer#analyze} with every protocol of the table (TLS with the fixture's key log). The score is analyses
 * per second; the {@code packets} and {@code bytes} counters are the same as rates.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class AnalysisBenchmark {

    @Param({"jrmp/lookup-then-invoke.pcap", "giop/iiop-resolve-then-invoke.pcap", "http/http-rmi-direct.pcap",
            "http/http-to-port.pcap", "soap/cxf-default.pcap", "hessian/hessian2-length.pcap", "burlap/burlap-objects.pcap",
            "httpinvoker/sendints.pcap", "xmlrpc/transport-lite.pcap", "tls/jrmp-tls13-lookup-then-invoke.pcap"})
    public String fixture;

    private InMemoryCapture capture;
    private AnalysisOptions options;

    /** Packets and captured bytes analysed, reported by JMH as rates beside the score. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Counted {
        public long packets;
        public long bytes;
    }

    @Setup(Level.Trial)
    public void load() throws IOException {
        capture = InMemoryCapture.load(fixture);
        options = AnalysisOptions.defaults().withProtocols(ProtocolTable.withTlsKeys(capture.keys()));
    }

    @Benchmark
    public AnalysisResult analyze(Counted counted) throws IOException {
        AnalysisResult r = Analyzer.analyze(capture.source(), options);
        counted.packets += capture.frames().size();
        counted.bytes += capture.bytes();
        return r;
    }
}
