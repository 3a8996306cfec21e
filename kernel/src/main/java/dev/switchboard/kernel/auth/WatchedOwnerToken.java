package dev.switchboard.kernel.auth;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.ports.call.Principal;

/**
 * The owner token of a running server, following its file: each lookup first compares the file's stamp (device and inode, change
 * and modification times, size, read without following a link: one {@code stat}) with the one its digest was read
 * at, and reads the file again through {@link OwnerTokenFile#open} only when the stamp changed. So
 * {@code switchboard token rotate} (which replaces the file in one step, a new inode) or a copied-in file takes
 * effect at the next request, without a restart, and the old token is refused from then on.
 *
 * <p>A changed file that cannot be used (removed, a link, open to group or others, not one strong token) leaves the
 * server with no owner token: every owner request is refused (401) until the file is mended, which is looked at again
 * at the next request whose lookup sees a new stamp. Each change is logged once, never with the token.
 *
 * <p>Thread-safe: lookups read an immutable snapshot; a reload is done by one thread at a time.
 */
public final class WatchedOwnerToken implements TokenStore {

    private static final Logger LOG = LoggerFactory.getLogger(WatchedOwnerToken.class);

    /**
     * What a file looked like when its digest was read: equal stamps mean the same content and permissions were read.
     * The change time moves with a {@code chmod} too, so mending the permissions is seen.
     */
    record Stamp(Object fileKey, Object changed, Object modified, long size) {
        /** The stamp of a path where no file is. */
        static final Stamp MISSING = new Stamp(null, null, null, -1);
    }

    /** The digest read at a stamp, or none when the file could not be used then. */
    private record Snapshot(Stamp stamp, Optional<OwnerTokenStore> token) {}

    private static final String UNIX_STAMP = "unix:dev,ino,ctime,lastModifiedTime,size";
    private static final boolean UNIX_VIEW =
            FileSystems.getDefault().supportedFileAttributeViews().contains("unix");

    private final OwnerTokenFile file;
    private volatile Snapshot current;

    /**
     * Reads the file once, now (the stamp is taken first, so a change during this read is read again at the first
     * lookup).
     *
     * @param file              the owner token file
     * @param generateIfMissing whether a missing file is created with a fresh token first
     * @throws AuthSetupException if it cannot be used now (a server does not start without its owner token)
     */
    public WatchedOwnerToken(OwnerTokenFile file, boolean generateIfMissing) {
        this.file = Objects.requireNonNull(file, "file");
        Stamp stamp = stamp(file.path());
        this.current = new Snapshot(stamp, Optional.of(new OwnerTokenStore(file.open(generateIfMissing))));
    }

    @Override
    public Optional<Principal> find(TokenDigest presented) {
        Snapshot seen = current;
        Stamp now = stamp(file.path());
        if (!now.equals(seen.stamp())) {
            seen = reload(now);
        }
        return seen.token().flatMap(token -> token.find(presented));
    }

    private synchronized Snapshot reload(Stamp now) {
        Snapshot seen = current;
        if (now.equals(seen.stamp())) {
            return seen; // another lookup read this stamp meanwhile
        }
        Optional<OwnerTokenStore> token;
        try {
            token = Optional.of(new OwnerTokenStore(file.open(false)));
            LOG.info("owner token file {} changed: the token in it is the owner token from now on", file.path());
        } catch (AuthSetupException e) {
            token = Optional.empty();
            LOG.warn(
                    "owner token file changed and cannot be used, so the owner token is refused until it is mended: {}",
                    e.getMessage());
        }
        // the stamp taken before the read: a change during the read shows as another stamp next time
        Snapshot read = new Snapshot(now, token);
        current = read;
        return read;
    }

    /**
     * @return the file's stamp (with its change time where the platform has the {@code unix} attribute view),
     *     {@link Stamp#MISSING} when it is absent or cannot be looked at
     */
    static Stamp stamp(Path path) {
        try {
            if (UNIX_VIEW) {
                Map<String, Object> unix = Files.readAttributes(path, UNIX_STAMP, LinkOption.NOFOLLOW_LINKS);
                return new Stamp(
                        List.of(unix.get("dev"), unix.get("ino")),
                        unix.get("ctime"),
                        unix.get("lastModifiedTime"),
                        (Long) unix.get("size"));
            }
            BasicFileAttributes attributes =
                    Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return new Stamp(
                    attributes.fileKey(), attributes.creationTime(), attributes.lastModifiedTime(), attributes.size());
        } catch (IOException | SecurityException e) {
            return Stamp.MISSING; // NoSuchFileException among them; open() then says why the file cannot be used
        }
    }
}
