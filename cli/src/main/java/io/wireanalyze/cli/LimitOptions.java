package io.wireanalyze.cli;

import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.codec.XmlLimits;
import picocli.CommandLine.Option;

/** Bounds on memory and work per message; what exceeds them is reported as malformed and the rest still analysed. */
final class LimitOptions {

    @Option(names = "--max-message-bytes", paramLabel = "BYTES",
            description = "Largest message decoded (default: 64 MiB); a larger one is reported as malformed.")
    Integer maxMessageBytes;

    @Option(names = "--max-nesting", paramLabel = "DEPTH",
            description = "Deepest nesting of serialized objects (default: 256).")
    Integer maxNesting;

    @Option(names = "--max-objects", paramLabel = "N",
            description = "Most serialized objects and handles in one message (default: 1000000).")
    Integer maxObjects;

    @Option(names = "--max-buffered-bytes", paramLabel = "BYTES",
            description = "Most out-of-order bytes held per TCP direction before a hole is given up (default: 16 MiB).")
    Integer maxBuffered;

    @Option(names = "--max-header-bytes", paramLabel = "BYTES",
            description = "Longest header block of a text protocol, HTTP's start line and header fields (default: 64 KiB).")
    Integer maxHeaderBytes;

    @Option(names = "--max-headers", paramLabel = "N",
            description = "Most header fields of one HTTP message (default: 256).")
    Integer maxHeaders;

    @Option(names = "--max-hole-wait-ms", paramLabel = "MS",
            description = "How long, in capture time, a hole the peer acknowledged waits for its reordered segment before it is a gap (default: 10000).")
    Integer maxHoleWaitMs;

    @Option(names = "--max-xml-depth", paramLabel = "DEPTH",
            description = "Deepest element nesting of an XML document, a SOAP envelope or a WSDL (default: 128).")
    Integer maxXmlDepth;

    @Option(names = "--max-xml-elements", paramLabel = "N",
            description = "Most elements in one XML document (default: 4000000).")
    Integer maxXmlElements;

    DecoderLimits limits() {
        DecoderLimits d = DecoderLimits.DEFAULT;
        try {
            XmlLimits x = d.xml();
            return new DecoderLimits(maxMessageBytes != null ? maxMessageBytes : d.maxMessageBytes(),
                    maxNesting != null ? maxNesting : d.maxNestingDepth(), maxObjects != null ? maxObjects : d.maxObjects(),
                    d.maxStringChars(), maxBuffered != null ? maxBuffered : d.maxBufferedStreamBytes(),
                    maxHeaderBytes != null ? maxHeaderBytes : d.maxHeaderBytes(), maxHeaders != null ? maxHeaders : d.maxHeaderCount(),
                    maxHoleWaitMs != null ? maxHoleWaitMs : d.maxHoleWaitMillis())
                    .withXml(new XmlLimits(maxXmlDepth != null ? maxXmlDepth : x.maxDepth(),
                            maxXmlElements != null ? maxXmlElements : x.maxElements(), x.maxAttributes()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("limits must be positive numbers");
        }
    }
}
