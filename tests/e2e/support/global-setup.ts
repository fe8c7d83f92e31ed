import fs from "node:fs/promises";
import type { TestProject } from "vitest/node";
import { startAppProcess, type AppProcess } from "./app-process";

let app: AppProcess | undefined;

export async function setup(project: TestProject) {
  const dataDir = ".data/e2e";
  await fs.rm(dataDir, { recursive: true, force: true });
  app = await startAppProcess({ DATA_DIR: dataDir, SMTP_URL: "", UPSTREAM_API_URL: "", DATABASE_URL: "" });
  project.provide("appUrl", app.url);
  project.provide("upstreamUrl", app.upstreamUrl);
}

export async function teardown() {
  await app?.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    appUrl: string;
    upstreamUrl: string;
  }
}
