import { z } from "zod";

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
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  LOGIN_MAX_FAILURES_PER_ADDRESS_DAY: z.coerce.number().int().min(1).default(100),
  IP_LOCATION_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
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
  return env;
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
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

/** For tests and the boot sequence, after they set process.env. */
export function resetEnvCache() {
  cached = undefined;
}
