/**
 * The shape the README promises between modules: one module reaches another only through its
 * public index (an ESLint rule, tried here through the real eslint.config.js), and modules depend
 * on each other in one direction only, as files do when they load (import graph as TypeScript
 * resolves it). A shared piece two modules need goes to the lower module or to app/lib.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { appImports, cycles, graphOf, ringsIn } from "../../tests/support/import-graph";

const root = fileURLToPath(new URL("../..", import.meta.url));
const rel = (file: string) => path.relative(root, file).split(path.sep).join("/");
const moduleOf = (file: string) => /^app\/modules\/([^/]+)\//.exec(rel(file))?.[1] ?? null;

describe("the public-index rule", () => {
  const eslint = new ESLint({ cwd: root });
  const refusals = async (file: string, code: string) =>
    (await eslint.lintText(code, { filePath: path.join(root, file) }))[0]!.messages
      .filter((m) => m.ruleId === "modules/public-index-only")
      .map((m) => m.message);

  it("refuses a relative path into another module, from any depth, even to its index", async () => {
    const cases: [string, string][] = [
      ["app/modules/drivers/vehicles.server.ts", `export { a } from "../fleet/devices.server";`],
      ["app/modules/drivers/components/x.tsx", `import { a } from "../../fleet/index.server";`],
      ["app/modules/operations/automations/x.ts", `export * from "../../notifications";`],
      ["app/modules/forms/x.ts", `export const m = () => import("./../tickets/upstream.server");`],
    ];
    for (const [file, code] of cases)
      expect(await refusals(file, code), `${file}: ${code}`).toEqual([
        expect.stringMatching(/^Reach the \w+ module through ~\/modules\/\w+/),
      ]);
  });

  it("refuses ~/ into another module's inside", async () => {
    expect(
      await refusals(
        "app/modules/drivers/x.ts",
        `export { a } from "~/modules/fleet/devices.server";`,
      ),
    ).toEqual([
      expect.stringMatching(/^A module uses another module only through its public index/),
    ]);
  });

  it("accepts public indexes, the module's own files at any depth, shared code and tests", async () => {
    const file = "app/modules/operations/automations/x.ts";
    for (const spec of [
      "~/modules/fleet",
      "~/modules/fleet/index.server",
      "~/modules/kit",
      "../../kit",
      "../deliveries/deliveries.server",
      "./engine",
      "~/modules/operations/plant-hire.server",
      "~/lib/units",
    ])
      expect(await refusals(file, `export { a } from "${spec}";`), spec).toEqual([]);
    const test = "app/modules/timesheets/x.test.ts";
    expect(await refusals(test, `export { a } from "../admin/jobcodes-upstream.server";`)).toEqual(
      [],
    );
  });
});

describe("imports", () => {
  const imports = appImports(root);

  it("are all resolved: the graph sees the imports between modules that the checks below rely on", () => {
    expect(imports.length).toBeGreaterThan(1000);
    const between = imports.filter((i) => moduleOf(i.from) && moduleOf(i.from) !== moduleOf(i.to));
    expect(between.map((i) => rel(i.to))).toContain("app/modules/notifications/index.server.ts");
    expect(
      cycles(
        graphOf([
          ["a", "b"],
          ["b", "c"],
          ["c", "a"],
          ["c", "d"],
          ["d", "d"],
        ]),
      ),
    ).toEqual([["d"], ["a", "b", "c"]]);
  });

  it("between modules go one way: no module depends on one that depends on it", () => {
    const between = imports.flatMap((i) => {
      const [a, b] = [moduleOf(i.from), moduleOf(i.to)];
      return a && b && a !== b ? [{ ...i, a, b }] : [];
    });
    const graph = graphOf(between.map((i): [string, string] => [i.a, i.b]));
    const explained = cycles(graph)
      .flatMap((component) => ringsIn(graph, component))
      .map((ring) =>
        [
          [...ring, ring[0]].join(" → "),
          ...ring.flatMap((a, n) =>
            between
              .filter((i) => i.a === a && i.b === ring[(n + 1) % ring.length])
              .map((i) => `${rel(i.from)} imports ${i.spec}`),
          ),
        ].join("\n  "),
      );
    expect(explained).toEqual([]);
  });

  it("between files never load in a circle (type-only and lazy imports load nothing)", () => {
    const loading = imports.filter((i) => !i.typeOnly && !i.lazy);
    expect(cycles(graphOf(loading.map((i): [string, string] => [rel(i.from), rel(i.to)])))).toEqual(
      [],
    );
  });
});
