package io.wireanalyze.codec.xml;

import io.wireanalyze.codec.Failure;

/** A document ready to read ({@link XmlInput}), or why it cannot be read. */
public sealed interface XmlOpened permits XmlInput, XmlOpened.Unsupported {

    /** An encoding {@link XmlInput} does not map to byte offsets. */
    record Unsupported(Failure failure) implements XmlOpened {
    }
}
