package dev.switchboard.kernel.exec;

import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

import jakarta.inject.Singleton;

import dev.switchboard.ports.exec.SecretVariables;

/**
 * The names of the environment variables that hold secrets ({@link SecretVariables}, ADR 30), which
 * {@link DefaultProcessExecutor} removes from every child's inherited environment. The kernel itself reads no secret
 * from the environment (the owner token comes from its file only), but the README has clients take the owner token
 * from {@value #OWNER_TOKEN_VARIABLE}, which a stdio server those clients start inherits: that name is declared from
 * the start; the others are those the plugins declare. Names
 * are only ever added: a plugin that fails or stops leaves its variable in the server's environment, so it stays
 * declared. A name that is not a POSIX variable name ({@code [A-Za-z_][A-Za-z0-9_]*}) cannot be in the environment
 * and is ignored.
 *
 * <p>Thread-safe: registrations (the boot thread) and reads (any run) may happen at once; a read sees a snapshot.
 */
@Singleton
public final class SecretVariableRegistry {

    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /** The variable the README's client configurations read the owner token from. */
    public static final String OWNER_TOKEN_VARIABLE = "SWITCHBOARD_TOKEN";

    private volatile Set<String> names = Set.of(OWNER_TOKEN_VARIABLE);

    /**
     * Adds the names the declarations give.
     *
     * @param declarations a plugin's {@link SecretVariables} extensions
     * @throws RuntimeException whatever a declaration throws; the names of the declarations before it are kept
     */
    public synchronized void register(Collection<? extends SecretVariables> declarations) {
        Set<String> merged = new TreeSet<>(names);
        for (SecretVariables declaration : declarations) {
            for (String name : declaration.names()) {
                if (name != null && NAME.matcher(name).matches()) {
                    merged.add(name);
                }
            }
            names = Set.copyOf(merged);
        }
    }

    /** @return every name declared so far; immutable */
    public Set<String> names() {
        return names;
    }
}
