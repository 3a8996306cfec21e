package dev.switchboard.plugin.workspace.domain;

/** The stable failure codes of the workspace tools, with the names the original rig-bridge server used. */
public enum Code {
    /** An argument is valid JSON but not usable (a glob or regular expression that does not compile). */
    INVALID_ARGUMENTS,
    /** The cwd does not exist or is not a directory. */
    INVALID_WORKSPACE,
    /** The workspace id is unknown or closed: open a workspace and use its new id. */
    WORKSPACE_EXPIRED,
    /** The open-workspace limit is reached and every workspace is busy. */
    WORKSPACE_LIMIT,
    /**
     * A path contains NUL, a write would go through a dangling symlink, or (with confinement on) a path lies outside
     * the configured roots.
     */
    INVALID_PATH,
    /** The file's revision is not the expected one. */
    REVISION_CONFLICT,
    /** The file's lock could not be taken in time. */
    FILE_BUSY,
    /** Not a regular file (a directory, FIFO, device, socket), or for an edit a file that is not valid UTF-8. */
    UNSUPPORTED_FILE,
    /** The file is larger than the read cap. */
    FILE_TOO_LARGE,
    /** A command ran past its timeout and its process tree was killed. */
    COMMAND_TIMEOUT,
    /** A command was cancelled and its process tree was killed. */
    COMMAND_CANCELLED,
    /** A command could not be started, or exited with a non-zero code. */
    COMMAND_FAILED,
    /** Any other failure of a tool's operation (a missing file, an edit that does not match). */
    EXECUTION_FAILED,
    /** A request key was reused with different arguments. */
    REQUEST_KEY_CONFLICT,
    /** A request key's call started before a crash; whether its effects happened is unknown. */
    OUTCOME_UNCERTAIN,
    /** The server is shutting down: nothing new is started. Retry once it is back. */
    BRIDGE_STOPPED,
    /**
     * The receipt store (the server's database) stayed busy or unreachable past the storage adapter's own waiting,
     * before the call was dispatched: nothing ran, the request key stays unused. Retry in a moment.
     */
    UNAVAILABLE
}
