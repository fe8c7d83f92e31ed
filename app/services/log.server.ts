import { getEnv } from "./env.server";

/** Server log lines; tokens are masked so a log never carries a usable bearer. */
export function maskSecrets(text: string): string {
  return text
    .replace(/(Bearer\s+)[A-Za-z0-9._~+/=-]+/g, "$1***")
    .replace(/eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g, "***jwt***")
    .replace(/("?(?:token|password|secret)"?\s*[:=]\s*)"?[^",\s}]+"?/gi, '$1"***"');
}

export function logInfo(scope: string, message: string) {
  const env = getEnv();
  if (env.NODE_ENV === "test" && !env.LOG_TESTS) return;
  console.log(`[${scope}] ${maskSecrets(message)}`);
}

export function logError(scope: string, error: unknown) {
  const text = error instanceof Error ? `${error.message}\n${error.stack ?? ""}` : String(error);
  console.error(`[${scope}] ${maskSecrets(text)}`);
}
