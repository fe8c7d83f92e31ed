/**
 * Remix leaves `.server` modules out of the browser bundle: a value imported from one is
 * undefined in the browser. A form schema imported from one broke a page's client validation
 * (Conform threw, the form fell back to full-page posts and lost its toast), so no component-side
 * use of a `.server` import is allowed: schemas given to Conform must come from browser-safe files.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const files = [
  ...fs.readdirSync("app/routes").map((f) => path.join("app/routes", f)),
  ...fs
    .readdirSync("app/modules")
    .flatMap((m) =>
      fs.existsSync(path.join("app/modules", m, "components"))
        ? fs
            .readdirSync(path.join("app/modules", m, "components"))
            .map((f) => path.join("app/modules", m, "components", f))
        : [],
    ),
].filter((f) => f.endsWith(".tsx"));

describe("browser code never uses a .server import", () => {
  it("no form schema handed to Conform comes from a .server module", () => {
    const wrong: string[] = [];
    for (const f of files) {
      const source = fs.readFileSync(f, "utf8");
      for (const m of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]*\.server)"/g)) {
        const names = m[1]!
          .split(",")
          .map((n) => n.trim())
          .filter((n) => n && !n.startsWith("type "));
        for (const n of names)
          if (new RegExp(`schema:\\s*${n}\\b`).test(source)) wrong.push(`${f}: ${n} from ${m[2]}`);
      }
    }
    expect(files.length).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });
});
