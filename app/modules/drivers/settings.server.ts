/**
 * Scoring settings of a company, versioned: saving never updates a row, it adds version n + 1, and
 * every computed score names the version that made it. Version 0 is the product's defaults.
 */
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/services/db.server";
import { DEFAULT_SCORE_SETTINGS, scoreSettingsSchema, type ScoreSettings } from "./score";

export type VersionedSettings = {
  version: number;
  settings: ScoreSettings;
  createdBy: string | null;
  createdAt: string | null;
};

const DEFAULTS: VersionedSettings = {
  version: 0,
  settings: DEFAULT_SCORE_SETTINGS,
  createdBy: null,
  createdAt: null,
};

function toVersioned(row: {
  version: number;
  settings: unknown;
  createdBy: string;
  createdAt: Date;
}): VersionedSettings {
  const parsed = scoreSettingsSchema.safeParse(row.settings);
  return {
    version: row.version,
    settings: parsed.success ? parsed.data : DEFAULT_SCORE_SETTINGS,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The company's settings in force (the newest version), or the defaults as version 0. */
export async function currentSettings(companyId: number): Promise<VersionedSettings> {
  const row = await prisma.driverScoreSettings.findFirst({
    where: { companyId },
    orderBy: { version: "desc" },
  });
  return row ? toVersioned(row) : DEFAULTS;
}

/** A given version of the company's settings (null when the company has no such version). */
export async function settingsVersion(
  companyId: number,
  version: number,
): Promise<VersionedSettings | null> {
  if (version === 0) return DEFAULTS;
  const row = await prisma.driverScoreSettings.findUnique({
    where: { companyId_version: { companyId, version } },
  });
  return row ? toVersioned(row) : null;
}

export async function settingsHistory(companyId: number): Promise<VersionedSettings[]> {
  const rows = await prisma.driverScoreSettings.findMany({
    where: { companyId },
    orderBy: { version: "desc" },
    take: 20,
  });
  return [...rows.map(toVersioned), DEFAULTS];
}

/** Saves new settings as the next version; two saves at once get distinct versions (retry on conflict). */
export async function saveSettings(
  companyId: number,
  settings: ScoreSettings,
  by: string,
): Promise<VersionedSettings> {
  const valid = scoreSettingsSchema.parse(settings);
  for (let attempt = 0; ; attempt++) {
    const latest = await prisma.driverScoreSettings.findFirst({
      where: { companyId },
      orderBy: { version: "desc" },
      select: { version: true },
    });
    try {
      const row = await prisma.driverScoreSettings.create({
        data: {
          companyId,
          version: (latest?.version ?? 0) + 1,
          settings: valid as unknown as Prisma.InputJsonValue,
          createdBy: by,
        },
      });
      return toVersioned(row);
    } catch (e) {
      const conflict = e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002";
      if (!conflict || attempt >= 3) throw e;
    }
  }
}
