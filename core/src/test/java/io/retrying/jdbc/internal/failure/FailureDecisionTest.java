package io.retrying.jdbc.internal.failure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.Attempt;
import io.retrying.jdbc.Retryability;
import io.retrying.jdbc.StopReason;
import io.retrying.jdbc.internal.failure.Decision.Step;
import io.retrying.jdbc.internal.proof.Verdict;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The failure path's decision ({@link FailureDecision}) as a table: each row a situation (the facts
 * of a failure, and the answers the policy and the server give to the questions asked), and the
 * whole path the decision takes, step by step, to the application's exception or the run again.
 * Then every combination of the facts that matter, held to the rules no path may break.
 *
 * <p>Facts, space-separated: where ({@code auto}, {@code tx-first} the transaction's first statement,
 * {@code tx-work} a transaction that did something, {@code tx-failed} one an earlier failure doomed);
 * the failure ({@code reported:CLASS}, {@code silent} a socket gone quiet, {@code nothing-sent} 08003
 * of a connection closed before, {@code uncommitted} an autocommit write run in a transaction of its
 * own whose COMMIT did not land: never sent, or found aborted); and what else holds ({@code writes} the text surely writes,
 * {@code pinned}, {@code tx-control}, {@code stream}, {@code callable}, {@code batch}, {@code partial}
 * a batch committed in part, {@code split} a string pgjdbc may split, {@code reset-used},
 * {@code journal-refused}, {@code commit-sql}, {@code guard-25006} a guarded run again refused a write,
 * {@code closed}, {@code driver-closed}, {@code attempt2}). Answers: {@code policy:retry|stop|budget},
 * {@code proof:ro|writes}, {@code guard:ok|fail}, {@code outside:in|out}; by default the favourable one.
 */
class FailureDecisionTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # name                                              | facts                                   | answers          | path
        closed by the application under the call            | auto reported:SAFE closed               |                  | THROW AS_IS NONE NONE
        closed by pgjdbc on purpose                         | auto reported:FATAL driver-closed       |                  | THROW AS_IS CLOSED_BY_DRIVER NONE
        a guarded run again refused a write                 | auto reported:FATAL guard-25006         |                  | THROW GUARD_REFUSED_WRITE NONE GAVE_UP
        autocommit read, server reported a serialization    | auto reported:SAFE                      |                  | ASK_POLICY(SAFE) WAIT CHECK_OUTSIDE RUN_AGAIN
        ... and it calls dblink                             | auto reported:SAFE                      | outside:out      | ASK_POLICY(SAFE) WAIT CHECK_OUTSIDE THROW AS_IS NONE GAVE_UP
        ... the policy stops at the first attempt           | auto reported:SAFE                      | policy:stop      | ASK_POLICY(SAFE) THROW AS_IS DROP_IF_DEAD STOPPED
        ... the policy stops at a later attempt             | auto reported:SAFE attempt2             | policy:stop      | ASK_POLICY(SAFE) THROW EXHAUSTED DROP_IF_DEAD STOPPED
        ... the budget refuses                              | auto reported:SAFE                      | policy:budget    | ASK_POLICY(SAFE) THROW EXHAUSTED DROP_IF_DEAD STOPPED
        autocommit, the server terminated the backend       | auto reported:RECONNECT writes          |                  | ASK_POLICY(RECONNECT) WAIT SWAP CHECK_OUTSIDE RUN_AGAIN
        autocommit, server full                             | auto reported:BACKPRESSURE              |                  | ASK_POLICY(BACKPRESSURE) WAIT CHECK_OUTSIDE RUN_AGAIN
        autocommit, a syntax error                          | auto reported:FATAL                     |                  | ASK_POLICY(FATAL) THROW AS_IS DROP_IF_DEAD STOPPED
        prepared statement gone, first time                 | auto reported:RESET_STATE               |                  | ASK_POLICY(RESET_STATE) WAIT CHECK_OUTSIDE RUN_AGAIN
        prepared statement gone again                       | auto reported:RESET_STATE reset-used    |                  | THROW AS_IS NONE GAVE_UP
        silent loss of a read: proven, guarded              | auto silent                             |                  | ASK_POLICY(RECONNECT) WAIT SWAP PROVE GUARD RUN_AGAIN
        silent loss of a read the server cannot prove       | auto silent                             | proof:writes     | ASK_POLICY(RECONNECT) WAIT SWAP PROVE THROW NOT_PROVEN NONE GAVE_UP
        silent loss of a read whose guard does not open     | auto silent                             | guard:fail       | ASK_POLICY(RECONNECT) WAIT SWAP PROVE GUARD THROW MAY_HAVE_WRITTEN DROP GAVE_UP
        silent loss of a read, the policy stops             | auto silent                             | policy:stop      | ASK_POLICY(RECONNECT) THROW AS_IS DROP_IF_DEAD STOPPED
        silent loss of a write                              | auto silent writes                      |                  | ASK_POLICY(UNKNOWN) THROW MAY_HAVE_WRITTEN DROP_IF_DEAD STOPPED
        nothing was sent: a closed connection               | auto nothing-sent writes                |                  | ASK_POLICY(RECONNECT) WAIT SWAP RUN_AGAIN
        an autocommit write whose own COMMIT did not land   | auto uncommitted writes                 |                  | ASK_POLICY(RECONNECT) WAIT SWAP CHECK_OUTSIDE RUN_AGAIN
        ... and it calls dblink: unknown, not run again     | auto uncommitted writes                 | outside:out      | ASK_POLICY(RECONNECT) WAIT SWAP CHECK_OUTSIDE THROW ACTED_OUTSIDE NONE GAVE_UP
        ... the policy stops                                | auto uncommitted writes                 | policy:stop      | ASK_POLICY(RECONNECT) THROW AS_IS DROP_IF_DEAD STOPPED
        pinned connection, lost                             | auto reported:RECONNECT pinned          |                  | THROW AS_IS LOST_IF_DEAD GAVE_UP
        transaction control                                 | auto reported:SAFE tx-control           |                  | THROW AS_IS DROP_IF_DEAD GAVE_UP
        a stream parameter                                  | auto silent stream                      |                  | THROW AS_IS DROP_IF_DEAD GAVE_UP
        autocommit batch committed in part                  | auto reported:SAFE batch partial        |                  | THROW AS_IS DROP_IF_DEAD GAVE_UP
        a string pgjdbc may have split                      | auto reported:SAFE split                |                  | THROW SPLIT_UNKNOWN DROP_IF_DEAD GAVE_UP
        a batch pgjdbc may have split is not a string       | auto reported:SAFE batch split          |                  | ASK_POLICY(SAFE) WAIT CHECK_OUTSIDE RUN_AGAIN
        a split string that failed for good                 | auto reported:FATAL split               |                  | ASK_POLICY(FATAL) THROW AS_IS DROP_IF_DEAD STOPPED
        transaction with work, replayable                   | tx-work reported:SAFE                   |                  | REPLAY_TRANSACTION
        transaction with work, silent loss                  | tx-work silent                          |                  | REPLAY_TRANSACTION
        transaction with work, journal refused              | tx-work reported:SAFE journal-refused   |                  | THROW AS_IS TRANSACTION_LOST_IF_DEAD GAVE_UP NOT_REPLAYABLE
        transaction with work, pinned                       | tx-work silent pinned                   |                  | THROW AS_IS TRANSACTION_LOST_IF_DEAD GAVE_UP NOT_REPLAYABLE
        transaction with work, a syntax error               | tx-work reported:FATAL                  |                  | THROW AS_IS TRANSACTION_LOST_IF_DEAD GAVE_UP
        transaction doomed by an earlier failure            | tx-failed reported:SAFE                 |                  | THROW AS_IS TRANSACTION_LOST_IF_DEAD GAVE_UP NOT_REPLAYABLE
        transaction with work, a callable                   | tx-work reported:SAFE callable          |                  | THROW AS_IS TRANSACTION_LOST_IF_DEAD GAVE_UP NOT_REPLAYABLE
        transaction, server full before any work            | tx-first reported:BACKPRESSURE          |                  | REPLAY_TRANSACTION
        transaction's first statement, connection found gone| tx-first silent                         |                  | ASK_POLICY(RECONNECT) WAIT SWAP CHECK_OUTSIDE RUN_AGAIN
        ... a write, found gone                             | tx-first silent writes                  |                  | ASK_POLICY(RECONNECT) WAIT SWAP CHECK_OUTSIDE RUN_AGAIN
        ... it calls dblink: the transaction fails          | tx-first silent writes                  | outside:out      | ASK_POLICY(RECONNECT) WAIT SWAP CHECK_OUTSIDE THROW AS_IS TRANSACTION_LOST_IF_DEAD GAVE_UP NOT_REPLAYABLE
        ... terminated by the server, it calls dblink       | tx-first reported:RECONNECT             | outside:out      | ASK_POLICY(RECONNECT) WAIT SWAP CHECK_OUTSIDE THROW AS_IS TRANSACTION_LOST_IF_DEAD GAVE_UP NOT_REPLAYABLE
        ... nothing was sent: no question                   | tx-first nothing-sent                   |                  | ASK_POLICY(RECONNECT) WAIT SWAP RUN_AGAIN
        ... found gone, pinned                              | tx-first silent pinned                  |                  | THROW AS_IS LOST_IF_DEAD GAVE_UP
        COMMIT sent as SQL lost its reply                   | tx-work silent commit-sql               |                  | THROW COMMIT_LOST BY_SURFACE GAVE_UP
        COMMIT sent as SQL refused by the server            | tx-work reported:SAFE commit-sql        |                  | REPLAY_TRANSACTION
        """)
    void theTable(String name, String facts, String answers, String path) {
        assertEquals(path, walk(facts(facts), oracle(answers == null ? "" : answers)), name);
    }

    /** A fetch or savepoint call in a transaction: replayed when the journal heals it, or surfaces. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        fetch lost, journal intact               | tx-work silent                        | REPLAY_TRANSACTION
        fetch lost, pinned                       | tx-work silent pinned                 | THROW AS_IS TRANSACTION_LOST_IF_DEAD GAVE_UP NOT_REPLAYABLE
        fetch lost, transaction failed before    | tx-failed silent                      | THROW AS_IS TRANSACTION_LOST_IF_DEAD GAVE_UP NOT_REPLAYABLE
        fetch refused for good                   | tx-work reported:FATAL                | THROW AS_IS TRANSACTION_LOST_IF_DEAD GAVE_UP
        fetch lost, journal refused              | tx-work silent journal-refused        | THROW AS_IS TRANSACTION_LOST_IF_DEAD GAVE_UP NOT_REPLAYABLE
        """)
    void theCallTable(String name, String facts, String path) {
        assertEquals(path, describe(FailureDecision.decideCall(facts(facts), "fetching rows")), name);
    }

    /**
     * Every combination of the facts that matter, under every combination of answers: no path
     * runs work again that a rule says must not run again, and every path ends.
     */
    @Test
    void noCombinationBreaksARule() {
        String[] wheres = {"auto", "tx-first", "tx-work", "tx-failed"};
        String[] errors = {"reported:SAFE", "reported:BACKPRESSURE", "reported:RECONNECT", "reported:RESET_STATE",
                "reported:FATAL", "reported:UNKNOWN", "silent", "nothing-sent", "uncommitted"};
        String[] extras = {"writes", "pinned", "tx-control", "stream", "callable", "batch", "partial", "split",
                "reset-used", "journal-refused", "commit-sql", "guard-25006", "attempt2"};
        String[][] answerSets = {{"policy:retry", "policy:stop", "policy:budget"}, {"proof:ro", "proof:writes"},
                {"guard:ok", "guard:fail"}, {"outside:in", "outside:out"}};
        int paths = 0;
        for (String where : wheres) {
            for (String error : errors) {
                for (int mask = 0; mask < 1 << extras.length; mask++) {
                    StringBuilder text = new StringBuilder(where).append(' ').append(error);
                    for (int i = 0; i < extras.length; i++) {
                        if ((mask & 1 << i) != 0) {
                            text.append(' ').append(extras[i]);
                        }
                    }
                    FailureFacts f = facts(text.toString());
                    for (String policy : answerSets[0]) {
                        for (String proof : answerSets[1]) {
                            for (String guard : answerSets[2]) {
                                for (String outside : answerSets[3]) {
                                    holdsTheRules(text.toString(), f, oracle(policy + " " + proof + " " + guard + " " + outside));
                                    paths++;
                                }
                            }
                        }
                    }
                }
            }
        }
        assertTrue(paths > 1_000_000, "every combination walked: " + paths);
    }

    private static void holdsTheRules(String text, FailureFacts f, Oracle oracle) {
        List<Step> steps = new ArrayList<>();
        FailureAnswers a = FailureAnswers.NONE;
        Decision d = FailureDecision.decide(f, a);
        Set<Step> seen = EnumSet.noneOf(Step.class);
        while (d.step() != Step.THROW && d.step() != Step.RUN_AGAIN && d.step() != Step.REPLAY_TRANSACTION) {
            assertTrue(seen.add(d.step()), () -> text + ": a step asked twice: " + steps);
            steps.add(d.step());
            a = oracle.answer(d, a);
            d = FailureDecision.decide(f, a);
        }
        boolean runsAgain = d.step() == Step.RUN_AGAIN;
        boolean replays = d.step() == Step.REPLAY_TRANSACTION;
        String where = text + " " + oracle + " -> " + steps + " " + d;
        if (f.closedUnder() || f.closedByDriver()) {
            assertTrue(steps.isEmpty() && d.step() == Step.THROW, where);
        }
        if (runsAgain || replays) {
            assertTrue(f.recovery().isRetryable(), where);
            assertFalse(f.pinnedBy() != null, where);
            assertFalse(f.failedBefore(), where);
            assertFalse(f.guardOpen() && "25006".equals(f.sqlState()), where);
            assertFalse(f.inTransaction() && f.commitAsSql() && f.recovery().needsNewConnection(), where);
            assertFalse(f.streamParameter() && !replays, where);
        }
        if (runsAgain) {
            // only after the policy agreed and its wait was done
            assertTrue(a.policy() != null && a.policy().retry() && a.waited(), where);
            // a transaction that did something runs again only through its journal's replay
            assertFalse(f.inTransaction() && !f.freshTransaction(), where);
            assertFalse(f.transactionControl(), where);
            // a silent loss runs again only when the server proved it read-only and its guard opened
            if (f.silentLoss()) {
                assertTrue(!f.surelyWrites() && a.proof() != null && a.proof().readOnly() && Boolean.TRUE.equals(a.guard()),
                        where);
            }
            // work that may have run uncommitted runs again only when it does not act outside its transaction
            if (f.reported() || f.uncommitted() || f.inTransaction() && !f.nothingSent()) {
                assertTrue(a.outside() != null && a.outside().readOnly(), where);
            }
            if (f.reported()) {
                assertFalse(f.committedInPart(), where);
                assertFalse(f.maySplitBySync() && !f.batch(), where);
            }
            if (f.recovery().needsNewConnection() && a.policy().recovery().needsNewConnection()) {
                assertTrue(a.swapped(), where);
            }
            assertFalse(f.recovery() == Retryability.RESET_STATE && f.resetUsed(), where);
        }
        // an autocommit write whose own transaction did not commit, found acting outside it: unknown (08007)
        if (d.step() == Step.THROW && f.uncommitted() && !f.inTransaction() && a.outside() != null
                && !a.outside().readOnly()) {
            assertEquals(Decision.Surface.ACTED_OUTSIDE, d.surface(), where);
        }
        if (d.step() == Step.THROW && f.silentLoss() && f.surelyWrites() && !f.closedUnder() && !f.closedByDriver()
                && f.pinnedBy() == null && !f.transactionControl() && !f.streamParameter()
                && !(f.guardOpen() && "25006".equals(f.sqlState()))) {
            assertEquals(Decision.Surface.MAY_HAVE_WRITTEN, d.surface(), where);
        }
    }

    // -- the table's language ------------------------------------------------------------------

    private static FailureFacts facts(String text) {
        Set<String> t = Set.of(text.trim().split("\\s+"));
        String error = t.stream().filter(w -> w.startsWith("reported:") || w.equals("silent") || w.equals("nothing-sent")
                        || w.equals("uncommitted"))
                .findFirst().orElseThrow(() -> new IllegalArgumentException("no failure in: " + text));
        boolean reported = error.startsWith("reported:");
        Retryability recovery = reported ? Retryability.valueOf(error.substring("reported:".length())) : Retryability.RECONNECT;
        boolean surelyWrites = t.contains("writes");
        boolean guard25006 = t.contains("guard-25006");
        boolean inTransaction = !t.contains("auto");
        return new FailureFacts(
                t.contains("closed"),
                t.contains("driver-closed"),
                guard25006,
                guard25006 ? "25006" : error.equals("nothing-sent") ? "08003" : "XXXXX",
                reported,
                recovery,
                recovery == Retryability.RECONNECT && !reported ? Retryability.UNKNOWN : recovery,
                error.equals("nothing-sent"),
                error.equals("uncommitted"),
                inTransaction,
                t.contains("commit-sql"),
                t.contains("tx-work") || t.contains("tx-failed"),
                t.contains("tx-failed"),
                !t.contains("journal-refused"),
                t.contains("journal-refused") ? "journal bound passed" : null,
                t.contains("pinned") ? "COPY" : null,
                t.contains("tx-control"),
                t.contains("stream"),
                t.contains("callable"),
                t.contains("batch"),
                reported && t.contains("partial"),
                reported && t.contains("split"),
                surelyWrites || t.contains("tx-control") || t.contains("callable") || t.contains("batch"),
                t.contains("reset-used"),
                t.contains("attempt2") ? 2 : 1);
    }

    /** The answers of the policy and the server to the questions a path asks. */
    private record Oracle(String policy, String proof, String guard, String outside) {

        FailureAnswers answer(Decision d, FailureAnswers a) {
            return switch (d.step()) {
                case ASK_POLICY -> a.withPolicy(switch (policy) {
                    // as RetryPolicy answers: a class that is not retryable never is
                    case "retry" -> d.askAs().isRetryable() ? new Attempt(true, Duration.ofMillis(10), d.askAs(), "retry")
                            : new Attempt(false, Duration.ZERO, d.askAs(), "class", StopReason.NOT_RETRYABLE);
                    case "stop" -> new Attempt(false, Duration.ZERO, d.askAs(), "stop", StopReason.ATTEMPTS);
                    case "budget" -> new Attempt(false, Duration.ZERO, d.askAs(), "budget", StopReason.BUDGET);
                    default -> throw new IllegalArgumentException(policy);
                });
                case WAIT -> a.withWaited();
                case SWAP -> a.withSwapped();
                case PROVE -> a.withProof(proof.equals("ro") ? Verdict.READ_ONLY : new Verdict(false, "it may write"));
                case GUARD -> a.withGuard(guard.equals("ok"));
                case CHECK_OUTSIDE -> a.withOutside(outside.equals("in") ? Verdict.READ_ONLY : new Verdict(false, "dblink"));
                default -> throw new IllegalStateException("not a question: " + d);
            };
        }
    }

    private static Oracle oracle(String text) {
        String policy = "retry";
        String proof = "ro";
        String guard = "ok";
        String outside = "in";
        for (String w : text.trim().split("\\s+")) {
            if (w.isEmpty()) {
                continue;
            }
            String value = w.substring(w.indexOf(':') + 1);
            switch (w.substring(0, w.indexOf(':'))) {
                case "policy" -> policy = value;
                case "proof" -> proof = value;
                case "guard" -> guard = value;
                case "outside" -> outside = value;
                default -> throw new IllegalArgumentException(w);
            }
        }
        return new Oracle(policy, proof, guard, outside);
    }

    /** The whole path: each step, then the throw (its surface, aftermath, report) or the run again. */
    private static String walk(FailureFacts f, Oracle oracle) {
        StringBuilder path = new StringBuilder();
        FailureAnswers a = FailureAnswers.NONE;
        for (int steps = 0; steps < 20; steps++) {
            Decision d = FailureDecision.decide(f, a);
            if (d.step() == Step.THROW || d.step() == Step.RUN_AGAIN || d.step() == Step.REPLAY_TRANSACTION) {
                return path.append(describe(d)).toString();
            }
            path.append(d.step()).append(d.askAs() != null ? "(" + d.askAs() + ")" : "").append(' ');
            a = oracle.answer(d, a);
        }
        throw new AssertionError("no end: " + path);
    }

    private static String describe(Decision d) {
        if (d.step() != Step.THROW) {
            return d.step().toString();
        }
        return "THROW " + d.surface() + " " + d.aftermath() + " " + d.report() + (d.notReplayable() ? " NOT_REPLAYABLE" : "");
    }
}
