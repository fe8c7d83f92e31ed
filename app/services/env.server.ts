import { z } from "zod";
import { singleton } from "./singleton.server";

const hours = (meaning: string) => {
  const message = `must be a positive number of hours (${meaning})`;
  return z.coerce.number({ invalid_type_error: message }).positive(message);
};
const tileUrl = z
  .string()
  .regex(/^https?:\/\/.+/, "must be an http(s) Leaflet tile URL template with {z}, {x} and {y}");

/** Every setting the server reads, parsed once. server/main.ts fills in the embedded defaults first. */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default(".data"),
  DATABASE_URL: z
    .string()
    .regex(
      /^postgres(ql)?:\/\/.+/,
      "must be a postgresql:// URL, e.g. postgresql://user:pass@localhost:5432/tracksmith",
    )
    .optional(),
  UPSTREAM_API_URL: z.string().url("must be an http(s) URL of the upstream GPS API").optional(),
  /** The payment provider's hosted card page (the upstream simulator plays it by default). */
  PAYMENT_PROVIDER_URL: z.string().url("must be an http(s) URL of the payment provider").optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4000),
  UPSTREAM_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  UPSTREAM_BREAKER_THRESHOLD: z.coerce.number().int().min(1).default(5),
  UPSTREAM_BREAKER_OPEN_MS: z.coerce.number().int().min(100).default(15_000),
  UPSTREAM_MAX_CONCURRENT: z.coerce.number().int().min(1).default(24),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().default("Tracksmith <reports@tracksmith.local>"),
  PUBLIC_URL: z.string().url("must be the public http(s) address of this app").optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  ENCRYPTION_KEY: z
    .string()
    .refine(
      (v) =>
        v
          .split(",")
          .map((k) => k.trim())
          .filter(Boolean)
          .every((k) => k.length >= 32),
      "must be a comma-separated list of keys of at least 32 characters each, newest first",
    )
    .optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(8 * 60),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .default(7 * 24),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().default("mailto:support@tracksmith.local"),
  SYNC_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(10),
  DEVICE_OUTDATED_MOVING_HOURS: hours("a moving vehicle silent longer is outdated").default(4),
  DEVICE_OUTDATED_RESTING_HOURS: hours("a resting vehicle silent longer is outdated").default(24),
  DEVICE_OFFLINE_HOURS: hours("a device silent longer is offline").default(24),
  DEVICES_OFFLINE_AFTER_HOURS: hours("silent longer: listed on devices-offline").default(24),
  MAP_TILES_NORMAL: tileUrl.default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  MAP_TILES_SATELLITE: tileUrl.default(
    "https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}",
  ),
  MAP_TILES_RAIL: tileUrl.default("https://tiles.openrailwaymap.org/standard/{z}/{x}/{y}.png"),
  MAP_TILES_ATTRIBUTION: z.string().default("© OpenStreetMap contributors"),
  DEMO_USERNAME: z.string().default("demo"),
  DEMO_PASSWORD: z.string().default("demo123"),
  TRUST_PROXY: z
    .enum(["0", "1"], { message: "must be 1 (behind one reverse proxy) or 0" })
    .default("0")
    .transform((v) => v === "1"),
  OUTBOUND_ALLOW_HTTP: z
    .enum(["0", "1"], { message: "must be 1 (webhooks and push may use http://) or 0" })
    .default("0")
    .transform((v) => v === "1"),
  OUTBOUND_ALLOW_PRIVATE: z
    .enum(["0", "1"], {
      message: "must be 1 (tests only: reach loopback and private networks) or 0",
    })
    .default("0")
    .transform((v) => v === "1"),
  TEST_CLOCK: z
    .enum(["0", "1"], { message: "must be 1 (browser tests only: a clock they move on) or 0" })
    .default("0")
    .transform((v) => v === "1"),
  REMIX_DEV_ORIGIN: z.string().url("must be the URL `remix dev` listens on").optional(),
  LOG_TESTS: z
    .enum(["0", "1"], { message: "must be 1 (log while testing) or 0" })
    .default("0")
    .transform((v) => v === "1"),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  LOGIN_MAX_FAILURES_PER_ADDRESS_DAY: z.coerce.number().int().min(1).default(100),
  RECOVERY_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  IP_LOCATION_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  // Background report jobs and scheduled-report runs (issue 16): a running one beats this often;
  // silent for JOB_STALE_MS, its worker is taken for dead (taken again, failed or cancellable).
  JOB_HEARTBEAT_MS: z.coerce.number().int().min(50).default(10_000),
  JOB_STALE_MS: z.coerce.number().int().min(200).default(60_000),
  BODY_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  // Insight-tag wiki uploads (issue 23): the largest file accepted.
  WIKI_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(90 * 1024 * 1024)
    .default(25 * 1024 * 1024),
  STREAMS_MAX_PER_SESSION: z.coerce.number().int().min(1).default(10),
  STREAMS_MAX_PER_COMPANY: z.coerce.number().int().min(1).default(500),
  // A page's total upstream wait (every call and retry of one page view); jobs are not bounded.
  UPSTREAM_PAGE_BUDGET_MS: z.coerce.number().int().min(100).default(6000),
  // Load shedding: requests answered at once, and how many may wait (at most HTTP_MAX_WAIT_MS).
  // Pages are CPU-bound: on 2 cores, 8 at once served more of them than 32 did, and each sooner
  // (README, `load`). A request waits for its turn only while its whole stay can end within
  // HTTP_MAX_WAIT_MS (server/load-shed.ts).
  HTTP_MAX_CONCURRENT: z.coerce.number().int().min(1).default(8),
  HTTP_MAX_QUEUE: z.coerce.number().int().min(0).default(256),
  HTTP_MAX_WAIT_MS: z.coerce.number().int().min(1).default(1000),
  MEDIA_HOSTS: z
    .string()
    .regex(
      /^https:\/\/[^\s,/]+(,\s*https:\/\/[^\s,/]+)*$/,
      "must be a comma-separated list of https:// origins, e.g. https://cdn.example.com",
    )
    .optional(),
});

export type Env = z.infer<typeof schema>;

export class ConfigError extends Error {}

/** Parses an environment; the error names each bad variable on one line. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ""),
  );
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".")} ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`);
  }
  const env = result.data;
  if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
    throw new ConfigError(
      "Invalid configuration: SESSION_SECRET is required in production (32+ random characters)",
    );
  }
  if (env.NODE_ENV === "production" && env.OUTBOUND_ALLOW_PRIVATE) {
    throw new ConfigError(
      "Invalid configuration: OUTBOUND_ALLOW_PRIVATE is for tests only and never allowed in production",
    );
  }
  if (env.JOB_STALE_MS < 3 * env.JOB_HEARTBEAT_MS) {
    throw new ConfigError(
      "Invalid configuration: JOB_STALE_MS must be at least 3 times JOB_HEARTBEAT_MS (a live worker must never look dead)",
    );
  }
  if (env.NODE_ENV === "production" && !env.ENCRYPTION_KEY) {
    throw new ConfigError(
      "Invalid configuration: ENCRYPTION_KEY is required in production (32+ random characters)",
    );
  }
  return env;
}

// Process-wide, so server/boot.ts (outside the build) and the build see one parsed environment and
// one resetEnvCache() after boot fills in the embedded defaults reaches both.
const cache = singleton("env", (): { env?: Env } => ({}));

export function getEnv(): Env {
  cache.env ??= parseEnv(process.env);
  return cache.env;
}

/**
 * SESSION_SECRET as a list, newest first (rotation: older ones still verify what they signed). The
 * boot sequence sets it (generated once and kept) when unset; only tests that skip boot use the fixed
 * development value.
 */
export function appSecrets(): string[] {
  return (getEnv().SESSION_SECRET ?? "development-only-secret-not-for-production-use")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * ENCRYPTION_KEY as a list, newest first: the newest seals secrets at rest, every one still opens
 * what it sealed. The boot sequence sets it (generated once and kept) when unset; only tests that
 * skip boot use the fixed development value.
 */
export function encryptionKeys(): string[] {
  return (getEnv().ENCRYPTION_KEY ?? "development-only-encryption-key-not-for-production")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** For tests and the boot sequence, after they set process.env. */
export function resetEnvCache() {
  cache.env = undefined;
}
