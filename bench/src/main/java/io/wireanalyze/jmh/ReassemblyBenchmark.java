package io.wireanalyze.jmh;

import io.wireanalyze.tcp.StreamListener;
import io.wireanalyze.tcp.StreamReassembler;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.nio.ByteBuffer;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * {@link StreamReassembler} over one direction of {@value #SEGMENTS} MSS-sized segments (1460 bytes): in order, and
 * out of order (segments shuffled within windows of {@value #WINDOW}, as a reordering link delivers them). The score
 * is segments per second.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class ReassemblyBenchmark {

    static final int SEGMENTS = 10_000;
    static final int MSS = 1460;
    static final int WINDOW = 8;
    static final long ISN = 0xFFFF_F000L;   // wraps past 2^32 a few segments in
    static final int MAX_BUFFERED = 16 << 20;

    @Param({"in-order", "out-of-order"})
    public String order;

    private long[] seq;
    private ByteBuffer[] payload;

    @Setup(Level.Trial)
    public void segments() {
        byte[] stream = new byte[SEGMENTS * MSS];
        new Random(1).nextBytes(stream);
        int[] index = new int[SEGMENTS];
        for (int i = 0; i < SEGMENTS; i++) index[i] = i;
        if (order.equals("out-of-order")) {
            Random r = new Random(2);
            for (int w = 0; w < SEGMENTS; w += WINDOW) {
                for (int i = Math.min(SEGMENTS, w + WINDOW) - 1; i > w; i--) {
                    int j = w + r.nextInt(i - w + 1);
                    int t = index[i];
                    index[i] = index[j];
                    index[j] = t;
                }
            }
        }
        seq = new long[SEGMENTS];
        payload = new ByteBuffer[SEGMENTS];
        for (int i = 0; i < SEGMENTS; i++) {
            seq[i] = (ISN + 1 + (long) index[i] * MSS) & 0xFFFF_FFFFL;
            payload[i] = ByteBuffer.wrap(stream, index[i] * MSS, MSS).slice().asReadOnlyBuffer();
        }
    }

    @Benchmark
    @OperationsPerInvocation(SEGMENTS)
    public long reassemble(Blackhole bh) {
        StreamReassembler r = new StreamReassembler(MAX_BUFFERED);
        r.syn(ISN);
        StreamListener sink = new StreamListener() {
            @Override
            public void data(long offset, ByteBuffer bytes) {
                bh.consume(bytes.get(bytes.position()));
            }

            @Override
            public void gap(long offset, long length) {
                throw new IllegalStateException("gap of " + length + " bytes at " + offset + " (expected: none)");
            }
        };
        for (int i = 0; i < SEGMENTS; i++) r.accept(seq[i], payload[i].duplicate(), MSS, false, sink);
        r.flush(sink);
        if (r.nextOffset() != (long) SEGMENTS * MSS) throw new IllegalStateException("delivered " + r.nextOffset() + " bytes");
        return r.nextOffset();
    }
}
