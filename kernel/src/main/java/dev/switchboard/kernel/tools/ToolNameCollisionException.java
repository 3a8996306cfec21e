package dev.switchboard.kernel.tools;

/**
 * Two plugins contribute a tool of the same wire name. Start-up fails: silently picking one would change what agents
 * call. The operator can set a name prefix for one of the plugins ({@code kernel.tool-prefixes}).
 */
public class ToolNameCollisionException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * @param name        the contested wire name
     * @param firstOwner  the plugin that registered it first
     * @param secondOwner the plugin that tried to register it again
     */
    public ToolNameCollisionException(String name, String firstOwner, String secondOwner) {
        super("tool name '" + name + "' is contributed by both plugin '" + firstOwner + "' and plugin '"
                + secondOwner + "'; disable one of them or set kernel.tool-prefixes." + secondOwner
                + " in the configuration");
    }
}
