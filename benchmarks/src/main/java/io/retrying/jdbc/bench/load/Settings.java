package io.retrying.jdbc.bench.load;

import java.time.Duration;

/** The harnesses' knobs, as system properties ({@code -Dbench.rounds=5}); bench.sh passes them. */
final class Settings {
    private Settings() {
    }

    static int integer(String key, int defaultValue) {
        String v = System.getProperty("bench." + key);
        return v == null || v.isBlank() ? defaultValue : Integer.parseInt(v.trim());
    }

    static Duration millis(String key, long defaultMillis) {
        return Duration.ofMillis(integer(key, (int) defaultMillis));
    }

    static Duration seconds(String key, double defaultSeconds) {
        String v = System.getProperty("bench." + key);
        double s = v == null || v.isBlank() ? defaultSeconds : Double.parseDouble(v.trim());
        return Duration.ofMillis((long) (s * 1000));
    }

    /** The constants named (comma-separated) by {@code bench.<key>}, or {@code all}. */
    static <E extends Enum<E>> java.util.List<E> pick(String key, Class<E> type, java.util.List<E> all) {
        String v = System.getProperty("bench." + key);
        if (v == null || v.isBlank()) {
            return all;
        }
        java.util.List<E> picked = new java.util.ArrayList<>();
        for (String name : v.split(",")) {
            picked.add(Enum.valueOf(type, name.trim().toUpperCase(java.util.Locale.ROOT).replace('-', '_')));
        }
        return picked;
    }

    /** One line saying what the machine was doing while we measured. */
    static String load() {
        try {
            String avg = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).trim();
            return "load average " + avg.substring(0, avg.indexOf(' ', avg.indexOf(' ', avg.indexOf(' ') + 1) + 1))
                    + " (1/5/15 min), " + Runtime.getRuntime().availableProcessors() + " CPUs";
        } catch (java.io.IOException | RuntimeException e) {
            return Runtime.getRuntime().availableProcessors() + " CPUs (load average unavailable)";
        }
    }
}
