package dev.switchboard.plugin.workspace.application;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Optional;
import java.util.UUID;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Workspace ids that say whether this state directory ever issued them, so that a call with an id that was never
 * issued is told so ({@code INVALID_WORKSPACE}) while an id that was issued, and has since been closed, reclaimed or
 * forgotten by a restart, is told to open a new workspace ({@code WORKSPACE_EXPIRED}). An id is a version-4 UUID whose
 * first 8 bytes are random (with the version nibble) and whose last 8 are the first 8 bytes of an HMAC-SHA-256 over
 * them (with the variant bits), keyed by 32 random bytes in {@code <state-dir>/workspace/workspace-id.key} (0600,
 * created on the first open, shared by every process on the state directory). When that file cannot be used, a key
 * held in memory stands in (logged once): ids then count as issued only until the process ends. An id is compared as
 * the exact string {@link #issue} returned (lower-case, as {@link UUID#toString}): the registry keys workspaces and the
 * receipts key request keys by that string (the seed's rig-bridge did the same), so any other spelling of the same UUID
 * was never issued. Thread-safe.
 */
@Singleton
final class WorkspaceIds {

    private static final Logger LOG = LoggerFactory.getLogger(WorkspaceIds.class);
    private static final int KEY_BYTES = 32;

    private final Path keyFile;
    private final SecureRandom random = new SecureRandom();
    /** The key once read or created; null until then. */
    private byte[] key;

    @Inject
    WorkspaceIds(WorkspaceSettings settings) {
        this(settings.stateDir().resolve("workspace-id.key"));
    }

    /** @param keyFile where the key lives */
    WorkspaceIds(Path keyFile) {
        this.keyFile = keyFile;
    }

    /** @return a new id that {@link #issued} recognises */
    synchronized String issue() {
        byte[] bytes = new byte[16];
        random.nextBytes(bytes);
        bytes[6] = (byte) ((bytes[6] & 0x0F) | 0x40);
        System.arraycopy(tag(key(true), bytes), 0, bytes, 8, 8);
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        return new UUID(buffer.getLong(), buffer.getLong()).toString();
    }

    /**
     * @param id a workspace id a client sent
     * @return whether this state directory issued it (open now or not), spelt exactly as issued
     */
    synchronized boolean issued(String id) {
        UUID uuid;
        try {
            uuid = UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            return false;
        }
        if (!uuid.toString().equals(id)) {
            return false;
        }
        byte[] current = key(false);
        if (current == null) {
            return false;
        }
        byte[] bytes = ByteBuffer.allocate(16)
                .putLong(uuid.getMostSignificantBits())
                .putLong(uuid.getLeastSignificantBits())
                .array();
        return MessageDigest.isEqual(Arrays.copyOfRange(bytes, 8, 16), tag(current, bytes));
    }

    /** The last 8 bytes of an id: the HMAC of its first 8, with the RFC 4122 variant bits. */
    private static byte[] tag(byte[] key, byte[] id) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            mac.update(id, 0, 8);
            byte[] tag = Arrays.copyOf(mac.doFinal(), 8);
            tag[0] = (byte) ((tag[0] & 0x3F) | 0x80);
            return tag;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    /**
     * @param create whether to create the key when there is none yet
     * @return the key, or null when there is none and {@code create} is false
     */
    private byte[] key(boolean create) {
        if (key != null) {
            return key;
        }
        try {
            Optional<byte[]> stored = read();
            if (stored.isEmpty() && create) {
                stored = Optional.of(create());
            }
            key = stored.orElse(null);
        } catch (IOException e) {
            LOG.warn(
                    "cannot use {} ({}); workspace ids count as issued only until this process ends",
                    keyFile,
                    e.toString());
            key = new byte[KEY_BYTES];
            random.nextBytes(key);
        }
        return key;
    }

    private Optional<byte[]> read() throws IOException {
        if (!Files.exists(keyFile)) {
            return Optional.empty();
        }
        byte[] bytes = Files.readAllBytes(keyFile);
        if (bytes.length != KEY_BYTES) {
            throw new IOException("it holds " + bytes.length + " bytes, not " + KEY_BYTES);
        }
        return Optional.of(bytes);
    }

    /** Creates the key file as a whole (a link to a complete temp file), or reads the one another process made. */
    private byte[] create() throws IOException {
        Path dir = keyFile.getParent();
        Files.createDirectories(
                dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        byte[] fresh = new byte[KEY_BYTES];
        random.nextBytes(fresh);
        Path temp = Files.createTempFile(
                dir,
                ".workspace-id",
                ".tmp",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try {
            Files.write(temp, fresh, StandardOpenOption.WRITE, StandardOpenOption.SYNC);
            Files.createLink(keyFile, temp);
            return fresh;
        } catch (FileAlreadyExistsException e) {
            return read().orElseThrow(() -> new IOException("it vanished while being created"));
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
