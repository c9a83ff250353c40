package io.wireanalyze.jmh;

import io.wireanalyze.capture.CaptureFiles;
import io.wireanalyze.capture.bench.SyntheticPcap;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;
import io.wireanalyze.frame.PacketParser;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The capture reader: {@link CaptureFiles#open} over a synthetic pcap of {@value #PACKETS} Ethernet/IPv4/TCP frames
 * (capture's {@link SyntheticPcap}, written to the temporary folder and deleted after), read alone and with
 * {@link PacketParser#parse} on every frame (the read floor of {@code wireanalyze bench}). The score is packets per
 * second; the file is in the page cache after the first read.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class PcapReaderBenchmark {

    static final int PACKETS = 200_000;

    private Path file;

    @Setup(Level.Trial)
    public void write() throws IOException {
        file = Files.createTempFile("wireanalyze-jmh-", ".pcap");
        SyntheticPcap.write(file, PACKETS);
    }

    @TearDown(Level.Trial)
    public void delete() throws IOException {
        Files.deleteIfExists(file);
    }

    @Benchmark
    @OperationsPerInvocation(PACKETS)
    public long read() throws IOException {
        long sum = 0;
        try (FrameSource s = CaptureFiles.open(file)) {
            for (Frame f = s.next(); f != null; f = s.next()) sum += f.capturedLength() + f.bytes().get(f.capturedLength() - 1);
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(PACKETS)
    public long readAndParse() throws IOException {
        long sum = 0;
        try (FrameSource s = CaptureFiles.open(file)) {
            for (Frame f = s.next(); f != null; f = s.next()) {
                PacketParser.Result r = PacketParser.parse(f);
                if (r.kind() == PacketParser.Kind.TCP) sum += r.segment().payloadLength();
            }
        }
        return sum;
    }
}
