package io.wireanalyze.workloads;

import java.util.Arrays;
import java.util.Iterator;
import java.util.function.Function;

/**
 * An option that takes one of an enum's labels ({@link EnumLabels#label}, read by {@link EnumLabels#parse}): the picocli
 * converter (invalid input a usage error with the parser's one line) and the completion candidates
 * ({@code ${COMPLETION-CANDIDATES}}), in one class for every such option. An enum binds it to its parser in a
 * subclass with a public no-argument constructor: {@code converter = X.Choices.class, completionCandidates =
 * X.Choices.class}.
 */
public abstract class EnumOption<E extends Enum<E>> extends ParsedConverter<E> implements Iterable<String> {
    private final Class<E> type;
    private final Function<String, Parsed<E>> parser;

    protected EnumOption(Class<E> type, Function<String, Parsed<E>> parser) {
        this.type = type;
        this.parser = parser;
    }

    @Override
    protected Parsed<E> parse(String text) {
        return parser.apply(text);
    }

    /** The labels, in declaration order. */
    @Override
    public Iterator<String> iterator() {
        return Arrays.stream(type.getEnumConstants()).map(EnumLabels::label).iterator();
    }
}
