package io.retrying.jdbc.internal.jdbc;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.RowIdLifetime;
import java.sql.SQLException;

/**
 * Metadata whose {@link #getConnection()} is the application's connection. It asks the current
 * physical connection's metadata each time (pgjdbc caches that object per connection), so it
 * follows swaps.
 */
final class RetryingDatabaseMetaData implements DatabaseMetaData {

    private final RetryingConnection connection;

    RetryingDatabaseMetaData(RetryingConnection connection) {
        this.connection = connection;
    }

    private DatabaseMetaData delegate() throws SQLException {
        return connection.delegate().getMetaData();
    }

    /**
     * Runs {@code call} on the current physical connection's metadata. Metadata reads the catalog,
     * so a call that finds the connection gone runs once more on a new one (as a session call does).
     */
    private <T> T call(MetadataCall<T> call) throws SQLException {
        return connection.askPhysical(physical -> call.on(physical.getMetaData()));
    }

    @FunctionalInterface
    private interface MetadataCall<T> {
        T on(DatabaseMetaData metadata) throws SQLException;
    }

    @Override
    public Connection getConnection() {
        return connection;
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        DatabaseMetaData d = delegate();
        return iface.isInstance(d) ? iface.cast(d) : d.unwrap(iface);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) throws SQLException {
        return iface.isInstance(this) || delegate().isWrapperFor(iface);
    }

    // ---- answered from the driver itself, as pgjdbc answers them (no connection needed)

    @Override
    public int getDriverMajorVersion() {
        return org.postgresql.util.DriverInfo.MAJOR_VERSION;
    }

    @Override
    public int getDriverMinorVersion() {
        return org.postgresql.util.DriverInfo.MINOR_VERSION;
    }

    // ---- pass-throughs (each asks the physical metadata through call(), one a line)

    @Override public boolean allProceduresAreCallable() throws SQLException { return call(md -> md.allProceduresAreCallable()); }
    @Override public boolean allTablesAreSelectable() throws SQLException { return call(md -> md.allTablesAreSelectable()); }
    @Override public boolean autoCommitFailureClosesAllResultSets() throws SQLException { return call(md -> md.autoCommitFailureClosesAllResultSets()); }
    @Override public boolean dataDefinitionCausesTransactionCommit() throws SQLException { return call(md -> md.dataDefinitionCausesTransactionCommit()); }
    @Override public boolean dataDefinitionIgnoredInTransactions() throws SQLException { return call(md -> md.dataDefinitionIgnoredInTransactions()); }
    @Override public boolean deletesAreDetected(int a) throws SQLException { return call(md -> md.deletesAreDetected(a)); }
    @Override public boolean doesMaxRowSizeIncludeBlobs() throws SQLException { return call(md -> md.doesMaxRowSizeIncludeBlobs()); }
    @Override public boolean generatedKeyAlwaysReturned() throws SQLException { return call(md -> md.generatedKeyAlwaysReturned()); }
    @Override public ResultSet getAttributes(String a, String b, String c, String d) throws SQLException { return call(md -> md.getAttributes(a, b, c, d)); }
    @Override public ResultSet getBestRowIdentifier(String a, String b, String c, int d, boolean e) throws SQLException { return call(md -> md.getBestRowIdentifier(a, b, c, d, e)); }
    @Override public String getCatalogSeparator() throws SQLException { return call(md -> md.getCatalogSeparator()); }
    @Override public String getCatalogTerm() throws SQLException { return call(md -> md.getCatalogTerm()); }
    @Override public ResultSet getCatalogs() throws SQLException { return call(md -> md.getCatalogs()); }
    @Override public ResultSet getClientInfoProperties() throws SQLException { return call(md -> md.getClientInfoProperties()); }
    @Override public ResultSet getColumnPrivileges(String a, String b, String c, String d) throws SQLException { return call(md -> md.getColumnPrivileges(a, b, c, d)); }
    @Override public ResultSet getColumns(String a, String b, String c, String d) throws SQLException { return call(md -> md.getColumns(a, b, c, d)); }
    @Override public ResultSet getCrossReference(String a, String b, String c, String d, String e, String f) throws SQLException { return call(md -> md.getCrossReference(a, b, c, d, e, f)); }
    @Override public int getDatabaseMajorVersion() throws SQLException { return call(md -> md.getDatabaseMajorVersion()); }
    @Override public int getDatabaseMinorVersion() throws SQLException { return call(md -> md.getDatabaseMinorVersion()); }
    @Override public String getDatabaseProductName() throws SQLException { return call(md -> md.getDatabaseProductName()); }
    @Override public String getDatabaseProductVersion() throws SQLException { return call(md -> md.getDatabaseProductVersion()); }
    @Override public int getDefaultTransactionIsolation() throws SQLException { return call(md -> md.getDefaultTransactionIsolation()); }

    @Override public String getDriverName() throws SQLException { return call(md -> md.getDriverName()); }
    @Override public String getDriverVersion() throws SQLException { return call(md -> md.getDriverVersion()); }
    @Override public ResultSet getExportedKeys(String a, String b, String c) throws SQLException { return call(md -> md.getExportedKeys(a, b, c)); }
    @Override public String getExtraNameCharacters() throws SQLException { return call(md -> md.getExtraNameCharacters()); }
    @Override public ResultSet getFunctionColumns(String a, String b, String c, String d) throws SQLException { return call(md -> md.getFunctionColumns(a, b, c, d)); }
    @Override public ResultSet getFunctions(String a, String b, String c) throws SQLException { return call(md -> md.getFunctions(a, b, c)); }
    @Override public String getIdentifierQuoteString() throws SQLException { return call(md -> md.getIdentifierQuoteString()); }
    @Override public ResultSet getImportedKeys(String a, String b, String c) throws SQLException { return call(md -> md.getImportedKeys(a, b, c)); }
    @Override public ResultSet getIndexInfo(String a, String b, String c, boolean d, boolean e) throws SQLException { return call(md -> md.getIndexInfo(a, b, c, d, e)); }
    @Override public int getJDBCMajorVersion() throws SQLException { return call(md -> md.getJDBCMajorVersion()); }
    @Override public int getJDBCMinorVersion() throws SQLException { return call(md -> md.getJDBCMinorVersion()); }
    @Override public int getMaxBinaryLiteralLength() throws SQLException { return call(md -> md.getMaxBinaryLiteralLength()); }
    @Override public int getMaxCatalogNameLength() throws SQLException { return call(md -> md.getMaxCatalogNameLength()); }
    @Override public int getMaxCharLiteralLength() throws SQLException { return call(md -> md.getMaxCharLiteralLength()); }
    @Override public int getMaxColumnNameLength() throws SQLException { return call(md -> md.getMaxColumnNameLength()); }
    @Override public int getMaxColumnsInGroupBy() throws SQLException { return call(md -> md.getMaxColumnsInGroupBy()); }
    @Override public int getMaxColumnsInIndex() throws SQLException { return call(md -> md.getMaxColumnsInIndex()); }
    @Override public int getMaxColumnsInOrderBy() throws SQLException { return call(md -> md.getMaxColumnsInOrderBy()); }
    @Override public int getMaxColumnsInSelect() throws SQLException { return call(md -> md.getMaxColumnsInSelect()); }
    @Override public int getMaxColumnsInTable() throws SQLException { return call(md -> md.getMaxColumnsInTable()); }
    @Override public int getMaxConnections() throws SQLException { return call(md -> md.getMaxConnections()); }
    @Override public int getMaxCursorNameLength() throws SQLException { return call(md -> md.getMaxCursorNameLength()); }
    @Override public int getMaxIndexLength() throws SQLException { return call(md -> md.getMaxIndexLength()); }
    @Override public long getMaxLogicalLobSize() throws SQLException { return call(md -> md.getMaxLogicalLobSize()); }
    @Override public int getMaxProcedureNameLength() throws SQLException { return call(md -> md.getMaxProcedureNameLength()); }
    @Override public int getMaxRowSize() throws SQLException { return call(md -> md.getMaxRowSize()); }
    @Override public int getMaxSchemaNameLength() throws SQLException { return call(md -> md.getMaxSchemaNameLength()); }
    @Override public int getMaxStatementLength() throws SQLException { return call(md -> md.getMaxStatementLength()); }
    @Override public int getMaxStatements() throws SQLException { return call(md -> md.getMaxStatements()); }
    @Override public int getMaxTableNameLength() throws SQLException { return call(md -> md.getMaxTableNameLength()); }
    @Override public int getMaxTablesInSelect() throws SQLException { return call(md -> md.getMaxTablesInSelect()); }
    @Override public int getMaxUserNameLength() throws SQLException { return call(md -> md.getMaxUserNameLength()); }
    @Override public String getNumericFunctions() throws SQLException { return call(md -> md.getNumericFunctions()); }
    @Override public ResultSet getPrimaryKeys(String a, String b, String c) throws SQLException { return call(md -> md.getPrimaryKeys(a, b, c)); }
    @Override public ResultSet getProcedureColumns(String a, String b, String c, String d) throws SQLException { return call(md -> md.getProcedureColumns(a, b, c, d)); }
    @Override public String getProcedureTerm() throws SQLException { return call(md -> md.getProcedureTerm()); }
    @Override public ResultSet getProcedures(String a, String b, String c) throws SQLException { return call(md -> md.getProcedures(a, b, c)); }
    @Override public ResultSet getPseudoColumns(String a, String b, String c, String d) throws SQLException { return call(md -> md.getPseudoColumns(a, b, c, d)); }
    @Override public int getResultSetHoldability() throws SQLException { return call(md -> md.getResultSetHoldability()); }
    @Override public RowIdLifetime getRowIdLifetime() throws SQLException { return call(md -> md.getRowIdLifetime()); }
    @Override public String getSQLKeywords() throws SQLException { return call(md -> md.getSQLKeywords()); }
    @Override public int getSQLStateType() throws SQLException { return call(md -> md.getSQLStateType()); }
    @Override public String getSchemaTerm() throws SQLException { return call(md -> md.getSchemaTerm()); }
    @Override public ResultSet getSchemas() throws SQLException { return call(md -> md.getSchemas()); }
    @Override public ResultSet getSchemas(String a, String b) throws SQLException { return call(md -> md.getSchemas(a, b)); }
    @Override public String getSearchStringEscape() throws SQLException { return call(md -> md.getSearchStringEscape()); }
    @Override public String getStringFunctions() throws SQLException { return call(md -> md.getStringFunctions()); }
    @Override public ResultSet getSuperTables(String a, String b, String c) throws SQLException { return call(md -> md.getSuperTables(a, b, c)); }
    @Override public ResultSet getSuperTypes(String a, String b, String c) throws SQLException { return call(md -> md.getSuperTypes(a, b, c)); }
    @Override public String getSystemFunctions() throws SQLException { return call(md -> md.getSystemFunctions()); }
    @Override public ResultSet getTablePrivileges(String a, String b, String c) throws SQLException { return call(md -> md.getTablePrivileges(a, b, c)); }
    @Override public ResultSet getTableTypes() throws SQLException { return call(md -> md.getTableTypes()); }
    @Override public ResultSet getTables(String a, String b, String c, String[] d) throws SQLException { return call(md -> md.getTables(a, b, c, d)); }
    @Override public String getTimeDateFunctions() throws SQLException { return call(md -> md.getTimeDateFunctions()); }
    @Override public ResultSet getTypeInfo() throws SQLException { return call(md -> md.getTypeInfo()); }
    @Override public ResultSet getUDTs(String a, String b, String c, int[] d) throws SQLException { return call(md -> md.getUDTs(a, b, c, d)); }
    @Override public String getURL() throws SQLException { return call(md -> md.getURL()); }
    @Override public String getUserName() throws SQLException { return call(md -> md.getUserName()); }
    @Override public ResultSet getVersionColumns(String a, String b, String c) throws SQLException { return call(md -> md.getVersionColumns(a, b, c)); }
    @Override public boolean insertsAreDetected(int a) throws SQLException { return call(md -> md.insertsAreDetected(a)); }
    @Override public boolean isCatalogAtStart() throws SQLException { return call(md -> md.isCatalogAtStart()); }
    @Override public boolean isReadOnly() throws SQLException { return call(md -> md.isReadOnly()); }
    @Override public boolean locatorsUpdateCopy() throws SQLException { return call(md -> md.locatorsUpdateCopy()); }
    @Override public boolean nullPlusNonNullIsNull() throws SQLException { return call(md -> md.nullPlusNonNullIsNull()); }
    @Override public boolean nullsAreSortedAtEnd() throws SQLException { return call(md -> md.nullsAreSortedAtEnd()); }
    @Override public boolean nullsAreSortedAtStart() throws SQLException { return call(md -> md.nullsAreSortedAtStart()); }
    @Override public boolean nullsAreSortedHigh() throws SQLException { return call(md -> md.nullsAreSortedHigh()); }
    @Override public boolean nullsAreSortedLow() throws SQLException { return call(md -> md.nullsAreSortedLow()); }
    @Override public boolean othersDeletesAreVisible(int a) throws SQLException { return call(md -> md.othersDeletesAreVisible(a)); }
    @Override public boolean othersInsertsAreVisible(int a) throws SQLException { return call(md -> md.othersInsertsAreVisible(a)); }
    @Override public boolean othersUpdatesAreVisible(int a) throws SQLException { return call(md -> md.othersUpdatesAreVisible(a)); }
    @Override public boolean ownDeletesAreVisible(int a) throws SQLException { return call(md -> md.ownDeletesAreVisible(a)); }
    @Override public boolean ownInsertsAreVisible(int a) throws SQLException { return call(md -> md.ownInsertsAreVisible(a)); }
    @Override public boolean ownUpdatesAreVisible(int a) throws SQLException { return call(md -> md.ownUpdatesAreVisible(a)); }
    @Override public boolean storesLowerCaseIdentifiers() throws SQLException { return call(md -> md.storesLowerCaseIdentifiers()); }
    @Override public boolean storesLowerCaseQuotedIdentifiers() throws SQLException { return call(md -> md.storesLowerCaseQuotedIdentifiers()); }
    @Override public boolean storesMixedCaseIdentifiers() throws SQLException { return call(md -> md.storesMixedCaseIdentifiers()); }
    @Override public boolean storesMixedCaseQuotedIdentifiers() throws SQLException { return call(md -> md.storesMixedCaseQuotedIdentifiers()); }
    @Override public boolean storesUpperCaseIdentifiers() throws SQLException { return call(md -> md.storesUpperCaseIdentifiers()); }
    @Override public boolean storesUpperCaseQuotedIdentifiers() throws SQLException { return call(md -> md.storesUpperCaseQuotedIdentifiers()); }
    @Override public boolean supportsANSI92EntryLevelSQL() throws SQLException { return call(md -> md.supportsANSI92EntryLevelSQL()); }
    @Override public boolean supportsANSI92FullSQL() throws SQLException { return call(md -> md.supportsANSI92FullSQL()); }
    @Override public boolean supportsANSI92IntermediateSQL() throws SQLException { return call(md -> md.supportsANSI92IntermediateSQL()); }
    @Override public boolean supportsAlterTableWithAddColumn() throws SQLException { return call(md -> md.supportsAlterTableWithAddColumn()); }
    @Override public boolean supportsAlterTableWithDropColumn() throws SQLException { return call(md -> md.supportsAlterTableWithDropColumn()); }
    @Override public boolean supportsBatchUpdates() throws SQLException { return call(md -> md.supportsBatchUpdates()); }
    @Override public boolean supportsCatalogsInDataManipulation() throws SQLException { return call(md -> md.supportsCatalogsInDataManipulation()); }
    @Override public boolean supportsCatalogsInIndexDefinitions() throws SQLException { return call(md -> md.supportsCatalogsInIndexDefinitions()); }
    @Override public boolean supportsCatalogsInPrivilegeDefinitions() throws SQLException { return call(md -> md.supportsCatalogsInPrivilegeDefinitions()); }
    @Override public boolean supportsCatalogsInProcedureCalls() throws SQLException { return call(md -> md.supportsCatalogsInProcedureCalls()); }
    @Override public boolean supportsCatalogsInTableDefinitions() throws SQLException { return call(md -> md.supportsCatalogsInTableDefinitions()); }
    @Override public boolean supportsColumnAliasing() throws SQLException { return call(md -> md.supportsColumnAliasing()); }
    @Override public boolean supportsConvert() throws SQLException { return call(md -> md.supportsConvert()); }
    @Override public boolean supportsConvert(int a, int b) throws SQLException { return call(md -> md.supportsConvert(a, b)); }
    @Override public boolean supportsCoreSQLGrammar() throws SQLException { return call(md -> md.supportsCoreSQLGrammar()); }
    @Override public boolean supportsCorrelatedSubqueries() throws SQLException { return call(md -> md.supportsCorrelatedSubqueries()); }
    @Override public boolean supportsDataDefinitionAndDataManipulationTransactions() throws SQLException { return call(md -> md.supportsDataDefinitionAndDataManipulationTransactions()); }
    @Override public boolean supportsDataManipulationTransactionsOnly() throws SQLException { return call(md -> md.supportsDataManipulationTransactionsOnly()); }
    @Override public boolean supportsDifferentTableCorrelationNames() throws SQLException { return call(md -> md.supportsDifferentTableCorrelationNames()); }
    @Override public boolean supportsExpressionsInOrderBy() throws SQLException { return call(md -> md.supportsExpressionsInOrderBy()); }
    @Override public boolean supportsExtendedSQLGrammar() throws SQLException { return call(md -> md.supportsExtendedSQLGrammar()); }
    @Override public boolean supportsFullOuterJoins() throws SQLException { return call(md -> md.supportsFullOuterJoins()); }
    @Override public boolean supportsGetGeneratedKeys() throws SQLException { return call(md -> md.supportsGetGeneratedKeys()); }
    @Override public boolean supportsGroupBy() throws SQLException { return call(md -> md.supportsGroupBy()); }
    @Override public boolean supportsGroupByBeyondSelect() throws SQLException { return call(md -> md.supportsGroupByBeyondSelect()); }
    @Override public boolean supportsGroupByUnrelated() throws SQLException { return call(md -> md.supportsGroupByUnrelated()); }
    @Override public boolean supportsIntegrityEnhancementFacility() throws SQLException { return call(md -> md.supportsIntegrityEnhancementFacility()); }
    @Override public boolean supportsLikeEscapeClause() throws SQLException { return call(md -> md.supportsLikeEscapeClause()); }
    @Override public boolean supportsLimitedOuterJoins() throws SQLException { return call(md -> md.supportsLimitedOuterJoins()); }
    @Override public boolean supportsMinimumSQLGrammar() throws SQLException { return call(md -> md.supportsMinimumSQLGrammar()); }
    @Override public boolean supportsMixedCaseIdentifiers() throws SQLException { return call(md -> md.supportsMixedCaseIdentifiers()); }
    @Override public boolean supportsMixedCaseQuotedIdentifiers() throws SQLException { return call(md -> md.supportsMixedCaseQuotedIdentifiers()); }
    @Override public boolean supportsMultipleOpenResults() throws SQLException { return call(md -> md.supportsMultipleOpenResults()); }
    @Override public boolean supportsMultipleResultSets() throws SQLException { return call(md -> md.supportsMultipleResultSets()); }
    @Override public boolean supportsMultipleTransactions() throws SQLException { return call(md -> md.supportsMultipleTransactions()); }
    @Override public boolean supportsNamedParameters() throws SQLException { return call(md -> md.supportsNamedParameters()); }
    @Override public boolean supportsNonNullableColumns() throws SQLException { return call(md -> md.supportsNonNullableColumns()); }
    @Override public boolean supportsOpenCursorsAcrossCommit() throws SQLException { return call(md -> md.supportsOpenCursorsAcrossCommit()); }
    @Override public boolean supportsOpenCursorsAcrossRollback() throws SQLException { return call(md -> md.supportsOpenCursorsAcrossRollback()); }
    @Override public boolean supportsOpenStatementsAcrossCommit() throws SQLException { return call(md -> md.supportsOpenStatementsAcrossCommit()); }
    @Override public boolean supportsOpenStatementsAcrossRollback() throws SQLException { return call(md -> md.supportsOpenStatementsAcrossRollback()); }
    @Override public boolean supportsOrderByUnrelated() throws SQLException { return call(md -> md.supportsOrderByUnrelated()); }
    @Override public boolean supportsOuterJoins() throws SQLException { return call(md -> md.supportsOuterJoins()); }
    @Override public boolean supportsPositionedDelete() throws SQLException { return call(md -> md.supportsPositionedDelete()); }
    @Override public boolean supportsPositionedUpdate() throws SQLException { return call(md -> md.supportsPositionedUpdate()); }
    @Override public boolean supportsRefCursors() throws SQLException { return call(md -> md.supportsRefCursors()); }
    @Override public boolean supportsResultSetConcurrency(int a, int b) throws SQLException { return call(md -> md.supportsResultSetConcurrency(a, b)); }
    @Override public boolean supportsResultSetHoldability(int a) throws SQLException { return call(md -> md.supportsResultSetHoldability(a)); }
    @Override public boolean supportsResultSetType(int a) throws SQLException { return call(md -> md.supportsResultSetType(a)); }
    @Override public boolean supportsSavepoints() throws SQLException { return call(md -> md.supportsSavepoints()); }
    @Override public boolean supportsSchemasInDataManipulation() throws SQLException { return call(md -> md.supportsSchemasInDataManipulation()); }
    @Override public boolean supportsSchemasInIndexDefinitions() throws SQLException { return call(md -> md.supportsSchemasInIndexDefinitions()); }
    @Override public boolean supportsSchemasInPrivilegeDefinitions() throws SQLException { return call(md -> md.supportsSchemasInPrivilegeDefinitions()); }
    @Override public boolean supportsSchemasInProcedureCalls() throws SQLException { return call(md -> md.supportsSchemasInProcedureCalls()); }
    @Override public boolean supportsSchemasInTableDefinitions() throws SQLException { return call(md -> md.supportsSchemasInTableDefinitions()); }
    @Override public boolean supportsSelectForUpdate() throws SQLException { return call(md -> md.supportsSelectForUpdate()); }
    @Override public boolean supportsSharding() throws SQLException { return call(md -> md.supportsSharding()); }
    @Override public boolean supportsStatementPooling() throws SQLException { return call(md -> md.supportsStatementPooling()); }
    @Override public boolean supportsStoredFunctionsUsingCallSyntax() throws SQLException { return call(md -> md.supportsStoredFunctionsUsingCallSyntax()); }
    @Override public boolean supportsStoredProcedures() throws SQLException { return call(md -> md.supportsStoredProcedures()); }
    @Override public boolean supportsSubqueriesInComparisons() throws SQLException { return call(md -> md.supportsSubqueriesInComparisons()); }
    @Override public boolean supportsSubqueriesInExists() throws SQLException { return call(md -> md.supportsSubqueriesInExists()); }
    @Override public boolean supportsSubqueriesInIns() throws SQLException { return call(md -> md.supportsSubqueriesInIns()); }
    @Override public boolean supportsSubqueriesInQuantifieds() throws SQLException { return call(md -> md.supportsSubqueriesInQuantifieds()); }
    @Override public boolean supportsTableCorrelationNames() throws SQLException { return call(md -> md.supportsTableCorrelationNames()); }
    @Override public boolean supportsTransactionIsolationLevel(int a) throws SQLException { return call(md -> md.supportsTransactionIsolationLevel(a)); }
    @Override public boolean supportsTransactions() throws SQLException { return call(md -> md.supportsTransactions()); }
    @Override public boolean supportsUnion() throws SQLException { return call(md -> md.supportsUnion()); }
    @Override public boolean supportsUnionAll() throws SQLException { return call(md -> md.supportsUnionAll()); }
    @Override public boolean updatesAreDetected(int a) throws SQLException { return call(md -> md.updatesAreDetected(a)); }
    @Override public boolean usesLocalFilePerTable() throws SQLException { return call(md -> md.usesLocalFilePerTable()); }
    @Override public boolean usesLocalFiles() throws SQLException { return call(md -> md.usesLocalFiles()); }
}
