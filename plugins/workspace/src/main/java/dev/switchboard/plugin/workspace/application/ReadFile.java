package dev.switchboard.plugin.workspace.application;

import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.workspace.domain.BinaryContent;
import dev.switchboard.plugin.workspace.domain.ImageType;
import dev.switchboard.plugin.workspace.domain.LineWindow;
import dev.switchboard.plugin.workspace.domain.ShownBytes;
import dev.switchboard.plugin.workspace.domain.TextFormat;

/**
 * {@code read}: a text file's lines {@code offset..offset+limit-1}, at most {@link ShownBytes#MAX} bytes of them
 * ({@link LineWindow}), with a continuation hint, or an image (PNG, JPEG,
 * GIF, WebP) as an image block, or, for other binary content (a NUL in the first 8 KiB, or a known binary format such
 * as ZIP), a line naming its MIME type and size instead of its bytes; always with the revision of the whole file, which {@code write} and {@code edit} take as
 * {@code expected_revision}. Thread-safe.
 */
public final class ReadFile {

    private final WorkspaceRegistry registry;
    private final WorkspaceSettings settings;

    @Inject
    ReadFile(WorkspaceRegistry registry, WorkspaceSettings settings) {
        this.registry = registry;
        this.settings = settings;
    }

    /**
     * @param workspaceId the workspace
     * @param path        the file, relative to the workspace's directory or absolute
     * @param offset      the first line (1-based), or null
     * @param limit       how many lines (1..2000), or null for 2000
     * @return the text and {path, revision, details}
     */
    public Answer read(String workspaceId, String path, Integer offset, Integer limit) {
        return registry.within(workspaceId, workspace -> {
            Path file = settings.confinement().admit(PathResolver.resolve(workspace.cwd(), settings.home(), path));
            FileSnapshot snapshot = FileSnapshot.read(file);
            String image = ImageType.of(snapshot.bytes());
            if (image != null) {
                return image(workspace, file, snapshot, image);
            }
            if (BinaryContent.isBinaryOrKnownFormat(snapshot.bytes())) {
                return binary(workspace, file, snapshot);
            }
            TextFormat.Decoded decoded = TextFormat.decode(snapshot.bytes());
            String text = LineWindow.of(
                    decoded.text(),
                    offset,
                    limit,
                    file.toString(),
                    decoded.format().bom() ? 3 : 0,
                    ShownBytes.MAX);
            Map<String, Object> facts = new LinkedHashMap<>();
            facts.put("path", file.toString());
            facts.put("revision", snapshot.revision());
            facts.put(
                    "details",
                    Map.of(
                            "bytes",
                            snapshot.bytes().length,
                            "bom",
                            decoded.format().bom(),
                            "crlf",
                            decoded.format().crlf()));
            facts.put("workspace_id", workspace.id());
            facts.put("cwd", workspace.cwd().toString());
            return Answer.of(text, facts);
        });
    }

    /** Binary content is described, never decoded: its bytes as text would be NULs and U+FFFD. */
    private static Answer binary(Workspace workspace, Path file, FileSnapshot snapshot) {
        String mimeType = BinaryContent.mimeType(snapshot.bytes());
        int size = snapshot.bytes().length;
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("path", file.toString());
        facts.put("revision", snapshot.revision());
        facts.put("details", Map.of("bytes", size, "mimeType", mimeType, "binary", true));
        facts.put("workspace_id", workspace.id());
        facts.put("cwd", workspace.cwd().toString());
        return Answer.of(
                "Binary file [" + mimeType + "], " + size + " bytes; not shown as text (inspect it with"
                        + " bash, for example `file` or `xxd | head`).",
                facts);
    }

    private static Answer image(Workspace workspace, Path file, FileSnapshot snapshot, String mimeType) {
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("path", file.toString());
        facts.put("revision", snapshot.revision());
        facts.put("details", Map.of("bytes", snapshot.bytes().length, "mimeType", mimeType));
        facts.put("workspace_id", workspace.id());
        facts.put("cwd", workspace.cwd().toString());
        return Answer.of("Read image file [" + mimeType + "], " + snapshot.bytes().length + " bytes.", facts)
                .withImage(new Answer.Image(Base64.getEncoder().encodeToString(snapshot.bytes()), mimeType));
    }
}
