// @ts-check
/**
 * ESLint rule: a module uses another module only through its public index (`~/modules/<name>`,
 * or `~/modules/<name>/index.server` on the server). The import is resolved against the importing
 * file, so `../fleet/devices.server` from app/modules/drivers is caught as surely as
 * `~/modules/fleet/devices.server`; a pattern on the import text alone cannot tell a relative
 * path that stays in its module from one that leaves it.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const APP = fileURLToPath(new URL("../../app/", import.meta.url));
const MODULES = path.join(APP, "modules");
const PUBLIC = new Set(["", "index", "index.server"]);

const isModuleDir = (/** @type {string} */ name) =>
  fs.statSync(path.join(MODULES, name), { throwIfNoEntry: false })?.isDirectory() ?? false;

/**
 * The module a path lies in and the path inside it (no extension); null for files that belong to
 * no module (the registry, kit.ts, app/lib, …).
 * @param {string} file
 */
function place(file) {
  const rel = path.relative(MODULES, file);
  if (rel.startsWith("..") || path.isAbsolute(rel)) return null;
  const [name = "", ...rest] = rel.split(path.sep);
  if (!isModuleDir(name)) return null;
  return { name, rest: rest.join("/").replace(/\.[cm]?[jt]sx?$/, "") };
}

/** @type {import("eslint").Rule.RuleModule} */
const publicIndexOnly = {
  meta: {
    type: "problem",
    schema: [],
    messages: {
      relative:
        "Reach the {{name}} module through ~/modules/{{name}} (or ~/modules/{{name}}/index.server): a relative path into another module skips its public index.",
      private:
        "A module uses another module only through its public index (~/modules/{{name}} or ~/modules/{{name}}/index.server).",
    },
  },
  create(context) {
    const own = place(context.filename);
    if (!own) return {};
    /** @param {import("estree").Node | null | undefined} source */
    const check = (source) => {
      if (source?.type !== "Literal" || typeof source.value !== "string") return;
      const spec = source.value;
      let target;
      if (spec.startsWith("~/")) target = path.join(APP, spec.slice(2));
      else if (spec.startsWith(".")) target = path.resolve(path.dirname(context.filename), spec);
      else return;
      const to = place(target);
      if (!to || to.name === own.name) return;
      if (spec.startsWith("."))
        context.report({ node: source, messageId: "relative", data: { name: to.name } });
      else if (!PUBLIC.has(to.rest))
        context.report({ node: source, messageId: "private", data: { name: to.name } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { "public-index-only": publicIndexOnly } };
