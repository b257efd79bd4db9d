package io.retrying.jdbc.bench.jmh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns JMH's CSV ({@code -rf csv}, run with {@code -prof gc}) into the table of BENCHMARKS.md:
 * per benchmark and mode, the wrapped layer against the bare stub of the same run: ns/op, the
 * difference and the ratio; B/op and the difference; and the goal for that call.
 */
public final class JmhSummary {

    /** Goals of issue 8: at most this many ns more per execute, per ResultSet getter. */
    static final double EXECUTE_NS = 400;
    static final double GETTER_NS = 20;

    private record Row(double score, double error, double bytes) {
    }

    public static void main(String[] args) throws IOException {
        List<String> lines = Files.readAllLines(Path.of(args[0]));
        List<String> header = split(lines.get(0));
        int layerCol = header.indexOf("Param: layer");
        int modeCol = header.indexOf("Param: mode");
        // benchmark + mode -> layer -> figures
        Map<String, Map<String, double[]>> table = new LinkedHashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            List<String> f = split(line);
            String name = f.get(0);
            String shortName = name.substring(name.lastIndexOf('.', name.indexOf(':') < 0 ? name.length() : name.indexOf(':')) + 1);
            String mode = modeCol >= 0 && modeCol < f.size() && !f.get(modeCol).isEmpty() ? f.get(modeCol) : "transaction";
            String layer = f.get(layerCol);
            String bench = shortName.contains(":") ? shortName.substring(0, shortName.indexOf(':')) : shortName;
            double[] figures = table.computeIfAbsent(bench + "|" + mode, k -> new LinkedHashMap<>())
                    .computeIfAbsent(layer, k -> new double[] {Double.NaN, Double.NaN, Double.NaN});
            double score = Double.parseDouble(f.get(4));
            if (shortName.endsWith(":gc.alloc.rate.norm")) {
                figures[2] = score;
            } else if (!shortName.contains(":")) {
                figures[0] = score;
                figures[1] = parse(f.get(5));
            }
        }
        System.out.println("| call | mode | layer | ns/op | bare ns/op | +ns | ratio | B/op | bare B/op | +B | goal |");
        System.out.println("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|");
        for (var e : table.entrySet()) {
            String[] key = e.getKey().split("\\|");
            double[] bare = e.getValue().get("bare");
            if (bare == null) {
                continue;
            }
            for (var layer : e.getValue().entrySet()) {
                if (layer.getKey().equals("bare")) {
                    continue;
                }
                double[] w = layer.getValue();
                double extraNs = w[0] - bare[0];
                double extraB = w[2] - bare[2];
                System.out.println(String.format(Locale.ROOT,
                        "| %s | %s | %s | %.1f ± %.1f | %.1f ± %.1f | %+.1f | %.2f | %.0f | %.0f | %+.0f | %s |",
                        key[0], key[1], layer.getKey(), w[0], w[1], bare[0], bare[1], extraNs, w[0] / bare[0], w[2], bare[2],
                        extraB, goal(key[0], extraNs, extraB)));
            }
        }
    }

    private static String goal(String bench, double extraNs, double extraB) {
        switch (bench) {
            case "getInt", "getString" -> {
                boolean met = extraNs <= GETTER_NS && extraB < 0.5;
                return (met ? "met" : "**missed**") + " (<= " + (int) GETTER_NS + " ns, 0 B)";
            }
            case "next" -> {
                boolean met = extraNs <= GETTER_NS && extraB < 0.5;
                return (met ? "met" : "**missed**") + " (getter bar: <= " + (int) GETTER_NS + " ns, 0 B)";
            }
            case "execute", "preparedUpdate", "executeQuery" -> {
                return (extraNs <= EXECUTE_NS ? "met" : "**missed**") + " (<= " + (int) EXECUTE_NS + " ns)";
            }
            default -> {
                return "-";
            }
        }
    }

    private static double parse(String s) {
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** One CSV line; JMH quotes strings and never puts a comma or quote inside them. */
    private static List<String> split(String line) {
        List<String> out = new ArrayList<>();
        for (String f : line.split(",", -1)) {
            out.add(f.startsWith("\"") && f.endsWith("\"") && f.length() >= 2 ? f.substring(1, f.length() - 1) : f);
        }
        return out;
    }
}
