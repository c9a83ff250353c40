package io.wireanalyze.cli;

import io.wireanalyze.report.OutputFormat;
import picocli.CommandLine;

/** picocli glue for {@link OutputFormat}. */
final class Formats {

    private Formats() {
    }

    static final class Converter implements CommandLine.ITypeConverter<OutputFormat> {
        @Override
        public OutputFormat convert(String value) {
            return OutputFormat.parse(value);
        }
    }
}
