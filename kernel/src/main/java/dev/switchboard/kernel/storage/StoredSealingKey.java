package dev.switchboard.kernel.storage;

import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;

import jakarta.inject.Inject;
import jakarta.inject.Provider;
import jakarta.inject.Singleton;

import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.storage.StorageBusyException;
import dev.switchboard.ports.storage.StorageException;
import dev.switchboard.ports.transport.SealingKey;

/**
 * The kernel's {@link SealingKey}: one key per store, in the kernel-owned table {@code switchboard_sealing_key}
 * ({@link KernelMigrations}), drawn by whichever node first needs it ({@code INSERT ... ON CONFLICT DO NOTHING}, then
 * read back, so concurrent first uses on several nodes agree on one key) and read by every other. A node keeps the key
 * in memory for {@link #REFRESH} and then reads it again, so a rotation (the row deleted: the next node to need a key
 * draws a new one) reaches every node within that period without a restart. The key is as secret as the store: an
 * owner-only SQLite file, or a PostgreSQL schema readable only by the server's role (ADR 46). A table dropped by hand
 * while its migration stays recorded is created again on the next read, with a new key (as after a rotation).
 * Thread-safe.
 */
@Singleton
public final class StoredSealingKey implements SealingKey {

    /** How long a node keeps the key it read before reading it again. */
    public static final Duration REFRESH = Duration.ofSeconds(60);

    private static final String SELECT = "SELECT sealing FROM switchboard_sealing_key WHERE id = 1";
    private static final String DRAW = "INSERT INTO switchboard_sealing_key (id, sealing, created_at) VALUES (1, ?, ?)"
            + " ON CONFLICT (id) DO NOTHING";

    private final Provider<SqlStorage> storage;
    private final Clock clock;
    private final Duration refresh;
    private final SecureRandom random = new SecureRandom();
    private SqlStorage migrated;
    private volatile Held held;

    private record Held(byte[] key, long until) {}

    /**
     * @param storage the open storage, asked at each refresh (it may be another after a reopen); throws
     *                {@link StorageException} while none is open
     */
    @Inject
    public StoredSealingKey(Provider<SqlStorage> storage) {
        this(storage, Clock.systemUTC(), REFRESH);
    }

    /**
     * @param storage the open storage
     * @param clock   the clock the refresh period is measured on
     * @param refresh how long a read key is kept
     */
    public StoredSealingKey(Provider<SqlStorage> storage, Clock clock, Duration refresh) {
        this.storage = storage;
        this.clock = clock;
        this.refresh = refresh;
    }

    @Override
    public byte[] current() {
        Held now = held;
        if (now != null && clock.millis() < now.until()) {
            return now.key().clone();
        }
        return read().clone();
    }

    private synchronized byte[] read() {
        Held now = held;
        if (now != null && clock.millis() < now.until()) {
            return now.key();
        }
        SqlStorage open = storage.get();
        if (open != migrated) {
            open.migrate(KernelMigrations.OWNER, KernelMigrations.all());
            migrated = open;
        }
        byte[] drawn = new byte[BYTES];
        random.nextBytes(drawn);
        String candidate = Base64.getUrlEncoder().withoutPadding().encodeToString(drawn);
        String stored;
        try {
            stored = open.transaction(connection -> readOrDraw(connection, candidate));
        } catch (StorageBusyException e) {
            throw e;
        } catch (StorageException e) {
            stored = afterRecreating(open, candidate, e);
        }
        byte[] key = decode(stored);
        held = new Held(key, clock.millis() + refresh.toMillis());
        return key;
    }

    /**
     * The table is gone although its migration is recorded (dropped by hand): creates it again and draws a new key,
     * as a rotation does. When that fails too, {@code failure} is what the caller sees.
     */
    private String afterRecreating(SqlStorage open, String candidate, StorageException failure) {
        try {
            return open.transaction(connection -> {
                try (Statement create = connection.createStatement()) {
                    create.execute(KernelMigrations.SealingKeyTable.CREATE_IF_MISSING);
                }
                return readOrDraw(connection, candidate);
            });
        } catch (StorageException again) {
            failure.addSuppressed(again);
            throw failure;
        }
    }

    private String readOrDraw(Connection connection, String candidate) throws SQLException {
        String stored = select(connection);
        if (stored != null) {
            return stored;
        }
        try (PreparedStatement insert = connection.prepareStatement(DRAW)) {
            insert.setString(1, candidate);
            insert.setString(2, clock.instant().toString());
            insert.executeUpdate();
        }
        return select(connection);
    }

    private static String select(Connection connection) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(SELECT);
                ResultSet rows = query.executeQuery()) {
            return rows.next() ? rows.getString(1) : null;
        }
    }

    private static byte[] decode(String stored) {
        byte[] key;
        try {
            key = Base64.getUrlDecoder().decode(stored == null ? "" : stored);
        } catch (IllegalArgumentException e) {
            key = new byte[0];
        }
        if (key.length != BYTES) {
            throw new StorageException("the stored request-state sealing key (switchboard_sealing_key) is not " + BYTES
                    + " bytes of base64url; delete its row and a new key is drawn (ADR 46)");
        }
        return key;
    }
}
