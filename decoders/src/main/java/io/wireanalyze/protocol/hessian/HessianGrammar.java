package io.wireanalyze.protocol.hessian;

/** The values of one Hessian version, as the message envelope walks them. */
interface HessianGrammar {

    /** Walks one value. */
    boolean value();

    /** Walks one value, appending it to {@code capture} when it is a string. */
    boolean stringOrValue(StringBuilder capture);

    /** The code that ends a list or map ({@code z} in 1.0, {@code Z} in 2.0). */
    int end();
}
