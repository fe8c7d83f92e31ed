import { notifications } from "@mantine/notifications";

/** SPEC §8: the message of the error snackbar when logout fails. */
export const LOGOUT_ERROR = "Unable to logout";

/**
 * Logs out through the POST form action at /logout. A redirect (or any 2xx) means the session is
 * gone: go to the sign-in page with a full load, so no data of the old session stays in memory.
 * Anything else (network error, 4xx/5xx) shows the error snackbar and keeps the user where they are.
 */
export async function logout() {
  try {
    const res = await fetch("/logout", {
      method: "POST",
      redirect: "manual",
      credentials: "same-origin",
    });
    if (res.type !== "opaqueredirect" && !res.ok) throw new Error(`status ${res.status}`);
    window.location.assign("/login");
  } catch {
    notifications.show({ color: "red", title: "Logout", message: LOGOUT_ERROR });
  }
}
