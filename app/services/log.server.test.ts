import { expect, it } from "vitest";

it("writes the server's start-up lines whatever LOG_LEVEL says (tools wait for the ready line)", async () => {
  process.env.LOG_LEVEL = "warn";
  const chunks: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((c: string | Uint8Array) => (chunks.push(String(c)), true)) as never;
  try {
    const { logInfo, logLine } = await import("./log.server");
    logLine("[http] Tracksmith listening on http://127.0.0.1:3000");
    logInfo("test", "an info line, below the level");
  } finally {
    process.stdout.write = write;
  }
  const text = chunks.join("");
  expect(text).toContain('"scope":"http"');
  expect(text).toContain("Tracksmith listening on http://127.0.0.1:3000");
  expect(text).not.toContain("below the level");
});

it("logs a connection PostgreSQL closed while stopping as a warning without a stack, other errors with theirs", async () => {
  process.env.LOG_LEVEL = "warn";
  // Warnings are kept quiet under test unless asked for.
  process.env.LOG_TESTS = "1";
  (await import("./env.server")).resetEnvCache();
  const chunks: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((c: string | Uint8Array) => (chunks.push(String(c)), true)) as never;
  try {
    const { logError } = await import("./log.server");
    const shutdown = Object.assign(
      new Error("terminating connection due to administrator command"),
      { code: "57P01" },
    );
    logError("jobs", shutdown);
    logError("jobs", Object.assign(new Error("relation missing"), { code: "42P01" }));
  } finally {
    process.stdout.write = write;
    delete process.env.LOG_TESTS;
    (await import("./env.server")).resetEnvCache();
  }
  const [stopping, fault] = chunks.map((c) => JSON.parse(c) as Record<string, unknown>);
  expect(stopping).toMatchObject({
    level: "warn",
    scope: "jobs",
    msg: "PostgreSQL closed the connection: terminating connection due to administrator command",
  });
  expect(stopping).not.toHaveProperty("err");
  expect(fault).toMatchObject({ level: "error", msg: "relation missing" });
  expect((fault!.err as { stack: string }).stack).toContain("relation missing");
});
