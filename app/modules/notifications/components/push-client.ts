/**
 * Browser side of push: the service worker, permission and the subscription. Failures are
 * logged to the console, never shown as errors (SPEC §8: push subscription failures are only
 * logged); every function resolves.
 */

export const SW_URL = "/sw.js";
const DISMISSED_KEY = "tracksmith.pushPrompt.dismissedAt";
const DISMISS_DAYS = 7;

export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

export function permission(): NotificationPermission | "unsupported" {
  return pushSupported() ? Notification.permission : "unsupported";
}

/** Registers the service worker (at sign-in: the shell mounts the bell). */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!("serviceWorker" in navigator)) return null;
  try {
    return await navigator.serviceWorker.register(SW_URL, { scope: "/" });
  } catch (e) {
    console.warn("[push] service worker registration failed", e);
    return null;
  }
}

function keyBytes(base64url: string): Uint8Array {
  const b64 = (base64url + "=".repeat((4 - (base64url.length % 4)) % 4))
    .replace(/-/g, "+")
    .replace(/_/g, "/");
  const raw = atob(b64);
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

async function publicKey(): Promise<string | null> {
  const res = await fetch("/api/push-key", { credentials: "same-origin" });
  if (!res.ok) return null;
  return ((await res.json()) as { publicKey: string | null }).publicKey;
}

/** Subscribes this browser (or re-sends its existing subscription) and stores it on our server. */
export async function subscribeThisBrowser(): Promise<boolean> {
  try {
    if (!pushSupported() || Notification.permission !== "granted") return false;
    const reg = (await registerServiceWorker()) && (await navigator.serviceWorker.ready);
    if (!reg) return false;
    let sub = await reg.pushManager.getSubscription();
    if (!sub) {
      const key = await publicKey();
      if (!key) return false;
      sub = await reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(key) as BufferSource,
      });
    }
    const res = await fetch("/api/push-subscriptions", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(sub.toJSON()),
    });
    if (!res.ok) throw new Error(`server answered ${res.status}`);
    return true;
  } catch (e) {
    console.warn("[push] subscription failed", e);
    return false;
  }
}

/** Asks for permission (only ever from a click, after our explanation), then subscribes. */
export async function enablePush(): Promise<NotificationPermission | "unsupported"> {
  if (!pushSupported()) return "unsupported";
  try {
    const result =
      Notification.permission === "default"
        ? await Notification.requestPermission()
        : Notification.permission;
    if (result === "granted") await subscribeThisBrowser();
    return result;
  } catch (e) {
    console.warn("[push] permission request failed", e);
    return Notification.permission;
  }
}

export async function currentEndpoint(): Promise<string | null> {
  try {
    if (!pushSupported()) return null;
    const reg = await navigator.serviceWorker.getRegistration("/");
    return (await reg?.pushManager.getSubscription())?.endpoint ?? null;
  } catch {
    return null;
  }
}

/** Unsubscribes this browser here and on our server. */
export async function unsubscribeThisBrowser(): Promise<void> {
  try {
    const reg = await navigator.serviceWorker.getRegistration("/");
    const sub = await reg?.pushManager.getSubscription();
    if (!sub) return;
    await fetch("/api/push-subscriptions", {
      method: "DELETE",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ endpoint: sub.endpoint }),
    });
    await sub.unsubscribe();
  } catch (e) {
    console.warn("[push] unsubscribe failed", e);
  }
}

export function promptDismissedRecently(): boolean {
  try {
    const at = Number(localStorage.getItem(DISMISSED_KEY));
    return Number.isFinite(at) && at > 0 && Date.now() - at < DISMISS_DAYS * 86_400_000;
  } catch {
    return false;
  }
}

export function dismissPrompt() {
  try {
    localStorage.setItem(DISMISSED_KEY, String(Date.now()));
  } catch {
    /* private mode: the prompt simply comes back next time */
  }
}
