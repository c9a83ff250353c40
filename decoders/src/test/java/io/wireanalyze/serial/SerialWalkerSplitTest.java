package io.wireanalyze.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.wireanalyze.codec.DecoderLimits;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Split invariance: a stream cut anywhere needs more bytes, or ends at a top-level boundary with the same nodes. */
class SerialWalkerSplitTest {

    private static final int EVERY_PREFIX_UP_TO = 20_000;

    @Test
    void walksEveryPrefixAsNeedMoreOrAtBoundaryWithTheSameNodes() {
        for (Map.Entry<String, byte[]> entry : Streams.corpus().entrySet())
            checkPrefixes(entry.getKey(), entry.getValue());
    }

    private static void checkPrefixes(String name, byte[] bytes) {
        List<SerialNode> whole = Streams.contents(bytes);
        TreeSet<Integer> boundaries = new TreeSet<>(List.of(4));
        whole.forEach(node -> boundaries.add(node.end()));
        SerialWalker walker = new SerialWalker(DecoderLimits.DEFAULT);
        ByteBuffer buf = ByteBuffer.wrap(bytes);
        int stride = bytes.length <= EVERY_PREFIX_UP_TO ? 1 : 61;
        for (int cut = 0; cut <= bytes.length; cut++) {
            if (stride > 1 && cut > 1000 && cut % stride != 0 && !boundaries.contains(cut) && cut < bytes.length - 1000)
                continue;
            SerialResult result = walker.walkStream(buf, 0, cut);
            String where = name + " cut at " + cut + " of " + bytes.length + ": " + result;
            if (boundaries.contains(cut)) {
                SerialResult.AtBoundary at = assertInstanceOf(SerialResult.AtBoundary.class, result, where);
                assertEquals(cut, at.end(), where);
                assertEquals(whole.subList(0, boundaries.headSet(cut).size()), at.contents(), where);
            } else if (result instanceof SerialResult.NeedMore more) {
                assertTrue(more.atLeast() > cut, where);
                Integer next = boundaries.higher(cut);
                assertTrue(next == null || more.atLeast() <= next, where + " (next boundary " + next + ")");
            } else {
                fail(where);
            }
        }
    }

    @Test
    void walksStreamsConcatenatedWithOtherBytesToTheSameEnd() {
        for (Map.Entry<String, byte[]> entry : Streams.corpus().entrySet()) {
            byte[] stream = entry.getValue();
            byte[] framed = new byte[stream.length + 9];
            System.arraycopy(stream, 0, framed, 5, stream.length);
            framed[5 + stream.length] = 0x52; // JRMP Ping, not a content
            SerialResult result = new SerialWalker(DecoderLimits.DEFAULT).walkStream(ByteBuffer.wrap(framed), 5, framed.length);
            SerialResult.Complete done = assertInstanceOf(SerialResult.Complete.class, result, entry.getKey());
            assertEquals(5 + stream.length, done.end(), entry.getKey());
        }
    }
}
