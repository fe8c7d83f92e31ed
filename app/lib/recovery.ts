import { MESSAGES } from "~/services/upstream/errors";

/** SPEC §4 and §8: the password-recovery messages, word for word. */
export const RECOVERY_MESSAGES = {
  loggingIn: "Logging in with token...",
  loggedIn: "Successfully logged in, changing password",
  changed: "Successfully changed password! Redirecting...",
  missingToken: MESSAGES.noLoginToken,
  noToken: MESSAGES.tokenLoginNoToken,
  failed: MESSAGES.tokenLoginFailed,
} as const;

/** SPEC §5: the token is read from the query parameter named 'token?' (with the question mark). */
export function recoveryTokenFrom(params: URLSearchParams): string | null {
  return params.get("token?");
}
