package io.retrying.jdbc.demo;

import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** Just enough JSON writing for the demo's result: maps, lists, strings, numbers, booleans, null. */
final class Json {
    private Json() {
    }

    /** {@code value} as JSON; maps keep their iteration order. */
    static String write(Object value) {
        StringBuilder sb = new StringBuilder();
        write(sb, value, "");
        return sb.toString();
    }

    private static void write(StringBuilder sb, Object value, String indent) {
        if (value == null) {
            sb.append("null");
        } else if (value instanceof String s) {
            string(sb, s);
        } else if (value instanceof Number || value instanceof Boolean) {
            sb.append(value);
        } else if (value instanceof Enum<?> e) {
            string(sb, e.name());
        } else if (value instanceof Map<?, ?> m) {
            container(sb, m.entrySet().iterator(), '{', '}', indent, (b, entry, in) -> {
                string(b, String.valueOf(entry.getKey()));
                b.append(": ");
                write(b, entry.getValue(), in);
            });
        } else if (value instanceof List<?> l) {
            container(sb, l.iterator(), '[', ']', indent, (b, item, in) -> write(b, item, in));
        } else {
            throw new IllegalArgumentException("no JSON form for " + value.getClass().getName());
        }
    }

    private interface ItemWriter<T> {
        void write(StringBuilder sb, T item, String indent);
    }

    private static <T> void container(StringBuilder sb, Iterator<T> items, char open, char close, String indent,
            ItemWriter<T> writer) {
        if (!items.hasNext()) {
            sb.append(open).append(close);
            return;
        }
        String inner = indent + "  ";
        sb.append(open).append('\n');
        while (items.hasNext()) {
            sb.append(inner);
            writer.write(sb, items.next(), inner);
            sb.append(items.hasNext() ? ",\n" : "\n");
        }
        sb.append(indent).append(close);
    }

    private static void string(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}
