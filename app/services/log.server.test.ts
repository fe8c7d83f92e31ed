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

it("logs a database outage once as a warning without a stack and once when it ends, other errors with their stacks", async () => {
  process.env.LOG_LEVEL = "warn";
  // Warnings are kept quiet under test unless asked for.
  process.env.LOG_TESTS = "1";
  (await import("./env.server")).resetEnvCache();
  const chunks: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((c: string | Uint8Array) => (chunks.push(String(c)), true)) as never;
  try {
    const { logDatabaseBack, logError } = await import("./log.server");
    const shutdown = Object.assign(
      new Error("terminating connection due to administrator command"),
      { code: "57P01" },
    );
    logError("jobs", shutdown);
    logError("remix", shutdown);
    logError("jobs", Object.assign(new Error("relation missing"), { code: "42P01" }));
    logDatabaseBack();
    logDatabaseBack();
  } finally {
    process.stdout.write = write;
    delete process.env.LOG_TESTS;
    (await import("./env.server")).resetEnvCache();
  }
  const lines = chunks.map((c) => JSON.parse(c) as Record<string, unknown>);
  // The second failure of the outage is not logged again (the end line is info, below "warn").
  expect(lines).toHaveLength(2);
  const [stopping, fault] = lines;
  expect(stopping).toMatchObject({
    level: "warn",
    scope: "jobs",
    msg: "The database is unavailable (terminating connection due to administrator command): requests answer 503 until it is back",
  });
  expect(stopping).not.toHaveProperty("err");
  expect(fault).toMatchObject({ level: "error", msg: "relation missing" });
  expect((fault!.err as { stack: string }).stack).toContain("relation missing");
});
