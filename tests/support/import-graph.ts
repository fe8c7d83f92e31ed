/**
 * The app's import graph as TypeScript resolves it (tsconfig paths, index files, extensions), for
 * the boundary tests: which modules depend on which, and which files load each other in a circle.
 * No plugin needed: the compiler that type-checks the app also answers where an import leads.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

export type Import = {
  from: string;
  to: string;
  /** As written, for messages. */
  spec: string;
  /** Erased when compiled (`import type`, or only inline `type` names): no load-time edge. */
  typeOnly: boolean;
  /** `import("…")`: loaded later, so no load-order cycle, but still a dependency. */
  lazy: boolean;
};

/** `{ type A, type B }`: every name inline-typed, so the whole import is erased. */
const allTypes = (named: ts.NamedImportBindings | ts.NamedExportBindings | undefined) =>
  !!named &&
  (ts.isNamedImports(named) || ts.isNamedExports(named)) &&
  named.elements.length > 0 &&
  named.elements.every((e) => e.isTypeOnly);

function importsOf(file: string, text: string) {
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const out: { spec: string; typeOnly: boolean; lazy: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const c = node.importClause;
      const typeOnly = !!c && (c.isTypeOnly || (!c.name && allTypes(c.namedBindings)));
      out.push({ spec: node.moduleSpecifier.text, typeOnly, lazy: false });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const typeOnly = node.isTypeOnly || allTypes(node.exportClause);
      out.push({ spec: node.moduleSpecifier.text, typeOnly, lazy: false });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      out.push({ spec: node.arguments[0].text, typeOnly: false, lazy: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(src);
  return out;
}

/** Every import between the app's own files (app/, without generated code and tests). */
export function appImports(root: string): Import[] {
  const config = ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const cache = ts.createModuleResolutionCache(root, (s) => s, options);
  const files = fs
    .readdirSync(path.join(root, "app"), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith("generated"))
    .map((f) => path.join(root, "app", f));
  const own = new Set(files);
  return files.flatMap((from) =>
    importsOf(from, fs.readFileSync(from, "utf8")).flatMap(({ spec, typeOnly, lazy }) => {
      const to = ts.resolveModuleName(spec, from, options, ts.sys, cache).resolvedModule
        ?.resolvedFileName;
      return to && own.has(to) ? [{ from, to, spec, typeOnly, lazy }] : [];
    }),
  );
}

/** Strongly connected components with more than one member (Tarjan): the cycles of a graph. */
export function cycles<T>(edges: Map<T, Set<T>>): T[][] {
  let next = 0;
  const index = new Map<T, number>();
  const low = new Map<T, number>();
  const stack: T[] = [];
  const onStack = new Set<T>();
  const found: T[][] = [];
  const visit = (v: T) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: T[] = [];
    let w: T;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || edges.get(v)?.has(v)) found.push(component.reverse());
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

export function graphOf<T>(pairs: Iterable<[T, T]>): Map<T, Set<T>> {
  const edges = new Map<T, Set<T>>();
  for (const [a, b] of pairs) {
    if (!edges.has(a)) edges.set(a, new Set());
    if (!edges.has(b)) edges.set(b, new Set());
    edges.get(a)!.add(b);
  }
  return edges;
}

/** The shortest way from `from` to `to` inside `within` (both ends included), or null. */
function shortestPath<T>(edges: Map<T, Set<T>>, from: T, to: T, within: Set<T>): T[] | null {
  const previous = new Map<T, T | null>([[from, null]]);
  for (let queue = [from]; queue.length;) {
    const next: T[] = [];
    for (const v of queue) {
      if (v === to) {
        const way: T[] = [];
        for (let w: T | null = v; w !== null; w = previous.get(w)!) way.unshift(w);
        return way;
      }
      for (const w of edges.get(v) ?? []) {
        if (!within.has(w) || previous.has(w)) continue;
        previous.set(w, v);
        next.push(w);
      }
    }
    queue = next;
  }
  return null;
}

/**
 * The circles to break in a component: for each of its edges, the shortest way back, once each,
 * shortest first. One tangle of nine modules reads better as the three two-way imports behind it.
 */
export function ringsIn<T>(edges: Map<T, Set<T>>, component: T[]): T[][] {
  const within = new Set(component);
  const rings = new Map<string, T[]>();
  for (const a of component)
    for (const b of edges.get(a) ?? []) {
      const back = within.has(b) ? shortestPath(edges, b, a, within) : null;
      if (!back) continue;
      const ring = a === b ? [a] : [a, ...back.slice(0, -1)];
      const start = ring.indexOf([...ring].sort()[0]!);
      const key = [...ring.slice(start), ...ring.slice(0, start)];
      rings.set(key.join("\0"), key);
    }
  return [...rings.values()].sort((x, y) => x.length - y.length);
}
