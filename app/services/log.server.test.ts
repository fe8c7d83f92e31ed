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
