package io.wireanalyze.compare;

/**
 * What a figure is called and how it is written: its JSON and CSV key (the single-capture JSON's where one exists),
 * its label, its unit. The constants of {@link Figure} and {@link PhaseFigure} each hold one and answer through it.
 */
public record Measure(String key, String label, Figure.Unit unit) {

    /** A constant holding a measure: its key, label and unit are the measure's. */
    public interface Of {
        Measure measure();

        default String key() {
            return measure().key();
        }

        default String label() {
            return measure().label();
        }

        default Figure.Unit unit() {
            return measure().unit();
        }
    }
}
