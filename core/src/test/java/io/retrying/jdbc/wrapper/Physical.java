package io.retrying.jdbc.wrapper;

import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.internal.dial.Dialer;
import io.retrying.jdbc.internal.jdbc.RetryingConnections;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import net.ttddyy.dsproxy.ExecutionInfo;
import net.ttddyy.dsproxy.QueryInfo;
import net.ttddyy.dsproxy.listener.MethodExecutionContext;
import net.ttddyy.dsproxy.listener.MethodExecutionListener;
import net.ttddyy.dsproxy.listener.QueryExecutionListener;
import net.ttddyy.dsproxy.support.ProxyDataSourceBuilder;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The physical side of a retrying connection under test: pgjdbc wrapped by datasource-proxy,
 * which sees every execution that reaches the driver (and so the server), and a Dialer over it.
 */
public final class Physical implements QueryExecutionListener {

    /** Fast waits: the tests are about what runs, not how long it waits. */
    public static final RetryPolicy FAST = RetryPolicy.builder()
            .maxAttempts(3).baseDelay(Duration.ofMillis(5)).maxDelay(Duration.ofMillis(100)).noTokenBucket().build();

    /** What the layer's proof statements start with (io.retrying.jdbc.internal.proof.PlanCheck.MARK). */
    public static final String PROOF_MARK = "/* retrying-jdbc proof */";

    private final DataSource proxied;
    private final String url;
    /** The SQL text of every physical execution, with whether it succeeded. */
    private final List<String> executions = new CopyOnWriteArrayList<>();
    private final List<String> failures = new CopyOnWriteArrayList<>();
    /** The statements of the layer's read-only proofs (they quote the SQL they judge): not executions. */
    private final List<String> proofs = new CopyOnWriteArrayList<>();
    final AtomicInteger dials = new AtomicInteger();
    /** The SQL of every Connection.prepareStatement call on a physical connection. */
    private final List<String> prepares = new CopyOnWriteArrayList<>();
    /** Every Connection.set* call on a physical connection, in order. */
    final List<String> connectionSetters = new CopyOnWriteArrayList<>();
    /** Holds the layer's own statements to their frames (DESIGN.md "The layer's own statements"). */
    private final FrameAudit frames = new FrameAudit();

    public Physical(String jdbcUrl) {
        this.url = jdbcUrl;
        PGSimpleDataSource pg = new PGSimpleDataSource();
        pg.setUrl(jdbcUrl);
        this.proxied = ProxyDataSourceBuilder.create(pg).listener(this).methodListener(new MethodExecutionListener() {
            @Override
            public void beforeMethod(MethodExecutionContext context) {
            }

            @Override
            public void afterMethod(MethodExecutionContext context) {
                frames.method(context);
                if (context.getTarget() instanceof Connection && context.getMethod().getName().startsWith("set")) {
                    connectionSetters.add(context.getMethod().getName());
                }
                if (context.getTarget() instanceof Connection && context.getMethod().getName().equals("prepareStatement")
                        && context.getMethodArgs() != null && context.getMethodArgs().length > 0
                        && context.getMethodArgs()[0] instanceof String sql) {
                    prepares.add(sql);
                }
            }
        }).build();
    }

    public Dialer dialer() {
        return new Dialer() {
            @Override
            public Connection dial() throws SQLException {
                dials.incrementAndGet();
                return proxied.getConnection();
            }

            @Override
            public String describe() {
                return url.replaceAll("password=[^&]*", "password=***");
            }
        };
    }

    public Connection open() throws SQLException {
        return open(RetryConfig.defaults().withPolicy(FAST));
    }

    public Connection open(RetryConfig config) throws SQLException {
        return RetryingConnections.open(dialer(), config);
    }

    /** How many physical executions contained {@code fragment}, failed ones included. */
    public long executions(String fragment) {
        return executions.stream().filter(q -> q.contains(fragment)).count();
    }

    /** How many physical prepareStatement calls had SQL containing {@code fragment}. */
    public long prepares(String fragment) {
        return prepares.stream().filter(q -> q.contains(fragment)).count();
    }

    /** How many physical executions containing {@code fragment} failed. */
    public long failures(String fragment) {
        return failures.stream().filter(q -> q.contains(fragment)).count();
    }

    /** How many statements of the layer's read-only proofs contained {@code fragment}. */
    public long proofs(String fragment) {
        return proofs.stream().filter(q -> q.contains(fragment)).count();
    }

    @Override
    public void beforeQuery(ExecutionInfo execInfo, List<QueryInfo> queryInfoList) {
    }

    @Override
    public void afterQuery(ExecutionInfo execInfo, List<QueryInfo> queryInfoList) {
        frames.query(execInfo, queryInfoList);
        StringBuilder sql = new StringBuilder();
        for (QueryInfo q : queryInfoList) {
            sql.append(q.getQuery()).append('\n');
        }
        if (sql.indexOf(PROOF_MARK) >= 0) {
            proofs.add(sql.toString());
            return;
        }
        executions.add(sql.toString());
        if (!execInfo.isSuccess()) {
            failures.add(sql.toString());
        }
    }
}
