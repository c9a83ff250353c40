package io.wireanalyze.fuzz;

import io.wireanalyze.codec.DecoderLimits;

/** Decoder limits the fuzz targets choose from: the defaults, and small ones that put every bound within reach. */
final class FuzzLimits {

    /** Small enough that fuzzed inputs hit every limit (message size, nesting, objects, string length, buffering). */
    static final DecoderLimits SMALL = new DecoderLimits(4096, 12, 200, 8, 4096);

    /** Defaults but with a smaller nesting depth and object count, so a deep or wide input costs little. */
    static final DecoderLimits MEDIUM = new DecoderLimits(1 << 20, 64, 20_000, 64, 1 << 20);

    private static final DecoderLimits[] ALL = {MEDIUM, SMALL, DecoderLimits.DEFAULT, MEDIUM};

    private FuzzLimits() {
    }

    /** The limits a 2-bit choice names. */
    static DecoderLimits of(int choice) {
        return ALL[choice & 3];
    }
}
