package dev.switchboard.plugin.workspace.application;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

import org.eclipse.jgit.ignore.IgnoreNode;

/**
 * The {@code .gitignore} rules in effect in one directory of a walk, as ripgrep and fd apply them by default: only
 * inside a Git work tree (a directory with a {@code .git} entry, or below one), from the repository's root down
 * (each directory's {@code .gitignore} matching paths relative to that directory, a deeper file overriding a
 * shallower one, the last matching line of a file deciding), then the repository's {@code .git/info/exclude}. A
 * nested repository starts afresh. The user's global excludes file is not read. Immutable: entering a directory gives
 * a new instance chained to this one.
 */
final class IgnoreRules {

    /** Outside any Git work tree: nothing is ignored. */
    private static final IgnoreRules NONE = new IgnoreRules(null, null, null, false);

    private final IgnoreRules parent;
    private final Path dir;
    private final IgnoreNode node;
    private final boolean inRepository;

    private IgnoreRules(IgnoreRules parent, Path dir, IgnoreNode node, boolean inRepository) {
        this.parent = parent;
        this.dir = dir;
        this.node = node;
        this.inRepository = inRepository;
    }

    /**
     * @param root the directory a walk starts from (absolute, normalised)
     * @return the rules for its entries: those of the enclosing repository from its root down to {@code root}
     */
    static IgnoreRules forRoot(Path root) {
        Path repository = root;
        while (repository != null && !Files.exists(repository.resolve(".git"), LinkOption.NOFOLLOW_LINKS)) {
            repository = repository.getParent();
        }
        if (repository == null) {
            return NONE;
        }
        IgnoreRules rules = NONE.enter(repository);
        for (Path name : repository.relativize(root)) {
            if (!name.toString().isEmpty()) {
                rules = rules.enter(rules.dir.resolve(name));
            }
        }
        return rules;
    }

    /**
     * @param child a directory directly below this one (or, from {@link #NONE}, any directory)
     * @return the rules for the child's entries
     */
    IgnoreRules enter(Path child) {
        Path git = child.resolve(".git");
        if (Files.exists(git, LinkOption.NOFOLLOW_LINKS)) {
            IgnoreRules exclude =
                    new IgnoreRules(null, child, read(git.resolve("info").resolve("exclude")), true);
            return new IgnoreRules(exclude, child, read(child.resolve(".gitignore")), true);
        }
        return inRepository ? new IgnoreRules(this, child, read(child.resolve(".gitignore")), true) : NONE;
    }

    /**
     * @param entry       an entry of this directory (absolute)
     * @param isDirectory whether it is a directory
     * @return whether the rules ignore it
     */
    boolean ignores(Path entry, boolean isDirectory) {
        for (IgnoreRules rules = this; rules != null && rules.inRepository; rules = rules.parent) {
            if (rules.node != null) {
                Boolean ignored =
                        rules.node.checkIgnored(rules.dir.relativize(entry).toString(), isDirectory);
                if (ignored != null) {
                    return ignored;
                }
            }
        }
        return false;
    }

    private static IgnoreNode read(Path file) {
        byte[] bytes = Files.exists(file) ? RegularFile.bytesOrNull(file, (int) FileSnapshot.MAX_BYTES) : null;
        if (bytes == null) {
            return null;
        }
        IgnoreNode node = new IgnoreNode();
        try (InputStream in = new ByteArrayInputStream(bytes)) {
            node.parse(file.toString(), in);
            return node.getRules().isEmpty() ? null : node;
        } catch (IOException e) {
            // An unreadable ignore file ignores nothing, as in git.
            return null;
        }
    }
}
