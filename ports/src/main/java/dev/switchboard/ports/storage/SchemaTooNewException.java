package dev.switchboard.ports.storage;

/**
 * The database was written by a newer Switchboard: it records a schema version for an owner above the highest this
 * build knows. Nothing was changed.
 */
public class SchemaTooNewException extends StorageException {

    private static final long serialVersionUID = 1L;

    private final String owner;
    private final int databaseVersion;
    private final int knownVersion;

    /**
     * @param owner           the owner whose schema is too new
     * @param databaseVersion the version the database records
     * @param knownVersion    the highest version this build knows
     */
    public SchemaTooNewException(String owner, int databaseVersion, int knownVersion) {
        super("the database schema of '" + owner + "' is at version " + databaseVersion
                + ", newer than this build knows (" + knownVersion + "); upgrade Switchboard or use another database"
                + " file; the database was left untouched");
        this.owner = owner;
        this.databaseVersion = databaseVersion;
        this.knownVersion = knownVersion;
    }

    /** @return the owner whose schema is too new */
    public String owner() {
        return owner;
    }

    /** @return the version the database records */
    public int databaseVersion() {
        return databaseVersion;
    }

    /** @return the highest version this build knows */
    public int knownVersion() {
        return knownVersion;
    }
}
