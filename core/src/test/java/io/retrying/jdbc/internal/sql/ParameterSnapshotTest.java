package io.retrying.jdbc.internal.sql;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.postgresql.geometric.PGpoint;
import org.postgresql.geometric.PGpolygon;
import org.postgresql.util.PGInterval;
import org.postgresql.util.PGobject;

/** The snapshot rule of {@link ParameterSnapshot}: what is kept, what is copied, what cannot be. */
class ParameterSnapshotTest {

    @Test
    void immutableValuesAreKeptByReference() {
        for (Object v : new Object[] {"s", 1, 2L, 3.0, BigDecimal.ONE, UUID.randomUUID(), LocalDate.now(), Instant.now(),
                Boolean.TRUE, 'c'}) {
            assertSame(v, ParameterSnapshot.of(v), v.getClass().getName());
        }
    }

    @Test
    void mutableValuesAreCopiedDeeplyAndKeepTheirClass() throws Exception {
        PGobject json = new PGobject();
        json.setType("jsonb");
        json.setValue("{\"n\": 1}");
        PGobject copy = (PGobject) ParameterSnapshot.of(json);
        json.setValue("{\"n\": 2}");
        assertEquals("{\"n\": 1}", copy.getValue());
        assertEquals("jsonb", copy.getType());

        PGpolygon polygon = new PGpolygon(new PGpoint[] {new PGpoint(1, 1), new PGpoint(2, 2)});
        PGpolygon polygonCopy = (PGpolygon) ParameterSnapshot.of(polygon);
        polygon.points[0].x = 9;
        assertEquals(1, polygonCopy.points[0].x);

        PGInterval interval = new PGInterval("1 day");
        PGInterval intervalCopy = (PGInterval) ParameterSnapshot.of(interval);
        interval.setDays(5);
        assertEquals(1, intervalCopy.getDays());

        Integer[][] nested = {{1, 2}, {3, 4}};
        Integer[][] nestedCopy = (Integer[][]) ParameterSnapshot.of(nested);
        nested[1][1] = 9;
        assertEquals(4, nestedCopy[1][1]);

        int[] primitive = {1, 2};
        int[] primitiveCopy = (int[]) ParameterSnapshot.of(primitive);
        primitive[0] = 9;
        assertArrayEquals(new int[] {1, 2}, primitiveCopy);

        Map<String, String> map = new HashMap<>(Map.of("k", "v"));
        @SuppressWarnings("unchecked")
        Map<String, String> mapCopy = (Map<String, String>) ParameterSnapshot.of(map);
        map.put("k", "w");
        assertEquals("v", mapCopy.get("k"));

        List<int[]> list = new ArrayList<>(List.of(new int[] {1}));
        List<?> listCopy = (List<?>) ParameterSnapshot.of(list);
        list.get(0)[0] = 9;
        assertArrayEquals(new int[] {1}, (int[]) listCopy.get(0));

        Timestamp ts = new Timestamp(1000);
        ts.setNanos(5);
        Timestamp tsCopy = (Timestamp) ParameterSnapshot.of(ts);
        ts.setTime(2000);
        assertEquals(1000, tsCopy.getTime());
        assertEquals(5, tsCopy.getNanos());

        Calendar calendar = Calendar.getInstance();
        assertNotSame(calendar, ParameterSnapshot.of(calendar));
    }

    @Test
    void whatCannotBeCopiedIsSaidSo() {
        assertSame(ParameterSnapshot.UNCOPYABLE, ParameterSnapshot.of(new StringBuilder("x")));
        assertSame(ParameterSnapshot.UNCOPYABLE, ParameterSnapshot.of(new java.io.ByteArrayInputStream(new byte[1])));
        assertSame(ParameterSnapshot.UNCOPYABLE, ParameterSnapshot.of(new Object[] {1, new StringBuilder()}));
    }

    @Test
    void aSnapshotCountsAtItsSize() throws Exception {
        PGobject json = new PGobject();
        json.setType("jsonb");
        json.setValue("x".repeat(1 << 20));
        assertTrue(ParameterSnapshot.size(ParameterSnapshot.of(json)) > 2L << 20);
        assertTrue(ParameterSnapshot.size(new Integer[1000]) >= 8000);
        assertEquals(16, ParameterSnapshot.size(42));
    }
}
