package io.retrying.jdbc.demo;

import io.retrying.jdbc.CommitOutcome;
import io.retrying.jdbc.Retryability;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One side's outcome: what its application saw, what its retrying layer did (when it has one) and
 * what its database holds.
 *
 * @param name {@code plain} or {@code retrying}
 * @param title what the side runs on
 * @param attempted transfers started
 * @param committed transfers whose commit returned normally
 * @param failed transfers that threw
 * @param failuresByState those failures by SQLState
 * @param retriesByClass retries by recovery class; null for a side without a retrying layer
 * @param recovered work that succeeded after a retry
 * @param gaveUp failures the retrying layer passed on to the application
 * @param commitOutcomes lost COMMIT replies resolved, by outcome
 * @param audit what the database holds
 */
record SideResult(String name, String title, long attempted, long committed, long failed,
        Map<String, Long> failuresByState, Map<Retryability, Long> retriesByClass, long recovered, long gaveUp,
        Map<CommitOutcome, Long> commitOutcomes, Bank.Audit audit) {

    static SideResult of(Side side, Bank.Audit audit) {
        SideStats s = side.stats();
        RetryCounter r = side.retries();
        return new SideResult(side.name(), side.title(), s.attempted(), s.committed(), s.failed(),
                s.failuresByState(), r == null ? null : r.retries(), r == null ? 0 : r.recovered(),
                r == null ? 0 : r.gaveUp(), r == null ? null : r.commitOutcomes(), audit);
    }

    boolean retries() {
        return retriesByClass != null;
    }

    /**
     * Transfers the application was told had committed that the database does not hold: a commit
     * reported wrongly. Nothing should ever produce one.
     */
    long committedButMissing() {
        return committed - (audit.distinctKeys() - audit.failedButCommitted());
    }

    /** Money conserved, nothing applied twice or lost, and no failure reached the application. */
    boolean clean() {
        return audit.moneyConserved() && audit.duplicatedKeys() == 0 && committedButMissing() == 0 && failed == 0;
    }

    Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("title", title);
        m.put("attempted", attempted);
        m.put("committed", committed);
        m.put("failed", failed);
        m.put("failuresBySqlState", failuresByState);
        m.put("retriesByClass", retriesByClass == null ? null : byName(retriesByClass));
        m.put("recovered", recovered);
        m.put("gaveUp", gaveUp);
        m.put("commitOutcomesResolved", commitOutcomes == null ? null : byName(commitOutcomes));
        m.put("transfersInDatabase", audit.rows());
        m.put("failedButCommitted", audit.failedButCommitted());
        m.put("committedButMissing", committedButMissing());
        m.put("totalBalance", audit.totalBalance());
        m.put("expectedBalance", audit.expectedTotal());
        m.put("moneyConserved", audit.moneyConserved());
        m.put("duplicatedTransfers", audit.duplicatedKeys());
        m.put("clean", clean());
        return m;
    }

    private static Map<String, Long> byName(Map<? extends Enum<?>, Long> m) {
        Map<String, Long> out = new LinkedHashMap<>();
        m.forEach((k, v) -> out.put(k.name(), v));
        return out;
    }
}
