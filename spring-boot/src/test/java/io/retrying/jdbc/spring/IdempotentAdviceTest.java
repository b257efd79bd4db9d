package io.retrying.jdbc.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrying.jdbc.Classifier;
import io.retrying.jdbc.Retryability;
import io.retrying.jdbc.spring.app.AuditService;
import io.retrying.jdbc.spring.app.Bookkeeping;
import io.retrying.jdbc.spring.app.JdbcBookkeeping;
import io.retrying.jdbc.spring.app.LedgerService;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.aop.framework.ProxyFactory;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.DataAccessException;
import org.springframework.transaction.interceptor.BeanFactoryTransactionAttributeSourceAdvisor;

/**
 * {@code @Idempotent} on Spring beans, with real failures: a backend terminated inside the
 * {@code @Transactional} method (its connection pinned by a temporary table, so the transparent
 * layer cannot replay it and the RECONNECT failure reaches the method's caller) makes the whole
 * method run again in a fresh transaction; a FATAL failure lets it run once; a nested
 * {@code @Idempotent} method does not multiply the attempts; through a CGLIB proxy (annotation
 * on the class's method) and a JDK proxy (annotation on the interface).
 */
class IdempotentAdviceTest extends BankTestBase {

    @Autowired
    LedgerService ledger;
    @Autowired
    AuditService audit;

    @BeforeEach
    void table() {
        jdbc.execute("DROP TABLE IF EXISTS ledger");
        jdbc.execute("CREATE TABLE ledger (entry_key text PRIMARY KEY, amount bigint NOT NULL)");
        ledger.runs().set(0);
        audit.runs().set(0);
        ledger.midway(run -> {});
    }

    /** Pins the connection (a temporary table), then has its backend terminated from outside. */
    private void loseThePinnedConnection() {
        ledger.jdbc().execute("CREATE TEMP TABLE IF NOT EXISTS pin (x int)");
        int pid = ledger.jdbc().queryForObject("SELECT pg_backend_pid()", Integer.class);
        PG.sql("SELECT pg_terminate_backend(" + pid + ", 10000)");
    }

    private IntConsumer onRuns(int upTo, Runnable action) {
        return run -> {
            if (run <= upTo) {
                action.run();
            }
        };
    }

    @Test
    void aCglibProxiedTransactionalMethodRunsTwiceAfterAReconnectFailureInsideIt() {
        assertTrue(AopUtils.isCglibProxy(ledger), "Spring's CGLIB proxy: " + ledger.getClass());
        ledger.midway(run -> onRuns(1, this::loseThePinnedConnection).accept(run));

        ledger.record("k-1", 10);

        assertEquals(2, ledger.runs().get());
        assertEquals(1L, jdbc.queryForObject("SELECT count(*) FROM ledger WHERE entry_key = 'k-1'", Long.class));
    }

    @Test
    void aFatalFailureRunsOnce() {
        ledger.midway(run -> ledger.jdbc().queryForObject("SELECT 1 / 0", Integer.class)); // 22012

        DataAccessException e = assertThrows(DataAccessException.class, () -> ledger.record("k-2", 10));

        assertEquals(Retryability.FATAL, Classifier.retryability(e));
        assertEquals(1, ledger.runs().get());
        assertEquals(0L, jdbc.queryForObject("SELECT count(*) FROM ledger", Long.class), "rolled back");
    }

    @Test
    void aNestedIdempotentMethodDoesNotMultiplyTheAttempts() {
        // every run of the inner method loses its connection: 3 attempts in all (the policy's), not 3 x 3
        ledger.midway(run -> loseThePinnedConnection());

        assertThrows(RuntimeException.class, () -> audit.audit("k-3"));

        assertEquals(3, audit.runs().get());
        assertEquals(3, ledger.runs().get());
    }

    @Test
    void aJdkProxyWithTheAnnotationOnTheInterfaceRunsAgainInAFreshTransaction() {
        // given a JDK proxy made with the context's own advisors, in the order the auto-proxy
        // creator gives them: the @Idempotent advice first, then the transaction interceptor
        IdempotentAdvisor idempotent = context.getBean(IdempotentAdvisor.class);
        BeanFactoryTransactionAttributeSourceAdvisor tx = context.getBean(BeanFactoryTransactionAttributeSourceAdvisor.class);
        assertTrue(idempotent.getOrder() < tx.getOrder(), idempotent.getOrder() + " before " + tx.getOrder());
        JdbcBookkeeping target = new JdbcBookkeeping(jdbc, onRuns(1, this::loseThePinnedConnection));
        ProxyFactory factory = new ProxyFactory(target);
        factory.setInterfaces(Bookkeeping.class);
        factory.setProxyTargetClass(false);
        factory.addAdvisor(idempotent);
        factory.addAdvisor(tx);
        Bookkeeping books = (Bookkeeping) factory.getProxy();
        assertTrue(AopUtils.isJdkDynamicProxy(books));

        books.book("k-4", 5);

        assertEquals(2, target.runs.get());
        assertEquals(1L, jdbc.queryForObject("SELECT count(*) FROM ledger WHERE entry_key = 'k-4'", Long.class));
    }
}
