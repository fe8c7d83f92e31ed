/* Tracksmith service worker: shows push notifications and opens the right page on click.
 * Served with Cache-Control: no-cache (server/http.ts) so an update reaches browsers at once. */

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

/** Only our own pages: a payload can never send the user to another site. */
function safeLink(link) {
  try {
    const url = new URL(link || "/dashboard/notifications", self.location.origin);
    return url.origin === self.location.origin
      ? url.href
      : new URL("/dashboard/notifications", self.location.origin).href;
  } catch {
    return new URL("/dashboard/notifications", self.location.origin).href;
  }
}

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const title = data.title || "Tracksmith";
  const options = {
    body: data.body || "",
    icon: data.icon || "/favicon.svg",
    badge: "/favicon.svg",
    tag: data.tag || undefined,
    renotify: Boolean(data.tag),
    timestamp: Date.now(),
    data: { link: safeLink(data.link), id: data.id || null, kind: data.kind || null },
  };
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(title, options);
      // Open tabs refresh their bell without waiting for the live stream.
      const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      for (const tab of tabs) tab.postMessage({ type: "tracksmith:push", payload: data });
    })(),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = (event.notification.data && event.notification.data.link) || safeLink(null);
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      // A tab already on that page: focus it. Else any Tracksmith tab: navigate it. Else open one.
      const exact = tabs.find((t) => t.url === target);
      if (exact) return exact.focus();
      const ours = tabs.find((t) => new URL(t.url).origin === self.location.origin);
      if (ours) {
        await ours.focus();
        return ours.navigate ? ours.navigate(target) : undefined;
      }
      return self.clients.openWindow(target);
    })(),
  );
});

self.addEventListener("pushsubscriptionchange", (event) => {
  // The browser rotated the subscription: store the new one (the cookie session authenticates).
  event.waitUntil(
    (async () => {
      const sub =
        event.newSubscription ||
        (event.oldSubscription &&
          (await self.registration.pushManager.subscribe(event.oldSubscription.options)));
      if (!sub) return;
      await fetch("/api/push-subscriptions", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(sub.toJSON()),
      });
    })(),
  );
});
