package io.wireanalyze.reproduce;

import java.util.ArrayList;
import java.util.List;

/** Long lines of prose folded at word boundaries for a terminal. */
final class Wrap {
    static final int WIDTH = 110;

    private Wrap() {
    }

    /** {@code first} then {@code text}, folded at {@link #WIDTH}, continuation lines indented by {@code indent}. */
    static List<String> lines(String first, String text, String indent) {
        List<String> out = new ArrayList<>();
        StringBuilder line = new StringBuilder(first);
        for (String word : text.split(" ")) {
            if (line.length() > indent.length() && line.length() + 1 + word.length() > WIDTH && !line.toString().isBlank()) {
                out.add(line.toString());
                line = new StringBuilder(indent);
            }
            if (line.length() > 0 && !line.toString().endsWith(" ")) line.append(' ');
            line.append(word);
        }
        out.add(line.toString());
        return out;
    }
}
