import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { HealthStatus, type ListAuditsRequest, type SetLoggerLevelRequest } from "../../../gen/portal/v1/management_pb";
import { Code, portalFailure } from "../../../test/connectErrors";
import { renderAdminApp } from "../../../test/renderAdminApp";
import { testProfile } from "../../../test/renderApp";
import { initialAuditsRequest } from "./AuditsPage";
import { formatBytes, formatUptime, procedureName } from "./figures";

/** The first page of a run loads the lazy admin area and the console's chunk. */

const metrics = {
  metrics: {
    runtime: { heapAllocBytes: 25 * 1024 * 1024, goroutines: 42, threads: 9, uptimeSeconds: 3725, cpuSeconds: 1.5 },
    httpRequests: [{ name: "/web/api/batches/{id}", method: "GET", outcome: "200", count: 12, meanMs: 3.5 }],
    rpcCalls: [{ name: "/portal.v1.BatchService/SendBatch", outcome: "ok", count: 3, meanMs: 20 }],
    carrierCalls: [{ name: "CreateLabel", outcome: "fault", count: 1, meanMs: 40 }],
    queues: [{ name: "batches", pending: 7, active: 2, retry: 1, failed: 4 }],
    database: { acquired: 1, idle: 3, total: 4, max: 10 },
    sessionCache: { hits: 3, misses: 1 },
  },
};

describe("the administration console (spec 1 §2, §7)", () => {
  it("formats the figures", () => {
    expect(formatBytes(25 * 1024 * 1024, "en")).toBe("25 MB");
    expect(formatBytes(512, "en")).toBe("512 B");
    expect(formatUptime(3725)).toBe("1h 2m 5s");
    expect(formatUptime(0)).toBe("0s");
    expect(procedureName("/portal.v1.BatchService/SendBatch")).toBe("BatchService/SendBatch");
  });

  it("shows the metrics as figures and tables, and the goroutines on request", async () => {
    const ui = userEvent.setup();
    const getThreadDump = vi.fn(() => ({
      goroutineCount: 5,
      groups: [{ state: "select", count: 4, stack: ["main.worker(...) /src/worker.go:20"] }],
    }));
    renderAdminApp("/admin/metrics", { management: { getMetrics: () => metrics, getThreadDump } });
    expect(await screen.findByLabelText("Heap in use", { selector: "span" })).toHaveTextContent("25 MB");
    expect(screen.getByLabelText("Goroutines", { selector: "span" })).toHaveTextContent("42");
    expect(screen.getByLabelText("Uptime", { selector: "span" })).toHaveTextContent("1h 2m 5s");
    const queue = screen.getByRole("rowheader", { name: "batches" }).closest("tr")!;
    expect(
      within(queue)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["7", "2", "1", "4", "0", "0"]);
    expect(screen.getByRole("rowheader", { name: "BatchService/SendBatch" })).toBeInTheDocument();
    expect(screen.getByRole("rowheader", { name: "/web/api/batches/{id}" })).toBeInTheDocument();
    expect(screen.getByText("75 %")).toBeInTheDocument();
    expect(getThreadDump).not.toHaveBeenCalled();
    await ui.click(screen.getByRole("button", { name: "Read the goroutines" }));
    expect(await screen.findByText("5 goroutines in 1 groups")).toBeInTheDocument();
    expect(screen.getByText("main.worker(...) /src/worker.go:20")).toBeInTheDocument();
  });

  it("lists the health components with latency, details on click", async () => {
    const ui = userEvent.setup();
    renderAdminApp("/admin/health", {
      management: {
        getHealth: () => ({
          health: {
            status: HealthStatus.DOWN,
            components: {
              db: { status: HealthStatus.UP, latencyMs: 1.25, details: {} },
              redis: {
                status: HealthStatus.DOWN,
                latencyMs: 2000,
                details: { error: "dial tcp: connection refused" },
              },
            },
          },
        }),
      },
    });
    const redis = (await screen.findByRole("rowheader", { name: "redis" })).closest("tr")!;
    const db = screen.getByRole("rowheader", { name: "db" }).closest("tr")!;
    // People read the status by its name; monitors read UP and DOWN.
    expect(within(redis).getByText("Not working")).toBeInTheDocument();
    expect(within(db).getByText("Working")).toBeInTheDocument();
    expect(within(redis).getByText("2,000")).toBeInTheDocument();
    expect(within(db).getByText("1.25")).toBeInTheDocument();
    expect(within(db).queryByRole("button")).toBeNull();
    await ui.click(within(redis).getByRole("button", { name: "Details of redis" }));
    const dialog = await screen.findByRole("dialog", { name: "redis" });
    expect(within(dialog).getByText("dial tcp: connection refused")).toBeInTheDocument();
  });

  it("searches the configuration and marks masked values", async () => {
    const ui = userEvent.setup();
    renderAdminApp("/admin/configuration", {
      management: {
        getConfigProps: () => ({
          properties: [
            { source: "portal", key: "CredentialsKey", value: "******", masked: true },
            { source: "portal", key: "Addr", value: "127.0.0.1:8080" },
          ],
        }),
        getEnv: () => ({ properties: [{ source: "process environment", key: "PORTAL_ENV", value: "dev" }] }),
      },
    });
    const key = (await screen.findByRole("rowheader", { name: "CredentialsKey" })).closest("tr")!;
    expect(within(key).getByText("masked")).toBeInTheDocument();
    expect(screen.getByRole("rowheader", { name: "PORTAL_ENV" })).toBeInTheDocument();
    await ui.type(screen.getByRole("searchbox", { name: "Search keys and values" }), "127.0");
    expect(screen.queryByRole("rowheader", { name: "CredentialsKey" })).toBeNull();
    expect(screen.getByRole("rowheader", { name: "Addr" })).toBeInTheDocument();
    expect(screen.getByText("No setting matches the search.")).toBeInTheDocument();
  });

  it("pages and sorts the audits of the last thirty days on the server", async () => {
    const ui = userEvent.setup();
    expect(initialAuditsRequest(new Date("2026-11-25T10:00:00Z"))).toEqual({
      page: 0,
      size: 20,
      sort: "timestamp,desc",
      fromDate: "2026-10-26",
      toDate: "2026-11-25",
    });
    const listAudits = vi.fn((request: ListAuditsRequest) => ({
      audits: Array.from({ length: request.page === 0 ? 20 : 5 }, (_, index) => ({
        id: BigInt(request.page * 20 + index + 1),
        principal: `user${request.page * 20 + index + 1}`,
        type: "AUTHENTICATION_SUCCESS",
        remoteAddress: "203.0.113.7",
        data: { mfaRequired: "false" },
      })),
      totalCount: 25n,
    }));
    renderAdminApp("/admin/audits", { management: { listAudits } });
    expect(await screen.findByRole("rowheader", { name: "user1" })).toBeInTheDocument();
    expect(listAudits.mock.lastCall?.[0]).toMatchObject({ page: 0, size: 20, sort: "timestamp,desc" });
    expect(screen.getByText("Showing 1 – 20 of 25 items.")).toBeInTheDocument();
    expect(screen.getAllByText("203.0.113.7")).toHaveLength(20);
    await ui.click(screen.getByRole("button", { name: "Next page" }));
    expect(await screen.findByRole("rowheader", { name: "user21" })).toBeInTheDocument();
    await ui.click(screen.getByRole("button", { name: "Who" }));
    await waitFor(() => expect(listAudits.mock.lastCall?.[0]).toMatchObject({ page: 0, sort: "principal,asc" }));
  });

  it("changes a logger's level and shows the list the server answers after", async () => {
    const ui = userEvent.setup();
    const levels: Record<string, string> = { "batch-jobs": "INFO", rpc: "INFO" };
    const setLoggerLevel = vi.fn((request: SetLoggerLevelRequest) => {
      levels[request.name] = request.configuredLevel;
      return {};
    });
    renderAdminApp("/admin/logs", {
      management: {
        listLoggers: () => ({
          loggers: Object.entries(levels).map(([name, level]) => ({
            name,
            configuredLevel: level,
            effectiveLevel: level,
          })),
          levels: ["TRACE", "DEBUG", "INFO", "WARN", "ERROR", "OFF"],
        }),
        setLoggerLevel,
      },
    });
    const row = (await screen.findByRole("rowheader", { name: "batch-jobs" })).closest("tr")!;
    await ui.click(within(row).getByRole("radio", { name: "DEBUG" }));
    expect(setLoggerLevel.mock.lastCall?.[0]).toMatchObject({ name: "batch-jobs", configuredLevel: "DEBUG" });
    await waitFor(() => expect(within(row).getAllByText("DEBUG").length).toBeGreaterThan(1));
    const rpc = screen.getByRole("rowheader", { name: "rpc" }).closest("tr")!;
    expect(within(rpc).getByRole("radio", { name: "INFO" })).toBeChecked();
  });

  it("runs a statement in the database console and shows a refusal in place", async () => {
    const ui = userEvent.setup();
    const runDatabaseQuery = vi.fn(({ sql }: { sql: string }) => {
      if (sql.startsWith("UPDATE")) {
        throw portalFailure(Code.InvalidArgument, "error.databaseConsole.readOnly");
      }
      return {
        columns: ["login", "note"],
        rows: [{ cells: ["anna", ""], nulls: [false, true] }],
        maxRows: 500,
        elapsedMs: 1.5,
      };
    });
    renderAdminApp("/admin/database", { management: { runDatabaseQuery } });
    const statement = await screen.findByRole("textbox", { name: "SQL statement" });
    await ui.clear(statement);
    await ui.type(statement, "SELECT login, note FROM users");
    await ui.click(screen.getByRole("button", { name: "Run" }));
    expect(await screen.findByRole("columnheader", { name: "login" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "anna" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "NULL" })).toBeInTheDocument();
    expect(screen.getByText("1 rows in 1.5 ms")).toBeInTheDocument();
    await ui.clear(statement);
    await ui.type(statement, "UPDATE users SET login = 'x'");
    await ui.click(screen.getByRole("button", { name: "Run" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The database console only reads: this statement would change data.",
    );
    expect(screen.queryByRole("columnheader", { name: "login" })).toBeNull();
  });

  it("says when the database console's answer stopped at the byte cap", async () => {
    const ui = userEvent.setup();
    const runDatabaseQuery = vi.fn(() => ({
      columns: ["big"],
      rows: [{ cells: ["xxx"], nulls: [false] }],
      truncated: true,
      bytesCapped: true,
      maxRows: 500,
      maxBytes: 262144,
      elapsedMs: 2,
    }));
    renderAdminApp("/admin/database", { management: { runDatabaseQuery } });
    const statement = await screen.findByRole("textbox", { name: "SQL statement" });
    await ui.clear(statement);
    await ui.type(statement, "SELECT repeat('x', 20000000) AS big");
    await ui.click(screen.getByRole("button", { name: "Run" }));
    expect(
      await screen.findByText("The first 1 rows, cut at 256 KB of text, in 2 ms; there are more."),
    ).toBeInTheDocument();
  });

  it("has no database console in production", async () => {
    renderAdminApp("/admin/database", {
      management: { getInfo: () => ({ profile: testProfile({ inProduction: true }) }) },
    });
    expect(await screen.findByText("The database console is not available in production.")).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "SQL statement" })).toBeNull();
  });
});
