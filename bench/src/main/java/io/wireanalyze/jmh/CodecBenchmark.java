package io.wireanalyze.jmh;

import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.AnalysisResult.InvocationRecord;
import io.wireanalyze.accounting.Analyzer;
import io.wireanalyze.accounting.MessageRecord;
import io.wireanalyze.accounting.RecordCodec;
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
import org.openjdk.jmh.infra.Blackhole;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The record codec an analysis spills with (the engine's {@code Codecs}, through {@link RecordCodec}): every message
 * record of a fixture, with its protocol's details, and every invocation record, written to memory and read back.
 * The records are the fixture's own (analysed once, in the set-up), so each protocol's details are measured as they
 * come. The score is passes over all of the fixture's records per second; the {@code records} and {@code bytes}
 * counters are records and encoded bytes as rates. No disk: the codec alone.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class CodecBenchmark {

    @Param({"jrmp/lookup-then-invoke.pcap", "giop/iiop-resolve-then-invoke.pcap", "soap/cxf-default.pcap",
            "hessian/hessian2-length.pcap", "tls/jrmp-tls13-lookup-then-invoke.pcap"})
    public String fixture;

    private List<MessageRecord> messages;
    private List<InvocationRecord> invocations;
    /** The records as the codec writes them, and the codec that wrote them (it reads what it wrote). */
    private byte[] encoded;
    private RecordCodec written;

    /** Records and encoded bytes, reported by JMH as rates beside the score. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Counted {
        public long records;
        public long bytes;
    }

    @Setup(Level.Trial)
    public void load() throws IOException {
        InMemoryCapture capture = InMemoryCapture.load(fixture);
        AnalysisOptions options = AnalysisOptions.defaults().withProtocols(ProtocolTable.withTlsKeys(capture.keys()));
        try (AnalysisResult r = Analyzer.analyze(capture.source(), options)) {
            messages = List.copyOf(new ArrayList<>(r.messages()));
            invocations = List.copyOf(new ArrayList<>(r.invocations()));
        }
        if (messages.isEmpty() || invocations.isEmpty()) throw new IOException(fixture + ": no messages or invocations to encode");
        written = new RecordCodec();
        encoded = written.write(messages, invocations);
        List<MessageRecord> back = new ArrayList<>();
        List<InvocationRecord> backInvocations = new ArrayList<>();
        read(written, encoded, back::add, backInvocations::add);
        if (!back.equals(messages) || !backInvocations.equals(invocations))
            throw new IOException(fixture + ": the records read back are not the records written");
        System.out.printf("%n%s: %d message and %d invocation records, %d bytes encoded (%.1f a record)%n", fixture,
                messages.size(), invocations.size(), encoded.length, encoded.length / (double) (messages.size() + invocations.size()));
    }

    private void read(RecordCodec codec, byte[] bytes, java.util.function.Consumer<MessageRecord> m,
                      java.util.function.Consumer<InvocationRecord> i) throws IOException {
        codec.read(bytes, messages.size(), invocations.size(), m, i);
    }

    /** Every record written, by a codec that has met their classes (as in an analysis that spills many). */
    @Benchmark
    public byte[] write(Counted counted) throws IOException {
        byte[] b = written.write(messages, invocations);
        counted.records += messages.size() + invocations.size();
        counted.bytes += b.length;
        return b;
    }

    /** Every record read back and made again through its canonical constructor. */
    @Benchmark
    public void read(Counted counted, Blackhole hole) throws IOException {
        read(written, encoded, hole::consume, hole::consume);
        counted.records += messages.size() + invocations.size();
        counted.bytes += encoded.length;
    }
}
