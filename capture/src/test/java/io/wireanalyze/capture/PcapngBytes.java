package io.wireanalyze.capture;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Takes pcapng files apart into blocks and puts them back together, to derive from a real capture the
 * variants no tool on the machine writes: big-endian sections, Simple and obsolete Packet Blocks,
 * if_tsresol powers of 2, if_tsoffset, unknown block types. Field by field, after
 * draft-ietf-opsawg-pcapng; an option or block this code does not know fails loudly instead of being
 * converted wrongly.
 *
 * <p>{@code main} writes every {@link Derived} variant into a folder so that tshark can be run on them:
 * see src/test/resources/README.md.
 */
final class PcapngBytes {

    static final int SHB = 0x0A0D_0D0A;
    static final int IDB = 1;
    static final int PB = 2;
    static final int SPB = 3;
    static final int NRB = 4;
    static final int ISB = 5;
    static final int EPB = 6;
    static final int DSB = 0x0A;

    static final int IF_TSRESOL = 9;
    static final int IF_TSOFFSET = 14;

    /** One block: its type, its body (between the leading and trailing lengths) and the byte order of both. */
    record Block(int type, byte[] body, ByteOrder order, long fileOffset) {
        ByteBuffer buffer() {
            return ByteBuffer.wrap(body).order(order);
        }

        int length() {
            return body.length + 12;
        }
    }

    /** Variants derived from a real pcapng, with the name of the file {@code main} writes for tshark. */
    enum Derived {
        BIG_ENDIAN("ndpi-jrmi.be.pcapng", PcapngBytes::bigEndian),
        SIMPLE_PACKETS("ndpi-jrmi.spb.pcapng", PcapngBytes::simplePackets),
        OBSOLETE_PACKET_BLOCKS("ndpi-jrmi.pb.pcapng", PcapngBytes::packetBlocks),
        /** if_tsresol 0x94: 2^-20 s, timestamps rescaled from microseconds, rounding down. */
        BINARY_RESOLUTION("ndpi-jrmi.tsresol-2-20.pcapng", b -> withResolution(b, 0x94)),
        /** if_tsresol 0x0a: 10^-10 s; a 2024 timestamp is then above 2^63 units, so unsigned arithmetic is needed. */
        TENTHS_OF_NANOSECONDS("ndpi-jrmi.tsresol-10-10.pcapng", b -> withResolution(b, 0x0a)),
        /** if_tsoffset -1000000000 s: every timestamp is written 1e9 s later than it is. */
        TIME_OFFSET("ndpi-jrmi.tsoffset.pcapng", b -> withOffset(b, -1_000_000_000L)),
        /** Two sections: the little-endian file, then its big-endian conversion. */
        TWO_SECTIONS("ndpi-jrmi.le-then-be.pcapng", b -> concat(b, bigEndian(b)));

        final String fileName;
        final UnaryOperator<byte[]> derive;

        Derived(String fileName, UnaryOperator<byte[]> derive) {
            this.fileName = fileName;
            this.derive = derive;
        }
    }

    private PcapngBytes() {}

    /** Writes every {@link Derived} variant of {@code args[0]} (a little-endian pcapng) into the folder {@code args[1]}. */
    public static void main(String[] args) throws IOException {
        byte[] in = Files.readAllBytes(Path.of(args[0]));
        Path out = Files.createDirectories(Path.of(args[1]));
        for (Derived d : Derived.values()) Files.write(out.resolve(d.fileName), d.derive.apply(in));
    }

    /** The blocks of a pcapng file, each in its section's byte order. */
    static List<Block> blocks(byte[] file) {
        List<Block> blocks = new ArrayList<>();
        ByteOrder order = ByteOrder.LITTLE_ENDIAN;
        int p = 0;
        while (p < file.length) {
            ByteBuffer b = ByteBuffer.wrap(file);
            if (b.order(ByteOrder.BIG_ENDIAN).getInt(p) == SHB) {
                order = b.getInt(p + 8) == 0x1A2B3C4D ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
            }
            b.order(order);
            int type = b.getInt(p);
            int length = b.getInt(p + 4);
            byte[] body = new byte[length - 12];
            System.arraycopy(file, p + 8, body, 0, body.length);
            blocks.add(new Block(type, body, order, p));
            p += length;
        }
        return blocks;
    }

    static byte[] write(List<Block> blocks) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Block block : blocks) {
            ByteBuffer b = ByteBuffer.allocate(block.length()).order(block.order());
            b.putInt(block.type()).putInt(block.length()).put(block.body()).putInt(block.length());
            out.writeBytes(b.array());
        }
        return out.toByteArray();
    }

    static byte[] concat(byte[] first, byte[] second) {
        byte[] both = new byte[first.length + second.length];
        System.arraycopy(first, 0, both, 0, first.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }

    /** The same file with every block in big-endian byte order, field by field. */
    static byte[] bigEndian(byte[] pcapng) {
        List<Block> converted = new ArrayList<>();
        for (Block block : blocks(pcapng)) {
            Swapper s = new Swapper(block);
            switch (block.type()) {
                case SHB -> s.swap(4).swap(2).swap(2).swap(8).options();
                case IDB -> s.swap(2).swap(2).swap(4).options();
                case EPB -> s.swap(4).swap(4).swap(4).swap(4).swap(4).packetData(s.peekInt(-8)).options();
                case SPB -> s.swap(4).copy(block.body().length - 4);
                case ISB -> s.swap(4).swap(4).swap(4).options();
                case NRB -> s.nameRecords().options();
                case DSB -> s.swap(4).swap(4).packetData(s.peekInt(-4)).options();
                default -> throw new AssertionError("cannot convert block type " + block.type() + " at " + block.fileOffset());
            }
            converted.add(new Block(block.type(), s.out.array(), ByteOrder.BIG_ENDIAN, block.fileOffset()));
        }
        return write(converted);
    }

    /** Every Enhanced Packet Block (of interface 0, captured whole) as a Simple Packet Block. */
    static byte[] simplePackets(byte[] pcapng) {
        List<Block> converted = new ArrayList<>();
        for (Block block : blocks(pcapng)) {
            if (block.type() != EPB) {
                converted.add(block);
                continue;
            }
            ByteBuffer epb = block.buffer();
            int captured = epb.getInt(12);
            int original = epb.getInt(16);
            if (epb.getInt(0) != 0 || captured != original) throw new AssertionError("EPB at " + block.fileOffset()
                    + " is not a whole packet of interface 0");
            ByteBuffer spb = ByteBuffer.allocate(4 + padded(captured)).order(block.order());
            spb.putInt(original).put(block.body(), 20, captured);
            converted.add(new Block(SPB, spb.array(), block.order(), block.fileOffset()));
        }
        return write(converted);
    }

    /** Every Enhanced Packet Block as an obsolete Packet Block (16-bit interface ID, drops count 0), options dropped. */
    static byte[] packetBlocks(byte[] pcapng) {
        List<Block> converted = new ArrayList<>();
        for (Block block : blocks(pcapng)) {
            if (block.type() != EPB) {
                converted.add(block);
                continue;
            }
            ByteBuffer epb = block.buffer();
            int captured = epb.getInt(12);
            ByteBuffer pb = ByteBuffer.allocate(20 + padded(captured)).order(block.order());
            pb.putShort((short) epb.getInt(0)).putShort((short) 0).putInt(epb.getInt(4)).putInt(epb.getInt(8))
                    .putInt(captured).putInt(epb.getInt(16)).put(block.body(), 20, captured);
            converted.add(new Block(PB, pb.array(), block.order(), block.fileOffset()));
        }
        return write(converted);
    }

    /**
     * Every interface (all microsecond, without if_tsresol) given if_tsresol {@code tsresol}, and every EPB
     * timestamp rescaled to it, rounding down.
     */
    static byte[] withResolution(byte[] pcapng, int tsresol) {
        boolean binary = (tsresol & 0x80) != 0;
        int exponent = tsresol & 0x7F;
        List<Block> converted = new ArrayList<>();
        for (Block block : blocks(pcapng)) {
            if (block.type() == IDB) {
                converted.add(withIdbOption(block, IF_TSRESOL, new byte[] {(byte) tsresol}));
            } else if (block.type() == EPB) {
                byte[] body = block.body().clone();
                ByteBuffer b = ByteBuffer.wrap(body).order(block.order());
                long micros = (Integer.toUnsignedLong(b.getInt(4)) << 32) | Integer.toUnsignedLong(b.getInt(8));
                long seconds = micros / 1_000_000;
                long fraction = micros % 1_000_000;
                long ticks = binary
                        ? (seconds << exponent) | (fraction << exponent) / 1_000_000
                        : seconds * pow10(exponent) + fraction * pow10(exponent - 6);
                b.putInt(4, (int) (ticks >>> 32)).putInt(8, (int) ticks);
                converted.add(new Block(EPB, body, block.order(), block.fileOffset()));
            } else {
                converted.add(block);
            }
        }
        return write(converted);
    }

    /** Every interface given if_tsoffset {@code seconds}, and every EPB timestamp moved back by as much. */
    static byte[] withOffset(byte[] pcapng, long seconds) {
        List<Block> converted = new ArrayList<>();
        for (Block block : blocks(pcapng)) {
            if (block.type() == IDB) {
                byte[] value = ByteBuffer.allocate(8).order(block.order()).putLong(seconds).array();
                converted.add(withIdbOption(block, IF_TSOFFSET, value));
            } else if (block.type() == EPB) {
                byte[] body = block.body().clone();
                ByteBuffer b = ByteBuffer.wrap(body).order(block.order());
                long micros = (Integer.toUnsignedLong(b.getInt(4)) << 32) | Integer.toUnsignedLong(b.getInt(8));
                long ticks = micros - seconds * 1_000_000;
                b.putInt(4, (int) (ticks >>> 32)).putInt(8, (int) ticks);
                converted.add(new Block(EPB, body, block.order(), block.fileOffset()));
            } else {
                converted.add(block);
            }
        }
        return write(converted);
    }

    /** A copy with {@code inserted} placed before block number {@code index} (0-based). */
    static byte[] withBlockInserted(byte[] pcapng, int index, Block inserted) {
        List<Block> blocks = new ArrayList<>(blocks(pcapng));
        blocks.add(index, inserted);
        return write(blocks);
    }

    /** An IDB with one option added in front of its others (whose end-of-options, if any, stays last). */
    static Block withIdbOption(Block idb, int code, byte[] value) {
        ByteBuffer b = ByteBuffer.allocate(idb.body().length + 4 + padded(value.length)).order(idb.order());
        b.put(idb.body(), 0, 8).putShort((short) code).putShort((short) value.length).put(value);
        b.position(b.position() + padded(value.length) - value.length);
        b.put(idb.body(), 8, idb.body().length - 8);
        return new Block(IDB, b.array(), idb.order(), idb.fileOffset());
    }

    static int padded(int length) {
        return (length + 3) & ~3;
    }

    private static long pow10(int exponent) {
        long p = 1;
        for (int i = 0; i < exponent; i++) p *= 10;
        return p;
    }

    /** Copies a block body field by field into big-endian order. */
    private static final class Swapper {
        final Block block;
        final ByteBuffer in;
        final ByteBuffer out;

        Swapper(Block block) {
            this.block = block;
            this.in = block.buffer();
            this.out = ByteBuffer.allocate(block.body().length).order(ByteOrder.BIG_ENDIAN);
        }

        /** The int just converted {@code back} bytes before the current position, as a length. */
        int peekInt(int back) {
            return out.getInt(out.position() + back);
        }

        Swapper swap(int size) {
            switch (size) {
                case 2 -> out.putShort(in.getShort());
                case 4 -> out.putInt(in.getInt());
                case 8 -> out.putLong(in.getLong());
                default -> throw new AssertionError("field size " + size);
            }
            return this;
        }

        Swapper copy(int size) {
            byte[] bytes = new byte[size];
            in.get(bytes);
            out.put(bytes);
            return this;
        }

        Swapper packetData(int length) {
            return copy(padded(length));
        }

        /** NRB records: type, length, value (addresses and names, copied), until nrb_record_end. */
        Swapper nameRecords() {
            while (true) {
                int type = in.getShort(in.position());
                int length = in.getShort(in.position() + 2);
                swap(2).swap(2).copy(padded(length));
                if (type == 0) return this;
            }
        }

        /** Options until opt_endofopt or the end of the body: integers swapped, strings and addresses copied. */
        Swapper options() {
            while (in.remaining() >= 4) {
                int code = Short.toUnsignedInt(in.getShort(in.position()));
                int length = Short.toUnsignedInt(in.getShort(in.position() + 2));
                swap(2).swap(2);
                if (code == 0) break;
                int start = in.position();
                switch (kind(code, length)) {
                    case COPY -> copy(length);
                    case INT32 -> swap(4);
                    case INT64 -> swap(8);
                    case TIMESTAMP -> swap(4).swap(4);
                }
                copy(padded(length) - (in.position() - start));
            }
            return copy(in.remaining());
        }

        private OptionKind kind(int code, int length) {
            if (code == 1 || length == 1) return OptionKind.COPY;                 // opt_comment, one-byte values
            OptionKind kind = switch (block.type()) {
                case SHB -> code <= 4 ? OptionKind.COPY : null;                 // shb_hardware, shb_os, shb_userappl
                case IDB -> switch (code) {
                    case 2, 3, 4, 5, 6, 7, 11, 12, 15 -> OptionKind.COPY;        // names, addresses, filter, os, hardware
                    case 8, 14, 16, 17 -> OptionKind.INT64;                      // if_speed, if_tsoffset, if_txspeed, if_rxspeed
                    case 10 -> OptionKind.INT32;                                 // if_tzone
                    default -> null;
                };
                case EPB -> switch (code) {
                    case 2, 6 -> OptionKind.INT32;                               // epb_flags, epb_queue
                    case 3 -> OptionKind.COPY;                                   // epb_hash
                    case 4, 5 -> OptionKind.INT64;                               // epb_dropcount, epb_packetid
                    default -> null;
                };
                case ISB -> code == 2 || code == 3 ? OptionKind.TIMESTAMP        // isb_starttime, isb_endtime
                        : code >= 4 && code <= 8 ? OptionKind.INT64 : null;      // isb_ifrecv ... isb_usrdeliv
                case NRB -> code <= 4 ? OptionKind.COPY : null;                  // ns_dnsname, ns_dnsIP4addr, ns_dnsIP6addr
                default -> null;
            };
            if (kind == null) throw new AssertionError("option " + code + " of block type " + block.type() + " at "
                    + block.fileOffset() + ": conversion unknown");
            return kind;
        }
    }

    private enum OptionKind { COPY, INT32, INT64, TIMESTAMP }
}
