package io.wireanalyze.reproduce;

/**
 * A seed's finding "A is larger than B" with the paper's two numbers and the two of ours that test it.
 *
 * @param where the figure, table or section that says it
 */
record Finding(String claim, String where, ValueUnit unit, double paperA, double paperB, Quantity oursA, Quantity oursB) {
}
