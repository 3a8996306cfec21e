/**
 * What selects and locates the shared server a {@code serve} session attaches to: the digest of the
 * process-wide settings ({@link dev.switchboard.kernel.attach.AttachKey}), the files under
 * {@code <state-dir>/attach/} ({@link dev.switchboard.kernel.attach.AttachPaths}) and the plugins' declared
 * per-session settings and variables ({@link dev.switchboard.kernel.attach.SessionDeclarations}). Used by the server
 * and by the thin attach client alike, so this package depends on the JDK and the configuration records only (no
 * PF4J, Guice or Jackson), and loads nothing else.
 */
package dev.switchboard.kernel.attach;
