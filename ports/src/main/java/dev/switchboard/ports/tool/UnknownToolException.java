package dev.switchboard.ports.tool;

/** No listed tool has the requested name. Transports answer it as a JSON-RPC error (-32602, invalid params). */
public class UnknownToolException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String toolName;

    /** @param toolName the name that was asked for */
    public UnknownToolException(String toolName) {
        super("Unknown tool: " + toolName);
        this.toolName = toolName;
    }

    /** @return the name that was asked for */
    public String toolName() {
        return toolName;
    }
}
