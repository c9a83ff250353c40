package io.wireanalyze.reproduce;

import java.util.List;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** One of our figures a seed's table or finding sets beside the paper's: a mean, or one made from others. */
sealed interface Quantity {

    OptionalDouble value(Reading r);

    /** The protocol labels it reads. */
    Set<String> protocols();

    /** A figure's mean over the repetitions at a point. */
    record Mean(PointRef at) implements Quantity {
        @Override
        public OptionalDouble value(Reading r) {
            return r.mean(at);
        }

        @Override
        public Set<String> protocols() {
            return Set.of(at.protocol());
        }
    }

    /** a - b. */
    record Difference(Quantity a, Quantity b) implements Quantity {
        @Override
        public OptionalDouble value(Reading r) {
            OptionalDouble x = a.value(r), y = b.value(r);
            return x.isPresent() && y.isPresent() ? OptionalDouble.of(x.getAsDouble() - y.getAsDouble()) : OptionalDouble.empty();
        }

        @Override
        public Set<String> protocols() {
            return union(a, b);
        }
    }

    /** a / b. */
    record Ratio(Quantity a, Quantity b) implements Quantity {
        @Override
        public OptionalDouble value(Reading r) {
            OptionalDouble x = a.value(r), y = b.value(r);
            return x.isPresent() && y.isPresent() && y.getAsDouble() != 0 ? OptionalDouble.of(x.getAsDouble() / y.getAsDouble()) : OptionalDouble.empty();
        }

        @Override
        public Set<String> protocols() {
            return union(a, b);
        }
    }

    /** The least-squares fit y = k*s + n of a figure over the payload sizes that ran; k or n. */
    record Fit(PointRef at, Coefficient coefficient) implements Quantity {
        enum Coefficient { SLOPE, INTERCEPT }

        @Override
        public OptionalDouble value(Reading r) {
            List<double[]> pts = r.sizes(at);
            if (pts.size() < 2) return OptionalDouble.empty();
            double n = pts.size(), sx = 0, sy = 0, sxx = 0, sxy = 0;
            for (double[] p : pts) {
                sx += p[0];
                sy += p[1];
                sxx += p[0] * p[0];
                sxy += p[0] * p[1];
            }
            double d = n * sxx - sx * sx;
            if (d == 0) return OptionalDouble.empty();
            double k = (n * sxy - sx * sy) / d;
            return OptionalDouble.of(coefficient == Coefficient.SLOPE ? k : (sy - k * sx) / n);
        }

        @Override
        public Set<String> protocols() {
            return Set.of(at.protocol());
        }
    }

    /**
     * Several quantities made one: their sum, largest, smallest, or geometric mean (the seeds' "simple types
     * average"). The geometric mean is over those that ran (--quick runs fewer getters); the others need all.
     */
    record Combined(Op op, List<Quantity> parts) implements Quantity {
        enum Op {
            SUM("sum"), MAX("max"), MIN("min"), GEOMEAN("geomean");

            final String key;

            Op(String key) {
                this.key = key;
            }
        }

        public Combined {
            parts = List.copyOf(parts);
        }

        @Override
        public OptionalDouble value(Reading r) {
            List<Double> vs = new java.util.ArrayList<>();
            for (Quantity q : parts) {
                OptionalDouble v = q.value(r);
                if (v.isPresent()) vs.add(v.getAsDouble());
                else if (op != Op.GEOMEAN) return OptionalDouble.empty();
            }
            if (vs.isEmpty()) return OptionalDouble.empty();
            return switch (op) {
                case SUM -> OptionalDouble.of(vs.stream().mapToDouble(Double::doubleValue).sum());
                case MAX -> vs.stream().mapToDouble(Double::doubleValue).max();
                case MIN -> vs.stream().mapToDouble(Double::doubleValue).min();
                case GEOMEAN -> vs.stream().anyMatch(v -> v <= 0) ? OptionalDouble.empty()
                        : OptionalDouble.of(Math.exp(vs.stream().mapToDouble(Math::log).average().orElseThrow()));
            };
        }

        @Override
        public Set<String> protocols() {
            return parts.stream().flatMap(q -> q.protocols().stream()).collect(Collectors.toSet());
        }
    }

    /** A quantity read in the run of another setting, e.g. RMI on two computers against RMI on one host. */
    record On(Setting setting, Quantity of) implements Quantity {
        @Override
        public OptionalDouble value(Reading r) {
            return r.on(setting).map(of::value).orElse(OptionalDouble.empty());
        }

        @Override
        public Set<String> protocols() {
            return of.protocols();
        }
    }

    /** A number the claim itself sets, e.g. the "within 2 times" of "performance is pretty even". */
    record Constant(double v) implements Quantity {
        @Override
        public OptionalDouble value(Reading r) {
            return OptionalDouble.of(v);
        }

        @Override
        public Set<String> protocols() {
            return Set.of();
        }
    }

    /**
     * The share of a protocol's CPU samples during the measured calls (both JVMs, {@code --profile}) whose top frame
     * starts with one of {@code frames} ({@code class.method} prefixes): a cell of the seeds' tables by package.
     */
    record Cpu(String protocol, List<String> frames) implements Quantity {
        public Cpu {
            frames = List.copyOf(frames);
        }

        @Override
        public OptionalDouble value(Reading r) {
            return r.cpu(protocol).map(p -> p.percentOf(frames)).filter(v -> !v.isNaN())
                    .map(OptionalDouble::of).orElse(OptionalDouble.empty());
        }

        @Override
        public Set<String> protocols() {
            return Set.of(protocol);
        }
    }

    /** A figure we do not measure, with why. */
    record NotRun(String why) implements Quantity {
        @Override
        public OptionalDouble value(Reading r) {
            return OptionalDouble.empty();
        }

        @Override
        public Set<String> protocols() {
            return Set.of();
        }
    }

    private static Set<String> union(Quantity a, Quantity b) {
        return Stream.concat(a.protocols().stream(), b.protocols().stream()).collect(Collectors.toSet());
    }
}
