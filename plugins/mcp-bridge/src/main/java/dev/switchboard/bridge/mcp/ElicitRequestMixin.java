package dev.switchboard.bridge.mcp;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

import io.modelcontextprotocol.spec.McpSchema;

/**
 * Makes the MCP SDK 2.1.0's elicitation requests serialisable under Jackson 3. The SDK's {@code ElicitRequest} names
 * its type id {@code mode} and also has a {@code mode()} accessor; Jackson 3 refuses that pair ("conflict between
 * type id property 'mode' and bean property with same name"), so every {@code elicitation/create} failed. Declaring
 * the id as the existing, visible {@code mode} property writes {@code "mode":"form"} once and still reads URL-mode
 * requests.
 */
@JsonTypeInfo(
        use = JsonTypeInfo.Id.NAME,
        include = JsonTypeInfo.As.EXISTING_PROPERTY,
        property = "mode",
        visible = true,
        defaultImpl = McpSchema.ElicitFormRequest.class)
@JsonSubTypes({
    @JsonSubTypes.Type(value = McpSchema.ElicitFormRequest.class, name = "form"),
    @JsonSubTypes.Type(value = McpSchema.ElicitUrlRequest.class, name = "url")
})
interface ElicitRequestMixin {}
