package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.util.Objects;
import java.util.Optional;

/**
 * Where the adapter takes the login password from each time it opens a new connection (the pool's, the signal
 * listener's, the notifier's), so that a password changed in its source while the server runs is used from the next
 * connection on, without a restart. Implementations are thread-safe.
 */
public interface PasswordSource {

    /**
     * @return the password to log in with now; empty for none (trust or peer authentication). Cheap enough to be
     *         called for every new connection (a file's metadata may be read, its content only when it changed)
     */
    Optional<String> current();

    /**
     * Reads the source again at once, whatever its metadata says: called after the server refused a login
     * ({@code SQLSTATE 28P01}/{@code 28000}), in case the password changed without the metadata showing it.
     *
     * @return whether the password is now a different one (worth one more login attempt)
     */
    boolean refresh();

    /**
     * @param password the password, or empty for none
     * @return a source that never changes (a password from the environment, which a running process cannot change)
     */
    static PasswordSource fixed(Optional<String> password) {
        Objects.requireNonNull(password, "password");
        return new PasswordSource() {
            @Override
            public Optional<String> current() {
                return password;
            }

            @Override
            public boolean refresh() {
                return false;
            }
        };
    }
}
