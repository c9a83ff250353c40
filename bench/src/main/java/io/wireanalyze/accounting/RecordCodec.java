package io.wireanalyze.accounting;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;

/**
 * The bench module's window on the engine's record codec ({@link Codecs}, package-private there): what a spill writes
 * and reads back, a message record (with its protocol's details) or an invocation record, one at a time. One
 * instance writes and reads, as one analysis does (the codec numbers record classes as it meets them). For
 * {@code io.wireanalyze.jmh.CodecBenchmark} only; it adds no behaviour.
 */
public final class RecordCodec {
    private final Codecs codecs = new Codecs();

    public void writeMessage(DataOutputStream out, long seq, MessageRecord r) throws IOException {
        codecs.messages.write(out, new Codecs.Keyed<>(seq, r));
    }

    public MessageRecord readMessage(DataInputStream in) throws IOException {
        return codecs.messages.read(in).value();
    }

    public void writeInvocation(DataOutputStream out, long seq, AnalysisResult.InvocationRecord r) throws IOException {
        codecs.finalInvocations.write(out, new Codecs.Keyed<>(seq, r));
    }

    public AnalysisResult.InvocationRecord readInvocation(DataInputStream in) throws IOException {
        return codecs.finalInvocations.read(in).value();
    }
}
