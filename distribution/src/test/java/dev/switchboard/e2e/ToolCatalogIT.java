package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

import tools.jackson.databind.JsonNode;

import dev.switchboard.e2e.support.ToolCatalog;
import dev.switchboard.testkit.distribution.HttpServe;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.Json;
import dev.switchboard.testkit.distribution.RawSession;

/**
 * The golden tool catalog: the tools a distribution with every bundled plugin enabled lists over stdio are, per
 * plugin, exactly the committed {@code META-INF/switchboard/tool-catalog.json} of that plugin (and of the kernel, for
 * {@code server_info}); and {@code docs/tool-catalog.md} is the page those files make. A changed name, description,
 * hint or schema is therefore one reviewed diff of a catalog file.
 *
 * <p>To accept a change, regenerate the files and review the diff:
 * {@code mvn -B -ntp verify -pl distribution -Dit.test=ToolCatalogIT -Dswitchboard.catalog.update=true}.
 *
 * <p>Runs beside the other end-to-end classes ({@link ExecutionMode#CONCURRENT}; docs/testing.md, "Ordering and
 * threads"): its installation and its one stdio session are its own, it only reads the committed catalogs, and it
 * asserts no time; its tests run in turn on the class's thread (the lock on the class's own name).
 */
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("ToolCatalogIT")
class ToolCatalogIT {

    private static final boolean UPDATE = Boolean.getBoolean("switchboard.catalog.update");
    private static final String REGENERATE =
            "mvn -B -ntp verify -pl distribution -Dit.test=ToolCatalogIT" + " -Dswitchboard.catalog.update=true";

    @TempDir
    static Path dir;

    /** The listed tools, by owner: {@code kernel} or the plugin id that server_info names for them. */
    private static final SortedMap<String, List<JsonNode>> LISTED = new TreeMap<>();

    @BeforeAll
    static void listEveryBundledPluginsTools() throws IOException {
        Installation installation =
                Installation.copyOfBuilt(dir).enable("workspace").enable("conformance-fixture");
        // a mailbox role, so that the mailbox's tools are listed (without one they are not: ADR 18)
        try (RawSession session = installation.serve(Map.of("SWITCHBOARD_PLUGINS__MAILBOX__ROLE", "catalog"))) {
            session.initialize(1);
            List<JsonNode> tools = new ArrayList<>();
            String cursor = null;
            long id = 2;
            do {
                session.send(Json.request(id, "tools/list", cursor == null ? null : Map.of("cursor", cursor)));
                JsonNode page = session.awaitResponse(id++).path("result");
                page.path("tools").forEach(tools::add);
                cursor = page.path("nextCursor").asString(null);
            } while (cursor != null);
            session.send(Json.toolCall(id, "server_info", Map.of()));
            JsonNode info = session.awaitResponse(id).path("result").path("structuredContent");
            Map<String, String> ownerOf = new HashMap<>();
            info.path("plugins")
                    .forEach(plugin -> plugin.path("tools")
                            .forEach(name -> ownerOf.put(
                                    name.asString(""), plugin.path("id").asString(""))));
            assertThat(info.path("plugins")
                            .valueStream()
                            .map(p -> p.path("state").asString("")))
                    .as("every bundled plugin started%s", session.log())
                    .containsOnly("started");
            // the tools listed only to the owner token over HTTP (the mailbox's management tools: ADR 20)
            Set<String> seen = new HashSet<>();
            tools.forEach(tool -> seen.add(tool.path("name").asString("")));
            for (JsonNode tool : listedToTheOwnerToken(installation)) {
                if (seen.add(tool.path("name").asString(""))) {
                    tools.add(tool);
                }
            }
            for (JsonNode tool : tools) {
                LISTED.computeIfAbsent(
                                ownerOf.getOrDefault(tool.path("name").asString(""), "kernel"),
                                owner -> new ArrayList<>())
                        .add(tool);
            }
        }
        if (UPDATE) {
            for (Map.Entry<String, List<JsonNode>> owner : LISTED.entrySet()) {
                Path file = catalogOf(owner.getKey());
                Files.createDirectories(file.getParent());
                Files.writeString(file, ToolCatalog.snapshot(owner.getValue()));
            }
        }
    }

    @Test
    void eachPluginListsExactlyTheToolsOfItsCommittedCatalog() throws IOException {
        for (Map.Entry<String, List<JsonNode>> owner : LISTED.entrySet()) {
            Path file = catalogOf(owner.getKey());
            String running = ToolCatalog.snapshot(owner.getValue());
            assertThat(file)
                    .as(
                            "the committed catalog of %s; if the change is meant, run %s and review the diff",
                            owner.getKey(), REGENERATE)
                    .exists();
            assertThat(running)
                    .as(
                            "%s's tools against %s; if the change is meant, run %s and review the diff",
                            owner.getKey(), ToolCatalog.repository().relativize(file), REGENERATE)
                    .isEqualTo(Files.readString(file));
        }
    }

    @Test
    void theToolCatalogPageIsMadeFromTheCommittedCatalogs() throws IOException {
        SortedMap<String, String> snapshots = new TreeMap<>();
        for (String owner : LISTED.keySet()) {
            Path file = catalogOf(owner);
            assertThat(file)
                    .as("the committed catalog of %s; run %s", owner, REGENERATE)
                    .exists();
            snapshots.put(owner, Files.readString(file));
        }
        String page = ToolCatalog.page(snapshots, """
                # Tool catalog

                Every tool of every bundled plugin, generated from the committed catalogs
                (`<module>/%s`); do not edit it by hand. A test (`ToolCatalogIT`) fails when a
                running server lists other tools than the catalogs, or when this page is stale. To accept a change:
                `%s`, then review the diff.
                """.formatted(ToolCatalog.FILE, REGENERATE));
        Path doc = ToolCatalog.repository().resolve("docs/tool-catalog.md");
        if (UPDATE) {
            Files.writeString(doc, page);
        }
        assertThat(doc).as("docs/tool-catalog.md; run %s", REGENERATE).exists();
        assertThat(Files.readString(doc))
                .as("docs/tool-catalog.md is stale; run %s", REGENERATE)
                .isEqualTo(page);
    }

    /** @return every tool {@code tools/list} shows the owner token over HTTP, one page after another */
    private static List<JsonNode> listedToTheOwnerToken(Installation installation) throws IOException {
        List<JsonNode> tools = new ArrayList<>();
        try (HttpServe server = HttpServe.start(installation, Map.of(), dir.resolve("catalog-http.log"));
                HttpClient http = HttpClient.newHttpClient()) {
            HttpResponse<String> init = server.post(http, null, Json.initialize(1));
            String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
            server.post(http, session, Json.initialized());
            String cursor = null;
            long id = 2;
            do {
                String body = server.post(
                                http,
                                session,
                                Json.request(id++, "tools/list", cursor == null ? null : Map.of("cursor", cursor)))
                        .body()
                        .strip();
                if (!body.startsWith("{")) {
                    body = body.lines()
                            .filter(line -> line.startsWith("data:"))
                            .map(line -> line.substring(5).strip())
                            .filter(line -> line.startsWith("{"))
                            .reduce((first, second) -> second)
                            .orElse("{}");
                }
                JsonNode page =
                        Json.parse(body.getBytes(StandardCharsets.UTF_8)).path("result");
                page.path("tools").forEach(tools::add);
                cursor = page.path("nextCursor").asString(null);
            } while (cursor != null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while listing over HTTP", e);
        }
        return tools;
    }

    private static Path catalogOf(String owner) {
        return ToolCatalog.file(owner);
    }
}
