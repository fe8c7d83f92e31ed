import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";

/**
 * Prisma's migrate commands need a native schema engine that cannot be downloaded here,
 * so we drive the same engine compiled to WebAssembly (@prisma/schema-engine-wasm).
 */
type Engine = {
  applyMigrations(input: unknown): Promise<{ appliedMigrationNames: string[] }>;
  diff(input: unknown): Promise<{ exitCode: number; stdout?: string | null }>;
  free(): void;
};

const require = createRequire(import.meta.url);
export const SCHEMA_PATH = path.resolve("prisma/schema.prisma");
export const MIGRATIONS_DIR = path.resolve("prisma/migrations");

async function loadEngineModule() {
  const gluePath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  const pkgDir = path.dirname(gluePath);
  const glue = await import(gluePath);
  const bytes = await fs.readFile(path.join(pkgDir, "schema_engine_bg.wasm"));
  const { instance } = (await WebAssembly.instantiate(bytes, {
    "./schema_engine_bg.js": glue,
  })) as unknown as WebAssembly.WebAssemblyInstantiatedSource;
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start(): void }).__wbindgen_start();
  return glue as {
    SchemaEngine: {
      new: (o: unknown, log: (m: string) => void, adapter: unknown) => Promise<Engine>;
    };
  };
}

let modulePromise: ReturnType<typeof loadEngineModule> | undefined;

async function withEngine<T>(
  databaseUrl: string,
  schemaText: string,
  fn: (engine: Engine) => Promise<T>,
): Promise<T> {
  modulePromise ??= loadEngineModule();
  const { SchemaEngine } = await modulePromise;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const factory = bindMigrationAwareSqlAdapterFactory(
    new PrismaPg(pool as unknown as ConstructorParameters<typeof PrismaPg>[0]),
  );
  const engine = await SchemaEngine.new(
    { datamodels: [["schema.prisma", schemaText]] },
    () => {},
    factory,
  );
  try {
    return await fn(engine);
  } finally {
    engine.free();
    await pool.end();
  }
}

async function migrationList() {
  const names = (await fs.readdir(MIGRATIONS_DIR, { withFileTypes: true }).catch(() => []))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const migrationDirectories = await Promise.all(
    names.map(async (name) => ({
      path: name,
      migrationFile: {
        path: "migration.sql",
        content: await fs
          .readFile(path.join(MIGRATIONS_DIR, name, "migration.sql"), "utf8")
          .then((ok) => ({ tag: "ok", value: ok }))
          .catch((e: Error) => ({ tag: "error", value: e.message })),
      },
    })),
  );
  const lockPath = path.join(MIGRATIONS_DIR, "migration_lock.toml");
  return {
    baseDir: MIGRATIONS_DIR,
    lockfile: {
      path: "migration_lock.toml",
      content: await fs.readFile(lockPath, "utf8").catch(() => null),
    },
    shadowDbInitScript: "",
    migrationDirectories,
  };
}

const noFilter = { externalTables: [], externalEnums: [] };

/** Applies prisma/migrations/* in order, recording them in Prisma's own _prisma_migrations table. */
export async function applyMigrations(databaseUrl: string): Promise<string[]> {
  const schema = await fs.readFile(SCHEMA_PATH, "utf8");
  const list = await migrationList();
  return withEngine(databaseUrl, schema, async (engine) => {
    const out = await engine.applyMigrations({ migrationsList: list, filters: noFilter });
    return out.appliedMigrationNames;
  });
}

/** The SQL that turns the schema `fromText` into `toText` (any reachable database serves the engine). */
export async function diffSchemas(
  databaseUrl: string,
  fromText: string | null,
  toText: string,
): Promise<string> {
  const target = (text: string) => ({
    tag: "schemaDatamodel",
    files: [{ path: SCHEMA_PATH, content: text }],
  });
  return withEngine(databaseUrl, toText, async (engine) => {
    const result = await engine.diff({
      from: fromText ? target(fromText) : { tag: "empty" },
      to: target(toText),
      script: true,
      shadowDatabaseUrl: null,
      exitCode: null,
      filters: noFilter,
    });
    return result.stdout ?? "";
  });
}
