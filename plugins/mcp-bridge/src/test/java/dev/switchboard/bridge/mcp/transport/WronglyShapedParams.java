package dev.switchboard.bridge.mcp.transport;

import java.util.ArrayList;
import java.util.List;

/**
 * Requests whose {@code params} break the MCP schema's shape, each answered -32602 by a correct server on every
 * transport: every served method with params that are not an object, and the fields the server
 * needs with the wrong type or missing (published in this module's test jar for the transports' tests).
 */
public final class WronglyShapedParams {

    /** The methods a test server serves (the fake context's tools, resources, prompts and logging). */
    private static final List<String> METHODS = List.of(
            "tools/list",
            "tools/call",
            "resources/list",
            "resources/templates/list",
            "resources/read",
            "prompts/list",
            "prompts/get",
            "ping",
            "logging/setLevel");

    private static final List<String> NOT_OBJECTS = List.of("\"x\"", "[1]", "[]", "7", "true", "\"\"");
    private static final List<String> WRONG_FIELDS = List.of(
            "\"tools/list\",\"params\":{\"cursor\":5}",
            "\"tools/list\",\"params\":{\"cursor\":{}}",
            "\"resources/list\",\"params\":{\"cursor\":[1]}",
            "\"resources/templates/list\",\"params\":{\"cursor\":true}",
            "\"prompts/list\",\"params\":{\"cursor\":1.5}",
            "\"resources/read\",\"params\":{}",
            "\"resources/read\",\"params\":{\"uri\":7}",
            "\"resources/read\",\"params\":{\"uri\":null}",
            "\"tools/call\",\"params\":{}",
            "\"tools/call\",\"params\":{\"name\":[\"echo\"]}",
            "\"tools/call\",\"params\":{\"name\":\"echo\",\"arguments\":\"x\"}",
            "\"prompts/get\",\"params\":{}",
            "\"prompts/get\",\"params\":{\"name\":\"greeting\",\"arguments\":[1]}",
            "\"tools/list\",\"params\":{\"_meta\":\"x\"}",
            "\"ping\",\"params\":{\"_meta\":[1]}",
            "\"tools/list\",\"params\":{\"_meta\":{\"progressToken\":{}}}",
            "\"tools/call\",\"params\":{\"name\":\"echo\",\"arguments\":{},\"_meta\":{\"progressToken\":1.5}}");

    private WronglyShapedParams() {}

    /**
     * @param firstId the id of the first request; the others count up from it
     * @return each request as one line of JSON
     */
    public static List<String> requests(int firstId) {
        List<String> requests = new ArrayList<>();
        int id = firstId;
        for (String method : METHODS) {
            for (String params : NOT_OBJECTS) {
                requests.add(request(id++, "\"" + method + "\",\"params\":" + params));
            }
        }
        for (String methodAndParams : WRONG_FIELDS) {
            requests.add(request(id++, methodAndParams));
        }
        return List.copyOf(requests);
    }

    private static String request(int id, String methodAndParams) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":" + methodAndParams + "}";
    }
}
