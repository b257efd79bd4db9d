package io.retrying.jdbc;

/** STAND-IN for the engine helper's type; replaced at merge. */
public enum CommitOutcome { COMMITTED, ABORTED, IN_PROGRESS, UNKNOWN }
