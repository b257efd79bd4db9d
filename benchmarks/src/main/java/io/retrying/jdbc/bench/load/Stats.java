package io.retrying.jdbc.bench.load;

import java.util.Arrays;
import java.util.Locale;

/** Small numeric helpers for the reports. */
final class Stats {
    private Stats() {
    }

    /** The {@code p}-quantile (0..1) of {@code values}, nearest rank; NaN when empty. */
    static double quantile(double[] values, double p) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(p * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    static double median(double[] values) {
        return quantile(values, 0.5);
    }

    static double min(double[] values) {
        return Arrays.stream(values).min().orElse(Double.NaN);
    }

    static double max(double[] values) {
        return Arrays.stream(values).max().orElse(Double.NaN);
    }

    static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
