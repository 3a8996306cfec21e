package dev.switchboard.plugin.workspace.application;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;

import dev.switchboard.plugin.workspace.domain.BinaryContent;

/**
 * A file {@code grep} searches, with its size when the walk saw it. Immutable.
 *
 * @param path the file
 * @param size its size in bytes
 */
record SearchCandidate(Path path, long size) {

    /**
     * @param root     a file or a directory
     * @param globText a file-name glob (matched against the relative path when it holds a {@code /}), or null
     * @return the regular files to search, in walk order: the root itself, or those under it passing the glob (and
     *         not ignored by {@code .gitignore}); files over the read cap are left out
     */
    static List<SearchCandidate> collect(Path root, String globText) {
        if (Files.isRegularFile(root)) {
            long size = FileSnapshot.sizeOf(root);
            return size > FileSnapshot.MAX_BYTES ? List.of() : List.of(new SearchCandidate(root, size));
        }
        PathMatcher glob = globText == null ? null : FindFiles.matcher(globText);
        List<SearchCandidate> files = new ArrayList<>();
        TreeWalk.walk(root, (entry, attributes) -> {
            if (attributes.isRegularFile()
                    && attributes.size() <= FileSnapshot.MAX_BYTES
                    && (glob == null
                            || glob.matches(globText.contains("/") ? root.relativize(entry) : entry.getFileName()))) {
                files.add(new SearchCandidate(entry, attributes.size()));
            }
            return true;
        });
        return files;
    }

    /**
     * @param needle bytes every match contains, or null
     * @return the file's text, or null when it cannot be read, is binary, exceeds the read cap, or lacks the needle
     */
    String text(Needle needle) {
        byte[] bytes = FileSnapshot.bytesOf(path, size);
        // the needle first: most files lack it, and then the binary probe is never needed
        if (bytes == null || (needle != null && !needle.in(bytes)) || BinaryContent.isBinary(bytes)) {
            return null;
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
