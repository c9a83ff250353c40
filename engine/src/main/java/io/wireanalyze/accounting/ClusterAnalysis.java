package io.wireanalyze.accounting;

import io.wireanalyze.frame.Endpoint;
import io.wireanalyze.frame.Endpoints;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.LinkType;
import io.wireanalyze.frame.PacketParser;
import io.wireanalyze.frame.TcpSegment;
import io.wireanalyze.protocol.Protocol;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The split analysis ({@link SplitAnalysis}) for an engine whose parts run in other JVMs, a cluster's (the Spark job):
 * each step is a function of bytes to bytes, so that the engine ships only bytes and schedules nothing of its own.
 * <ol>
 * <li>A file's task writes each frame's {@linkplain #header headers}: a TCP packet as the fields of its segment that the
 * pass over the headers reads (parsed there, on the executors, not again on the driver), an IP fragment whole (it may
 * complete a datagram), any other frame as what it is (a label). About 50 bytes a TCP packet.</li>
 * <li>The driver reads the headers of every file in capture order ({@link Driver}, the pass {@link SplitAnalysis.Headers}
 * makes on one machine): the capture's counts and times, copies, and for each TCP packet counted its frame number,
 * TCP index and elapsed time. These go back to the files' tasks.</li>
 * <li>The files' tasks send each counted packet, whole, with its figures, to the part its flow belongs to
 * ({@link Driver#part}, told by the driver); a part's task takes them in capture order ({@link Task}) and writes its result as bytes.</li>
 * <li>The driver settles the parts ({@link Driver#settle}); when the facts ask for another round, the parts run again
 * with {@link Settled#nextRound()}.</li>
 * </ol>
 * The result is the same, byte for byte, as the analysis of the capture on one machine.
 */
public final class ClusterAnalysis {

    private static final int FRAME = 1, LABEL = 2, SEGMENT = 3;
    /** A segment's headers after its kind: interface, IP version, ports, numbers, flags, window, length, identity. */
    private static final int SEGMENT_BYTES = 4 + 1 + 2 + 2 + 4 + 4 + 1 + 2 + 4 + 8;
    /** No bytes: a segment's frame in the driver's pass, which reads no frame's bytes. */
    private static final ByteBuffer NO_BYTES = ByteBuffer.allocate(0).asReadOnlyBuffer();
    private static final LinkType[] LINKS = LinkType.values();

    private ClusterAnalysis() {
    }

    /**
     * Writes what the pass over the headers needs of {@code frame} (see the class comment), the segment's endpoints
     * taken from {@code endpoints} (a file's task parses its frames in turn: no endpoint made a packet); null: made for
     * each.
     */
    public static void header(Frame frame, List<Protocol> protocols, Endpoints endpoints, DataOutputStream out) throws IOException {
        PacketParser.Result r = PacketParser.parse(frame, endpoints);
        out.writeLong(frame.timestampNanos());
        if (r.kind() == PacketParser.Kind.TCP) {
            TcpSegment s = r.segment();
            out.writeByte(SEGMENT);
            out.writeInt(frame.interfaceIndex());
            out.writeByte(s.src().v6() ? 1 : 0);
            writeAddress(s.src(), out);
            writeAddress(s.dst(), out);
            out.writeShort(s.src().port());
            out.writeShort(s.dst().port());
            out.writeInt((int) s.seq());
            out.writeInt((int) s.ack());
            out.writeByte(s.flags());
            out.writeShort(s.window());
            out.writeInt(s.payloadLength());
            out.writeLong(s.identity());
        } else if (r.kind() == PacketParser.Kind.IP_FRAGMENT && r.payload() != null) {
            int keep = frame.capturedLength();
            ByteBuffer b = frame.bytes();
            out.writeByte(FRAME);
            out.writeByte(frame.link().ordinal());
            out.writeInt(frame.rawLinkType());
            out.writeInt(frame.originalLength());
            out.writeInt(frame.interfaceIndex());
            out.writeInt(keep);
            byte[] bytes = new byte[keep];
            b.get(b.position(), bytes);
            out.write(bytes);
        } else {
            out.writeByte(LABEL);
            out.writeUTF(SplitAnalysis.Headers.label(r, protocols));
        }
    }

    /** An address as {@link Endpoint} holds it: IPv4's 32 bits, IPv6's 128. */
    private static void writeAddress(Endpoint e, DataOutputStream out) throws IOException {
        if (e.v6()) {
            out.writeLong(e.hi());
            out.writeLong(e.lo());
        } else {
            out.writeInt((int) e.lo());
        }
    }

    /**
     * One frame's headers as {@link #header} wrote them: for a TCP packet, its segment's fields ({@code segment}, a view
     * of what {@link HeaderReader} reads, from the interface index on); for an IP fragment, its bytes, whole; else the
     * label of what it is.
     */
    public record Header(long timestampNanos, int link, int rawLinkType, int originalLength, int interfaceIndex,
                         ByteBuffer bytes, String label, ByteBuffer segment) {

        Frame frame(long number) {
            return new Frame(number, timestampNanos, LINKS[link], rawLinkType, bytes, originalLength, interfaceIndex);
        }
    }

    /**
     * Reads the headers {@link #header} wrote, one after another; a frame's bytes are a view of {@code bytes}, not a copy
     * (the driver reads a million and more of them on one thread while the executors wait).
     */
    public static final class HeaderReader {
        private final byte[] bytes;
        private final ByteBuffer in;

        public HeaderReader(byte[] bytes) {
            this.bytes = bytes;
            this.in = ByteBuffer.wrap(bytes);   // big-endian, as DataOutputStream writes
        }

        /** The next header, or null at the end. */
        public Header next() throws IOException {
            if (!in.hasRemaining()) return null;
            int at = in.position();
            try {
                long nanos = in.getLong();
                int kind = in.get();
                if (kind == LABEL) {
                    int length = Short.toUnsignedInt(in.getShort(in.position()));
                    if (2 + length > in.remaining()) throw new BufferUnderflowException();
                    String label = new DataInputStream(new ByteArrayInputStream(bytes, in.position(), 2 + length)).readUTF();
                    in.position(in.position() + 2 + length);
                    return new Header(nanos, 0, 0, 0, 0, null, label, null);
                }
                if (kind == SEGMENT) {
                    if (in.remaining() < 5) throw new BufferUnderflowException();
                    int n = SEGMENT_BYTES + (in.get(in.position() + 4) == 0 ? 2 * 4 : 2 * 16);
                    if (n > in.remaining()) throw new BufferUnderflowException();
                    ByteBuffer segment = in.slice(in.position(), n);
                    in.position(in.position() + n);
                    return new Header(nanos, 0, 0, 0, 0, null, null, segment);
                }
                if (kind != FRAME) throw new IOException("a frame's headers of an unknown kind " + kind + " at byte " + at);
                int link = in.get(), raw = in.getInt(), original = in.getInt(), iface = in.getInt(), n = in.getInt();
                if (link < 0 || link >= LINKS.length || n < 0 || n > in.remaining()) {
                    throw new IOException("damaged frame headers at byte " + at + " (link " + link + ", " + n + " bytes)");
                }
                ByteBuffer frame = in.slice(in.position(), n);
                in.position(in.position() + n);
                return new Header(nanos, link, raw, original, iface, frame, null, null);
            } catch (BufferUnderflowException e) {
                throw new IOException("frame headers cut short at byte " + at + " of " + bytes.length, e);
            }
        }
    }

    /** The driver's side: the pass over the headers, then the settle step. */
    public static final class Driver {
        private final AnalysisOptions options;
        private final SplitAnalysis.Headers headers;
        private Frame reassembled;
        private boolean ended;

        public Driver(AnalysisOptions options) {
            this.options = options;
            this.headers = new SplitAnalysis.Headers(options);
        }

        /**
         * The next frame in capture order, numbered {@code number}: true when it is a TCP packet counted in the
         * capture, whose figures are then {@link #tcpIndex()}, {@link #elapsed()} and {@link #clock()}.
         */
        public boolean accept(Header h, long number) {
            if (h.label() != null) {
                headers.tracker.frame(h.timestampNanos());
                headers.tracker.other(h.label());
                reassembled = null;
                return false;
            }
            if (h.segment() != null) {
                reassembled = null;
                return headers.accept(segment(h, number), h.timestampNanos()) != null;
            }
            Frame frame = h.frame(number);
            TcpSegment s = headers.accept(frame);
            reassembled = s != null && s.frame() != frame ? s.frame() : null;
            return s != null;
        }

        /** The segment a file's task parsed, as {@link #header} wrote its fields; its frame without bytes (none read here). */
        TcpSegment segment(Header h, long number) {
            ByteBuffer b = h.segment();
            int at = 0;
            int iface = b.getInt(at);
            boolean v6 = b.get(at + 4) != 0;
            at += 5;
            long srcHi = 0, srcLo, dstHi = 0, dstLo;
            if (v6) {
                srcHi = b.getLong(at);
                srcLo = b.getLong(at + 8);
                dstHi = b.getLong(at + 16);
                dstLo = b.getLong(at + 24);
                at += 32;
            } else {
                srcLo = Integer.toUnsignedLong(b.getInt(at));
                dstLo = Integer.toUnsignedLong(b.getInt(at + 4));
                at += 8;
            }
            Endpoint src = headers.endpoint(v6, srcHi, srcLo, Short.toUnsignedInt(b.getShort(at)));
            Endpoint dst = headers.endpoint(v6, dstHi, dstLo, Short.toUnsignedInt(b.getShort(at + 2)));
            long seq = Integer.toUnsignedLong(b.getInt(at + 4)), ack = Integer.toUnsignedLong(b.getInt(at + 8));
            int flags = Byte.toUnsignedInt(b.get(at + 12)), window = Short.toUnsignedInt(b.getShort(at + 13));
            int payloadLength = b.getInt(at + 15);
            long identity = b.getLong(at + 19);
            Frame frame = new Frame(number, h.timestampNanos(), LinkType.UNKNOWN, 0, NO_BYTES, 0, iface);
            return new TcpSegment(frame, src, dst, seq, ack, flags, window, NO_BYTES, payloadLength, identity);
        }

        /**
         * When the TCP packet just counted is a datagram reassembled from IP fragments: the datagram, which no file
         * holds whole (the driver sends it to its part itself); else null.
         */
        public Frame reassembled() {
            return reassembled;
        }

        /** The part (of {@code parts}) that analyses the flow of the TCP packet just counted: {@link FlowKey#part}. */
        public int part(int parts) {
            return headers.flow().part(parts);
        }

        public long tcpIndex() {
            return headers.tcpIndex();
        }

        public long elapsed() {
            return headers.elapsed();
        }

        public long clock() {
            return headers.clock();
        }

        public long captureStartNanos() {
            return headers.captureStartNanos();
        }

        /** The TCP packets counted so far. */
        public long tcpPackets() {
            return headers.tracker.tcpPackets();
        }

        /**
         * Joins the parts' results ({@link Task#finish()}'s bytes) into the capture's result, and says whether the facts
         * ask for another round ({@link Settled#nextRound()}). May be called again for each round.
         */
        public Settled settle(List<byte[]> parts, String source, String stopReason, int recordsInMemory) throws IOException {
            return settle(parts.size(), parts::get, null, source, stopReason, recordsInMemory);
        }

        /**
         * Settles {@code parts} parts, asking {@code part} for each one's bytes in turn; with a {@code recordsDir}, each
         * part's records go to a file of its own there ({@code wireanalyze-part-N-*.records}) as soon as it is read, so
         * the driver holds one part's bytes at a time, and of every part only its facts and figures. The result reads
         * the parts' records from their files as its reports are written (merged as they are read, as on one machine:
         * not copied into spills of its own first), and closing it deletes them; so the folder must outlive the result
         * ({@link #recordsDirectory()} does). Should settling fail, the files read so far go at once.
         */
        public Settled settle(int parts, PartSource part, Path recordsDir, String source, String stopReason, int recordsInMemory)
                throws IOException {
            if (!ended) {
                headers.end();
                ended = true;
            }
            List<SplitAnalysis.Part> read = new ArrayList<>(parts);
            try {
                for (int p = 0; p < parts; p++) {
                    Path file = recordsDir == null ? null : Files.createTempFile(recordsDir, "wireanalyze-part-" + p + "-", ".records");
                    try {
                        read.add(PartBytes.read(part.bytes(p), file));
                    } catch (IOException | RuntimeException e) {
                        if (file != null) Files.deleteIfExists(file);
                        throw e;
                    }
                }
                SplitAnalysis.Settled s = SplitAnalysis.settle(read, headers.tracker, recordsInMemory, source, stopReason);
                return new Settled(s.result(), s.anotherRound() == null ? null : PartBytes.write(s.anotherRound()));
            } catch (IOException | RuntimeException e) {
                for (SplitAnalysis.Part p : read) p.close();
                throw e;
            }
        }
    }

    /**
     * Where a driver's parts' records may go ({@link Driver#settle}): the folder of the analysis' spills (the system
     * property {@code wireanalyze.spill.dir}, else {@code java.io.tmpdir}), which outlives every result.
     */
    public static Path recordsDirectory() {
        return Spill.directory();
    }

    /** A part's bytes, by its index, fetched when the settle step comes to it. */
    @FunctionalInterface
    public interface PartSource {
        byte[] bytes(int part) throws IOException;
    }

    /**
     * The settled result, and when the facts ask for another round the bytes its parts start from (else null): then
     * the result is discarded (close it) and the parts run again.
     */
    public record Settled(AnalysisResult result, byte[] nextRound) {
    }

    /** The facts the first round starts from (none). */
    public static byte[] firstRound() {
        return PartBytes.write(SplitAnalysis.Round.FIRST);
    }

    /** A part's task: its flows' TCP packets, whole, in capture order, with their figures; its result as bytes. */
    public static final class Task {
        private final SplitAnalysis.PartAnalysis part;

        public Task(AnalysisOptions options, int recordsInMemory, byte[] round, long captureStartNanos) {
            try {
                part = new SplitAnalysis.PartAnalysis(options, recordsInMemory, PartBytes.round(round), captureStartNanos);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the round's facts", e);
            }
        }

        public void accept(Frame packet, long tcpIndex, long elapsed, long clock) {
            part.accept(packet, tcpIndex, elapsed, clock);
        }

        public byte[] finish() {
            return PartBytes.write(part.finish());
        }
    }
}
