/**
 * The thin attach client of {@code serve}: {@link dev.switchboard.attach.AttachMain} connects to, or
 * starts, the shared server of this user, state directory and process-wide settings over the Unix socket
 * {@code <state-dir>/attach/<key>.sock}, sends the hello frame and relays MCP lines between stdio and the socket
 * without re-serialising them, recovering from a killed server; it also answers {@code server status} and
 * {@code server stop}. It runs on its own small class path: the JDK, the kernel's configuration reader and attach
 * classes, and jackson-core's streaming parser, which reads only the top-level members of each line.
 */
package dev.switchboard.attach;
