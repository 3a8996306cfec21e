package dev.switchboard.kernel.auth;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.secretfiles.SecretFile;
import dev.switchboard.secretfiles.SecretFileRefusal;

/**
 * The file holding the owner token: one line, owner-only (0600; its directory 0700 when created here). Reading it
 * yields only the token's {@link TokenDigest}; the token itself is never logged, printed or put in a message.
 * Concurrent readers and writers are safe: writes replace the file in one step. Immutable.
 */
public final class OwnerTokenFile {

    private static final Logger LOG = LoggerFactory.getLogger(OwnerTokenFile.class);
    /** More than any token line; a bigger file is not a token file. */
    private static final int MAX_SIZE = 4096;

    private final Path path;

    /** @param path the token file; made absolute */
    public OwnerTokenFile(Path path) {
        this.path = Objects.requireNonNull(path, "path").toAbsolutePath().normalize();
    }

    /** @return the file's absolute path */
    public Path path() {
        return path;
    }

    /**
     * Reads the owner token, first generating it when the file is missing and {@code generateIfMissing} is set.
     *
     * @param generateIfMissing whether a missing file is created with a fresh token
     * @return the token's digest
     * @throws AuthSetupException if the file is missing (and may not be generated), a symbolic link, not a regular
     *                            file, owned by another user, readable or writable by group or others, unreadable,
     *                            or does not hold one strong token (the shared rule of
     *                            {@link SecretFile#readOwnerOnly(Path, int)})
     */
    public TokenDigest open(boolean generateIfMissing) {
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS) && generateIfMissing) {
            generate();
        }
        if (!Files.exists(path)) {
            throw new AuthSetupException("owner token file " + path + " does not exist; name an existing owner-only "
                    + "file, or create one with 'switchboard token rotate --token-file " + path + "'");
        }
        if (!Files.isRegularFile(path)) {
            throw new AuthSetupException("owner token file " + path + " is not a regular file");
        }
        exposure().ifPresent(problem -> {
            throw new AuthSetupException(problem);
        });
        return TokenDigest.of(readToken());
    }

    /**
     * Replaces the owner token with a fresh one (creating the file if needed), in one step: a server that is running
     * reading this file sees the new token at its next request ({@link WatchedOwnerToken}) and refuses the old one.
     *
     * @throws AuthSetupException if the file cannot be written
     */
    public void rotate() {
        try {
            SecretFiles.replace(path, TokenFormat.generate());
        } catch (IOException | UnsupportedOperationException e) {
            throw new AuthSetupException("cannot write owner token file " + path + ": " + reason(e), e);
        }
        LOG.info("owner token rotated in {}", path);
    }

    /**
     * @return why the existing file is unsafe (a symbolic link, group or others may access it, or its permissions
     *         cannot be read), or empty when it is owner-only or does not exist
     */
    public Optional<String> exposure() {
        if (Files.isSymbolicLink(path)) {
            // looked at before its target's bits: a link is refused whatever it points to (a Kubernetes Secret
            // volume's file is one, on a read-only volume, so neither chmod nor token rotate could mend it there)
            return Optional.of("owner token file " + path + " is a symbolic link, which is refused: name a regular"
                    + " owner-only file (on Kubernetes, copy the Secret into the state directory in an init step,"
                    + " docs/deployment.md)");
        }
        if (!Files.exists(path)) {
            return Optional.empty();
        }
        try {
            Set<PosixFilePermission> loose = SecretFile.groupOrOthersAccess(path);
            return loose.isEmpty()
                    ? Optional.empty()
                    : Optional.of("owner token file " + path
                            + " is accessible to group or others " + loose + "; the token may have been read: run "
                            + "'switchboard token rotate --token-file " + path
                            + "' (which writes a new owner-only file) or "
                            + "'chmod 600 " + path + "'");
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.of("owner token file " + path + ": cannot check its permissions: " + e.getMessage());
        }
    }

    private void generate() {
        try {
            if (SecretFiles.createIfAbsent(path, TokenFormat.generate())) {
                LOG.info("owner token generated in {}", path);
            }
        } catch (IOException | UnsupportedOperationException e) {
            throw new AuthSetupException("cannot create owner token file " + path + ": " + reason(e), e);
        }
    }

    /**
     * @return why the file cannot be written: "{@code DIR} is not a directory" when the nearest existing ancestor is
     *         something else (a state directory that is a regular file), else the exception's message
     */
    private String reason(Exception e) {
        for (Path ancestor = path.toAbsolutePath().getParent(); ancestor != null; ancestor = ancestor.getParent()) {
            if (Files.exists(ancestor)) {
                if (!Files.isDirectory(ancestor)) {
                    return ancestor + " is not a directory";
                }
                break;
            }
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private String readToken() {
        String content;
        try {
            content = SecretFile.readOwnerOnly(path, MAX_SIZE).strip();
        } catch (SecretFileRefusal e) {
            content = switch (e.reason()) {
                case EMPTY -> "";
                case TOO_LARGE ->
                    throw new AuthSetupException("owner token file " + path + " is larger than " + MAX_SIZE
                            + " bytes; it should hold one token line");
                case UNREADABLE ->
                    throw new AuthSetupException("cannot read owner token file " + path + ": "
                            + e.detail().replaceFirst("^cannot be read: ", ""));
                default -> throw new AuthSetupException("owner token file " + e.getMessage());
            };
        }
        if (!TokenFormat.isStrongEnough(content)) {
            throw new AuthSetupException("owner token file " + path + " does not hold one token of at least "
                    + TokenFormat.MIN_SUPPLIED_LENGTH + " characters (letters, digits, -._~+/); generate one with "
                    + "'switchboard token rotate --token-file " + path + "'");
        }
        return content;
    }
}
