package dev.switchboard.ports.summary;

/** What became of an owner's action handed to {@link StateSummary#perform}. */
public enum ActionResult {
    /** The action was taken (a running command was told to stop, say). */
    DONE,
    /** The action is this contributor's, but its target is not there: it has ended (a command that already ended), or never was. */
    GONE,
    /** Not this contributor's action: the board asks the next one. */
    UNKNOWN
}
