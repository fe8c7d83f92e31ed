import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";

/** The production build (npm run build), as server/http.ts loads it. */
export async function productionBuild(): Promise<ServerBuild> {
  return (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
}

/**
 * Remix's request handler over the production build with the routes keeping the product's
 * promises, exactly as server/http.ts serves them (its `keepPromises`).
 */
export function promisedHandler(build: ServerBuild) {
  const keep = (build.entry.module as { keepPromises?: (b: ServerBuild) => ServerBuild })
    .keepPromises;
  if (!keep) throw new Error("the server build does not export keepPromises");
  return createRequestHandler(keep(build), "production");
}
