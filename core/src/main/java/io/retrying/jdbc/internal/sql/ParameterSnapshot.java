package io.retrying.jdbc.internal.sql;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Ref;
import java.sql.RowId;
import java.sql.SQLType;
import java.sql.SQLXML;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.postgresql.util.PGobject;

/**
 * A parameter value as it was when the application set it, for a re-run or a transaction replay
 * to send: pgjdbc renders (or copies) a value at {@code set*} time, and the application may refill
 * the same object for its next row, so whatever it can still change is copied here, deeply.
 *
 * <p>The rule: values known to be immutable are kept by reference (String, boxed primitives,
 * BigDecimal, BigInteger, UUID, URL, enums, the {@code java.time} types); JDBC objects pgjdbc reads
 * through an interface (Array, Blob, Clob, Ref, RowId, SQLXML) by reference too; mutable values
 * pgjdbc accepts are copied: {@code byte[]} and every other array (nested and primitive), a
 * {@code PGobject} (pgjdbc's own subclasses, e.g. PGInterval, PGpoint, PGmoney, by their deep
 * {@code clone()}; any other as a plain PGobject of the same type and text value, which is what
 * pgjdbc sends for it), {@code java.util.Date} and its java.sql subclasses, {@code Calendar}, and
 * the {@code java.util} maps and collections (into a LinkedHashMap or an ArrayList, element by
 * element, iteration order kept). Anything else cannot be copied: {@link #UNCOPYABLE}, and the
 * binding holding it is not sent again (as for a stream).
 *
 * <p>Sizes, for the journal's byte bound, are what the copy keeps alive, roughly: a string 40 bytes
 * plus two per char, an array 16 plus its elements, a PGobject 24 plus its type and value, a map
 * or collection its entries; a boxed number 16.
 */
public final class ParameterSnapshot {

    /** Stands for a value that cannot be copied: the binding holding it cannot be sent again. */
    static final Object UNCOPYABLE = new Object() {
        @Override
        public String toString() {
            return "UNCOPYABLE";
        }
    };

    private ParameterSnapshot() {
    }

    /** {@code value} if it cannot change any more, a deep copy if it can, or {@link #UNCOPYABLE}. */
    static Object of(Object value) {
        if (value == null || immutable(value)) {
            return value;
        }
        if (value instanceof byte[] b) {
            return b.clone();
        }
        if (value instanceof Object[] objects) {
            Object[] copy = objects.clone(); // keeps the component type (Integer[], String[][], ...)
            for (int i = 0; i < copy.length; i++) {
                Object element = of(copy[i]);
                if (element == UNCOPYABLE) {
                    return UNCOPYABLE;
                }
                copy[i] = element;
            }
            return copy;
        }
        if (value.getClass().isArray()) {
            return primitiveArray(value);
        }
        if (value instanceof PGobject pg) {
            return pgObject(pg);
        }
        if (value instanceof java.util.Date date) {
            return date.clone();
        }
        if (value instanceof Calendar calendar) {
            return calendar.clone();
        }
        if (value instanceof Map<?, ?> map && standard(value)) {
            Map<Object, Object> copy = new LinkedHashMap<>(Math.max(4, map.size() * 2));
            for (Map.Entry<?, ?> e : map.entrySet()) {
                Object k = of(e.getKey());
                Object v = of(e.getValue());
                if (k == UNCOPYABLE || v == UNCOPYABLE) {
                    return UNCOPYABLE;
                }
                copy.put(k, v);
            }
            return copy;
        }
        if (value instanceof Collection<?> collection && standard(value)) {
            ArrayList<Object> copy = new ArrayList<>(collection.size());
            for (Object o : collection) {
                Object element = of(o);
                if (element == UNCOPYABLE) {
                    return UNCOPYABLE;
                }
                copy.add(element);
            }
            return copy;
        }
        return UNCOPYABLE;
    }

    private static boolean immutable(Object value) {
        return value instanceof String || value instanceof Integer || value instanceof Long
                || value instanceof Short || value instanceof Byte || value instanceof Boolean
                || value instanceof Double || value instanceof Float || value instanceof Character
                || value instanceof BigDecimal || value instanceof BigInteger || value instanceof UUID
                || value instanceof URL || value instanceof Enum<?> || value instanceof SQLType
                || value instanceof java.time.temporal.TemporalAccessor && value.getClass().getName().startsWith("java.time.")
                || value instanceof java.time.temporal.TemporalAmount && value.getClass().getName().startsWith("java.time.")
                || value instanceof java.time.ZoneId
                // JDBC objects: pgjdbc reads them through their interface; their content is the driver's
                || value instanceof Array || value instanceof Blob || value instanceof Clob
                || value instanceof Ref || value instanceof RowId || value instanceof SQLXML;
    }

    /** A map or collection of java.util's own: copying it into another keeps what pgjdbc makes of it. */
    private static boolean standard(Object value) {
        return value.getClass().getName().startsWith("java.util.");
    }

    private static Object primitiveArray(Object value) {
        if (value instanceof int[] a) {
            return a.clone();
        }
        if (value instanceof long[] a) {
            return a.clone();
        }
        if (value instanceof short[] a) {
            return a.clone();
        }
        if (value instanceof double[] a) {
            return a.clone();
        }
        if (value instanceof float[] a) {
            return a.clone();
        }
        if (value instanceof boolean[] a) {
            return a.clone();
        }
        if (value instanceof char[] a) {
            return a.clone();
        }
        return UNCOPYABLE;
    }

    /**
     * pgjdbc's own PGobject classes clone deeply; another subclass may share mutable state with its
     * clone, so it is kept as pgjdbc would send it as text: its type and current value.
     */
    private static Object pgObject(PGobject pg) {
        Class<?> type = pg.getClass();
        if (type == PGobject.class || !type.getName().startsWith("org.postgresql.")) {
            PGobject copy = new PGobject();
            copy.setType(pg.getType());
            try {
                copy.setValue(pg.getValue());
            } catch (java.sql.SQLException e) {
                return UNCOPYABLE; // PGobject.setValue does not throw; a subclass's getValue() failed us
            }
            return copy;
        }
        try {
            return pg.clone();
        } catch (CloneNotSupportedException e) {
            return UNCOPYABLE;
        }
    }

    /** Roughly the bytes {@code value} (a snapshot) keeps alive. */
    static long size(Object value) {
        if (value == null || value == UNCOPYABLE) {
            return 0;
        }
        if (value instanceof String s) {
            return 40 + 2L * s.length();
        }
        if (value instanceof byte[] b) {
            return 16 + b.length;
        }
        if (value instanceof Object[] objects) {
            long bytes = 16 + 8L * objects.length;
            for (Object o : objects) {
                bytes += size(o);
            }
            return bytes;
        }
        if (value.getClass().isArray()) {
            return 16 + 8L * java.lang.reflect.Array.getLength(value);
        }
        if (value instanceof PGobject pg) {
            // pgjdbc's subclasses keep their value in fields: their text is a fair measure of them
            return 24 + size(pg.getType()) + size(pg.getValue());
        }
        if (value instanceof Map<?, ?> map) {
            long bytes = 48;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                bytes += 40 + size(e.getKey()) + size(e.getValue());
            }
            return bytes;
        }
        if (value instanceof Collection<?> collection) {
            long bytes = 40;
            for (Object o : collection) {
                bytes += 8 + size(o);
            }
            return bytes;
        }
        if (value instanceof Calendar) {
            return 400;
        }
        if (value instanceof BigDecimal || value instanceof BigInteger || value instanceof java.util.Date) {
            return 48;
        }
        return 16;
    }
}
