/**
 * Answers that could not be sent because the device was offline, kept in localStorage and sent
 * when the network returns (browser only). Each carries the reference the server passes upstream,
 * so an answer sent twice (a flaky network) is stored once.
 */
export type QueuedAnswers = {
  url: string;
  routeId: string;
  title: string;
  entries: [string, string][];
  files: [string, string][];
  queuedAt: string;
};

export const queueKey = (userId: number) => `forms-queue:${userId}`;
export const draftKey = (formId: number, version: number, userId: number) =>
  `forms-draft:${formId}:${version}:${userId}`;

export function readQueue(userId: number): QueuedAnswers[] {
  try {
    const raw = JSON.parse(localStorage.getItem(queueKey(userId)) ?? "[]") as unknown;
    return Array.isArray(raw) ? (raw as QueuedAnswers[]) : [];
  } catch {
    return [];
  }
}

const writeQueue = (userId: number, q: QueuedAnswers[]) =>
  q.length
    ? localStorage.setItem(queueKey(userId), JSON.stringify(q))
    : localStorage.removeItem(queueKey(userId));

const asDataUrl = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });

export async function enqueue(
  userId: number,
  form: HTMLFormElement,
  routeId: string,
  title: string,
): Promise<void> {
  const data = new FormData(form);
  const entries: [string, string][] = [];
  const files: [string, string][] = [];
  for (const [k, v] of data.entries()) {
    if (typeof v === "string") entries.push([k, v]);
    else if (v.size > 0) files.push([k, await asDataUrl(v)]);
  }
  writeQueue(userId, [
    ...readQueue(userId),
    {
      url: form.getAttribute("action") || location.pathname,
      routeId,
      title,
      entries,
      files,
      queuedAt: new Date().toISOString(),
    },
  ]);
}

export type FlushResult = { sent: string[]; refused: string[]; left: number };

/** Sends what is queued; what the network still cannot carry stays for the next try. */
export async function flushQueue(userId: number): Promise<FlushResult> {
  const out: FlushResult = { sent: [], refused: [], left: 0 };
  const left: QueuedAnswers[] = [];
  for (const item of readQueue(userId)) {
    const fd = new FormData();
    for (const [k, v] of item.entries) fd.append(k, v);
    for (const [k, v] of item.files) fd.append(k, await (await fetch(v)).blob(), "photo");
    fd.set("queued", "1");
    const url = `${item.url.split("?")[0]}?_data=${encodeURIComponent(item.routeId)}`;
    try {
      const res = await fetch(url, { method: "POST", body: fd, credentials: "same-origin" });
      if (res.ok) out.sent.push(item.title);
      else if (res.status >= 500 || res.status === 429) left.push(item);
      else out.refused.push(item.title);
    } catch {
      left.push(item);
    }
  }
  writeQueue(userId, left);
  out.left = left.length;
  return out;
}
