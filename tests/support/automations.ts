import { prisma } from "~/services/db.server";
import { resetEnvCache } from "~/services/env.server";
import { seal } from "~/services/secret-box.server";

export const WEBHOOK_SECRET = "a-very-secret-key-123";

/** Company 1's overspeed automation posting to `url`, signed with WEBHOOK_SECRET. */
export function createWebhookAutomation(
  createdBy: number,
  url: string,
  over: Record<string, unknown> = {},
) {
  return prisma.automation.create({
    data: {
      companyId: 1,
      createdBy,
      name: "Hook",
      trigger: { type: "overspeed", aboveKmh: 80 },
      conditions: [],
      actions: [{ kind: "webhook", url }],
      webhookSecret: seal(WEBHOOK_SECRET, "webhook-secret"),
      cooldownMinutes: 0,
      maxPerHour: 0,
      ...over,
    },
  });
}

/** The outbound guard's test switches: a receiver on 127.0.0.1 over http. */
export function allowLoopback(on: boolean) {
  if (on) {
    process.env.OUTBOUND_ALLOW_HTTP = "1";
    process.env.OUTBOUND_ALLOW_PRIVATE = "1";
  } else {
    delete process.env.OUTBOUND_ALLOW_HTTP;
    delete process.env.OUTBOUND_ALLOW_PRIVATE;
  }
  resetEnvCache();
}
