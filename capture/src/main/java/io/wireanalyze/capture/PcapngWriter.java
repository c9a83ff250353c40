package io.wireanalyze.capture;

import io.wireanalyze.frame.Frame;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Writes frames as pcapng (IETF draft-ietf-opsawg-pcapng): one Section Header Block, an Interface Description Block
 * per interface the frames name (its link type, nanosecond timestamps: {@code if_tsresol} 9, so any microsecond or
 * nanosecond timestamp is kept exactly), and an Enhanced Packet Block per frame with its captured bytes, original
 * length and, when given, a comment ({@code opt_comment}, tshark's {@code frame.comment}); a Decryption Secrets Block
 * where the caller puts one. Little-endian. Frames are written as they come; an interface's description is written
 * before its first frame.
 */
public final class PcapngWriter implements Closeable {

    private static final int SHB = 0x0A0D0D0A, IDB = 0x00000001, EPB = 0x00000006, DSB = 0x0000000A;
    private static final int BYTE_ORDER_MAGIC = 0x1A2B3C4D;
    private static final int OPT_END = 0, OPT_COMMENT = 1, IF_TSRESOL = 9, SHB_USERAPPL = 4;

    private final OutputStream out;
    private final Map<Integer, Integer> interfaceIds = new HashMap<>();   // the frames' interface index to ours

    /** Creates (or replaces) {@code file} and writes the section header, naming {@code application}. */
    public PcapngWriter(Path file, String application) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) Files.createDirectories(parent);
        this.out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
        byte[] appl = application.getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = block(SHB, 16 + option(appl.length) + 4);
        b.putInt(BYTE_ORDER_MAGIC).putShort((short) 1).putShort((short) 0).putLong(-1L);   // version 1.0, length unknown
        putOption(b, SHB_USERAPPL, appl);
        b.putShort((short) OPT_END).putShort((short) 0);
        finish(b);
    }

    /** Writes one frame, with {@code comment} when not null. */
    public void write(Frame f, String comment) throws IOException {
        int id = interfaceId(f);
        byte[] text = comment == null ? new byte[0] : comment.getBytes(StandardCharsets.UTF_8);
        int captured = f.bytes().remaining();
        int options = comment == null ? 0 : option(text.length) + 4;
        ByteBuffer b = block(EPB, 20 + pad(captured) + options);
        long ticks = f.timestampNanos();
        b.putInt(id).putInt((int) (ticks >>> 32)).putInt((int) ticks).putInt(captured).putInt(f.originalLength());
        b.put(f.bytes().duplicate());
        for (int i = captured; i < pad(captured); i++) b.put((byte) 0);
        if (comment != null) {
            putOption(b, OPT_COMMENT, text);
            b.putShort((short) OPT_END).putShort((short) 0);
        }
        finish(b);
    }

    /**
     * Writes a Decryption Secrets Block (a TLS key log, say) where it stands: before the frames whose keys it holds,
     * as Wireshark reads them.
     */
    public void writeSecrets(DecryptionSecrets secrets) throws IOException {
        byte[] data = secrets.data();
        ByteBuffer b = block(DSB, 8 + pad(data.length));
        b.putInt(secrets.type()).putInt(data.length).put(data);
        for (int i = data.length; i < pad(data.length); i++) b.put((byte) 0);
        finish(b);
    }

    private int interfaceId(Frame f) throws IOException {
        Integer id = interfaceIds.get(f.interfaceIndex());
        if (id != null) return id;
        id = interfaceIds.size();
        interfaceIds.put(f.interfaceIndex(), id);
        ByteBuffer b = block(IDB, 8 + option(1) + 4);
        b.putShort((short) f.rawLinkType()).putShort((short) 0).putInt(0);   // link type, reserved, snaplen 0: no limit
        putOption(b, IF_TSRESOL, new byte[]{9});                               // 10^-9 s
        b.putShort((short) OPT_END).putShort((short) 0);
        finish(b);
        return id;
    }

    /** A block of {@code body} bytes: type, total length, then the body is filled by the caller, then the length again. */
    private static ByteBuffer block(int type, int body) {
        ByteBuffer b = ByteBuffer.allocate(12 + body).order(ByteOrder.LITTLE_ENDIAN);
        return b.putInt(type).putInt(12 + body);
    }

    private void finish(ByteBuffer b) throws IOException {
        b.putInt(b.capacity());
        out.write(b.array());
    }

    private static int option(int length) {
        return 4 + pad(length);
    }

    private static void putOption(ByteBuffer b, int code, byte[] value) {
        b.putShort((short) code).putShort((short) value.length).put(value);
        for (int i = value.length; i < pad(value.length); i++) b.put((byte) 0);
    }

    private static int pad(int n) {
        return (n + 3) & ~3;
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
