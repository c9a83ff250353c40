package io.wireanalyze.accounting;

import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;

/**
 * The bench module's window on the engine's record codec ({@link Codecs}, package-private there): what a spill writes
 * and reads back, a message record (with its protocol's details) or an invocation record, one at a time. One
 * instance writes and reads, as one analysis does (the codec numbers record classes as it meets them). For
 * {@code io.wireanalyze.jmh.CodecBenchmark} only; it adds no behaviour.
 */
public final class RecordCodec {
    private final Codecs codecs = new Codecs();

    /** The message records, then the invocation records, as the codec writes them (numbered from 0 in that order). */
    public byte[] write(List<MessageRecord> messages, List<AnalysisResult.InvocationRecord> invocations) {
        SpillOut out = new SpillOut(1 << 16);
        long seq = 0;
        for (MessageRecord m : messages) codecs.messages.write(out, new Codecs.Keyed<>(seq++, m));
        for (AnalysisResult.InvocationRecord i : invocations) codecs.finalInvocations.write(out, new Codecs.Keyed<>(seq++, i));
        return out.toByteArray();
    }

    /** What {@link #write} wrote: this many message records, then invocation records, each made again. */
    public void read(byte[] bytes, int messages, int invocations, Consumer<MessageRecord> m,
                     Consumer<AnalysisResult.InvocationRecord> i) throws IOException {
        SpillIn in = new SpillIn(bytes, 0, bytes.length);
        for (int k = 0; k < messages; k++) m.accept(codecs.messages.read(in).value());
        for (int k = 0; k < invocations; k++) i.accept(codecs.finalInvocations.read(in).value());
    }
}
