package io.wireanalyze.capture;

import io.wireanalyze.codec.Hex;
import io.wireanalyze.frame.Frame;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.OptionalLong;

/**
 * Reads a pcapng file (draft-ietf-opsawg-pcapng) in windows read onto the heap, as
 * {@link PcapFileSource} reads classic pcap: {@link Frame#bytes()} is a read-only slice of its window.
 *
 * <p>Every section has its own byte order and its own interfaces; every interface its own link type,
 * snaplen and timestamp unit, so one file may mix Ethernet and Linux cooked frames (which libpcap's
 * reader refuses): each frame carries its interface's link type. Enhanced, Simple and the obsolete
 * Packet Blocks give frames, numbered from 1 as Wireshark numbers them; Decryption Secrets Blocks (a TLS key log that
 * {@code editcap --inject-secrets} put in the file) are kept, in file order ({@link #secrets()}); every other block
 * (Name Resolution, Interface Statistics, custom and unknown types) is skipped by its length.
 *
 * <p>Damage ends reading: {@link #next()} returns {@code null} and {@link #stopReason()} names the byte
 * offset of the block, its number and type, the frame, and what was found. Not thread-safe.
 */
public final class PcapngFileSource extends CaptureFileSource {

    /** An Enhanced Packet Block's and a Packet Block's fields before the packet data. */
    static final int PACKET_FIXED_LENGTH = 28;
    static final int OFFSET_INTERFACE_ID = 8;
    static final int OFFSET_TS_HIGH = 12;
    static final int OFFSET_TS_LOW = 16;
    static final int OFFSET_CAPTURED_LENGTH = 20;
    static final int OFFSET_ORIGINAL_LENGTH = 24;
    /** A Simple Packet Block's Original Packet Length; its packet data follow at 12. */
    static final int OFFSET_SPB_ORIGINAL_LENGTH = 8;
    static final int SPB_FIXED_LENGTH = 12;
    /**
     * Largest Interface Description or packet block read (mapped whole); Wireshark refuses far smaller
     * ones. Other blocks are skipped whatever their length.
     */
    static final int MAX_READ_BLOCK_LENGTH = 16 << 20;
    /** A Decryption Secrets Block's Secrets Type and Secrets Length; its data follow at 16. */
    static final int OFFSET_SECRETS_TYPE = 8;
    static final int OFFSET_SECRETS_LENGTH = 12;
    static final int SECRETS_FIXED_LENGTH = 16;

    private final List<PcapngInterface> allInterfaces = new ArrayList<>();
    private List<PcapngInterface> interfaces = new ArrayList<>();   // of the current section, by Interface ID
    private ByteOrder order;
    private int section;
    private long blockNumber;
    private PcapngBlockType blockType;                              // of the block being read; null when cut off
    private int blockCode;
    private PcapngInterface lastInterface;
    private final List<DecryptionSecrets> secrets = new ArrayList<>();

    private PcapngFileSource(Path file, FileChannel channel, long fileSize, int windowBytes) {
        super(file, channel, fileSize, windowBytes, ByteOrder.BIG_ENDIAN, 0);
    }

    /**
     * The Decryption Secrets Blocks before the file's first packet: those a reader has before it decodes anything,
     * where {@code editcap --inject-secrets} and Wireshark put them. Reads the file up to its first packet only.
     *
     * @throws IOException when the file cannot be read or is no pcapng file
     */
    public static List<DecryptionSecrets> leadingSecrets(Path file) throws IOException {
        try (PcapngFileSource source = open(file)) {
            source.next();
            return source.secrets();
        }
    }

    /**
     * Opens a pcapng file. Prefer {@link CaptureFiles#open(Path)}, which also recognises other formats.
     *
     * @throws IOException when the file cannot be read or does not start with a section header of a
     *                     pcapng version this reader knows; the message names the file
     */
    public static PcapngFileSource open(Path file) throws IOException {
        return open(file, PcapFileSource.DEFAULT_WINDOW_BYTES);
    }

    static PcapngFileSource open(Path file, int windowBytes) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
        try {
            long size = channel.size();
            int min = PcapngBlockType.SECTION_HEADER.minLength();
            if (size < min) {
                throw new IOException(file + ": too short for a pcapng file: " + size + " bytes (expected: at least "
                        + min + ", the section header block)");
            }
            ByteBuffer head = channel.map(FileChannel.MapMode.READ_ONLY, 0, min);
            int type = head.getInt(0);
            if (type != CaptureFormat.PCAPNG_SECTION_HEADER_BLOCK) {
                throw new IOException(file + ": not a pcapng file: block type at byte offset 0: " + Hex.padded(type)
                        + " (expected: 0x0a0d0d0a, a section header block)");
            }
            if (PcapngSectionHeader.parse(head, 0, 0) instanceof PcapngSectionHeader.Parsed.Invalid invalid) {
                throw new IOException(file + ": not a pcapng file: " + invalid.reason());
            }
            return new PcapngFileSource(file, channel, size, windowBytes);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    @Override
    public Frame next() throws IOException {
        while (!finished) {
            long remaining = fileSize - offset;
            if (remaining == 0) {
                finished = true;
                return null;
            }
            blockNumber++;
            blockType = null;
            if (remaining >= 4) {
                blockCode = typeAt(offset);
                blockType = PcapngBlockType.of(blockCode);
            }
            if (remaining < PcapngBlockType.MIN_LENGTH) {
                return stop("truncated block", remaining + " bytes remain (expected: at least "
                        + PcapngBlockType.MIN_LENGTH + ", the smallest block)");
            }
            PcapngBlockType type = blockType;                          // not null: at least 12 bytes remain
            if (type == PcapngBlockType.SECTION_HEADER && !startSection(remaining)) return null;
            if (order == null) return stop("bad block", "no section header block before it");
            ByteBuffer map = cover(offset, PcapngBlockType.MIN_LENGTH);
            long length = Integer.toUnsignedLong(map.getInt(window.index(offset) + PcapngBlockType.OFFSET_LENGTH));
            if (length % 4 != 0) return stop("bad block length", length + " (expected: a multiple of 4)");
            if (length < type.minLength()) {
                return stop("bad block length", length + " (expected: >= " + type.minLength()
                        + (type == PcapngBlockType.UNKNOWN ? ")" : " for this block type)"));
            }
            if (length > remaining) return stop("truncated block", "block length " + length + ", " + remaining + " bytes remain");
            boolean read = type == PcapngBlockType.INTERFACE_DESCRIPTION || type.holdsPacket()
                    || type == PcapngBlockType.DECRYPTION_SECRETS;
            if (read && length > MAX_READ_BLOCK_LENGTH) {
                return stop("bad block length", length + " (expected: <= " + MAX_READ_BLOCK_LENGTH + " for this block type)");
            }
            long trailingAt = offset + length - 4;
            map = read ? cover(offset, (int) length) : cover(trailingAt, 4);    // a block read is mapped whole
            long trailing = Integer.toUnsignedLong(map.getInt(window.index(trailingAt)));
            if (trailing != length) {
                return stop("bad block length", "trailing block length " + trailing + " (expected: " + length
                        + ", the leading block length)");
            }
            Frame frame = null;
            if (type == PcapngBlockType.INTERFACE_DESCRIPTION) {
                if (!describeInterface(map, window.index(offset), (int) length)) return null;
            } else if (type == PcapngBlockType.DECRYPTION_SECRETS) {
                if (!keepSecrets(map, window.index(offset), (int) length)) return null;
            } else if (type.holdsPacket()) {
                frame = packet(type, map, window.index(offset), (int) length);
                if (frame == null) return null;
            }                                        // else: section header (read above), statistics, names, unknown
            offset += length;
            if (frame != null) return frame;
        }
        return null;
    }

    /** Reads a Section Header Block's byte order and version; false when reading stopped. */
    private boolean startSection(long remaining) throws IOException {
        if (remaining < PcapngSectionHeader.FIXED_PREFIX) {
            stop("truncated block", remaining + " bytes remain (expected: at least "
                    + PcapngBlockType.SECTION_HEADER.minLength() + ", a section header block)");
            return false;
        }
        ByteBuffer map = window.cover(offset, PcapngSectionHeader.FIXED_PREFIX);
        PcapngSectionHeader.Parsed parsed = PcapngSectionHeader.parse(map, window.index(offset), offset);
        if (parsed instanceof PcapngSectionHeader.Parsed.Invalid invalid) {
            stop("bad section header", invalid.reason());
            return false;
        }
        order = ((PcapngSectionHeader.Parsed.Valid) parsed).header().byteOrder();
        section++;
        interfaces = new ArrayList<>();
        return true;
    }

    /** Reads an Interface Description Block; false when reading stopped. */
    private boolean describeInterface(ByteBuffer block, int at, int length) {
        PcapngInterface.Parsed parsed = PcapngInterface.parse(block, at, length, offset, section, interfaces.size());
        if (parsed instanceof PcapngInterface.Parsed.Invalid invalid) {
            stop("bad interface description", invalid.reason());
            return false;
        }
        PcapngInterface described = ((PcapngInterface.Parsed.Valid) parsed).value();
        interfaces.add(described);
        allInterfaces.add(described);
        return true;
    }

    /** Keeps a Decryption Secrets Block's type and data; false when reading stopped (its secrets length does not fit). */
    private boolean keepSecrets(ByteBuffer block, int at, int length) {
        long secretsLength = Integer.toUnsignedLong(block.getInt(at + OFFSET_SECRETS_LENGTH));
        int room = length - SECRETS_FIXED_LENGTH - 4;
        if (secretsLength > room) {
            stop("bad decryption secrets block", "secrets length " + secretsLength + " (expected: <= " + room
                    + ", the secrets data the block holds)");
            return false;
        }
        byte[] data = new byte[(int) secretsLength];
        block.get(at + SECRETS_FIXED_LENGTH, data);
        secrets.add(new DecryptionSecrets(block.getInt(at + OFFSET_SECRETS_TYPE), data));
        return true;
    }

    /**
     * The frame in an Enhanced, Simple or obsolete Packet Block of checked length, {@code length} bytes at
     * index {@code at} of {@code map}; null when reading stopped.
     */
    private Frame packet(PcapngBlockType type, ByteBuffer map, int at, int length) {
        boolean simple = type == PcapngBlockType.SIMPLE_PACKET;
        int dataOffset = simple ? SPB_FIXED_LENGTH : PACKET_FIXED_LENGTH;
        long interfaceId;
        long ticks = 0;
        long capturedLength;
        long originalLength;
        if (simple) {
            interfaceId = 0;
            originalLength = Integer.toUnsignedLong(map.getInt(at + OFFSET_SPB_ORIGINAL_LENGTH));
            capturedLength = originalLength;
        } else {
            interfaceId = type == PcapngBlockType.PACKET
                    ? Short.toUnsignedInt(map.getShort(at + OFFSET_INTERFACE_ID))
                    : Integer.toUnsignedLong(map.getInt(at + OFFSET_INTERFACE_ID));
            ticks = (Integer.toUnsignedLong(map.getInt(at + OFFSET_TS_HIGH)) << 32)
                    | Integer.toUnsignedLong(map.getInt(at + OFFSET_TS_LOW));
            capturedLength = Integer.toUnsignedLong(map.getInt(at + OFFSET_CAPTURED_LENGTH));
            originalLength = Integer.toUnsignedLong(map.getInt(at + OFFSET_ORIGINAL_LENGTH));
        }
        if (interfaceId >= interfaces.size()) {
            return stop("unknown interface", "interface ID " + interfaceId + (interfaces.isEmpty()
                    ? " (expected: an interface description block before it in section " + section + ")"
                    : " (expected: < " + interfaces.size() + ", the interfaces described in section " + section + ")"));
        }
        PcapngInterface described = interfaces.get((int) interfaceId);
        if (simple && described.snaplen() != 0) capturedLength = Math.min(originalLength, described.snaplen());
        int room = length - dataOffset - 4;
        if (capturedLength > room) {
            return stop("bad captured length", "captured length " + capturedLength + " (expected: <= " + room
                    + ", the packet data the block holds)");
        }
        String implausible = implausibleLength(capturedLength, originalLength);
        if (implausible != null) return stop("impossible packet length", implausible);
        long epochNanos = 0;                         // a Simple Packet Block has no timestamp: 0, as libpcap gives it
        if (!simple) {
            OptionalLong nanos = described.toEpochNanos(ticks);
            if (nanos.isEmpty()) {
                return stop("impossible timestamp", Long.toUnsignedString(ticks) + " units of " + described.resolution()
                        + " plus if_tsoffset " + described.offsetSeconds() + " s (expected: between the years 1677 and 2262)");
            }
            epochNanos = nanos.getAsLong();
        }
        ByteBuffer bytes = map.slice(at + dataOffset, (int) capturedLength);
        lastFrameNumber++;
        lastInterface = described;
        return new Frame(lastFrameNumber, epochNanos, described.linkType(), described.rawLinkType(), bytes,
                (int) originalLength, allInterfaces.size() - interfaces.size() + (int) interfaceId);
    }

    /** The lengths as libpcap and the pcap reader bound them; null when plausible. */
    private static String implausibleLength(long capturedLength, long originalLength) {
        if (capturedLength > PcapRecordHeader.MAX_CAPTURED_LENGTH) {
            return "captured length " + capturedLength + " (expected: <= " + PcapRecordHeader.MAX_CAPTURED_LENGTH + ")";
        }
        if (originalLength < capturedLength) {
            return "original length " + originalLength + " is less than captured length " + capturedLength
                    + " (expected: original length >= captured length)";
        }
        if (originalLength > Integer.MAX_VALUE) {
            return "original length " + originalLength + " (expected: <= " + Integer.MAX_VALUE + ")";
        }
        return null;
    }

    private int typeAt(long at) throws IOException {
        ByteBuffer map = window.cover(at, 4);
        int raw = map.order(ByteOrder.BIG_ENDIAN).getInt(window.index(at));
        // The section header's type is a palindrome; any other type is read in the section's order.
        return raw == CaptureFormat.PCAPNG_SECTION_HEADER_BLOCK || order != ByteOrder.LITTLE_ENDIAN ? raw : Integer.reverseBytes(raw);
    }

    private ByteBuffer cover(long at, int length) throws IOException {
        return window.cover(at, length).order(order);
    }

    private Frame stop(String problem, String detail) {
        String frame = blockType != null && blockType.holdsPacket() ? "frame " + (lastFrameNumber + 1)
                : lastFrameNumber == 0 ? "before frame 1" : "after frame " + lastFrameNumber;
        String block = blockType == null ? "block type cut off" : PcapngBlockType.describe(blockCode);
        return stop(problem + " at byte offset " + offset + " (block " + blockNumber + ", " + block + ", " + frame + "): " + detail);
    }

    /** Every Decryption Secrets Block read so far, in file order, across sections. */
    public List<DecryptionSecrets> secrets() {
        return List.copyOf(secrets);
    }

    /** Every interface described so far, in file order, across sections. */
    public List<PcapngInterface> interfaces() {
        return Collections.unmodifiableList(allInterfaces);
    }

    /** The interface of the frame {@link #next()} returned last; null before the first frame. */
    public PcapngInterface lastInterface() {
        return lastInterface;
    }
}
