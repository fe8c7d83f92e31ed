/**
 * The options of a one-vehicle picker. A select of every vehicle is fine for a few hundred; a fleet
 * of 10,000 made the logbook page 1.3 MB (9,000 options, twice: markup and loader data). Above
 * ALL_UP_TO the picker offers the vehicles matching a search (and always the chosen one).
 */
export type VehicleOption = { imei: string; nickname: string };
export type VehicleChoices = {
  options: VehicleOption[];
  /** Every vehicle of the picker, not only those offered. */
  total: number;
  query: string;
  /** Only matches are offered: the picker shows its search field. */
  limited: boolean;
};

export const ALL_UP_TO = 300;
export const MATCHES_SHOWN = 100;

export function vehicleChoices(
  vehicles: readonly VehicleOption[],
  selected: string | null,
  query: string | null,
): VehicleChoices {
  const q = (query ?? "").trim();
  const all = vehicles.map(({ imei, nickname }) => ({ imei, nickname }));
  if (all.length <= ALL_UP_TO) return { options: all, total: all.length, query: q, limited: false };
  const needle = q.toLowerCase();
  const matches = (
    needle
      ? all.filter((v) => v.nickname.toLowerCase().includes(needle) || v.imei.includes(needle))
      : all
  ).slice(0, MATCHES_SHOWN);
  const chosen =
    selected && !matches.some((v) => v.imei === selected)
      ? all.find((v) => v.imei === selected)
      : undefined;
  return {
    options: chosen ? [chosen, ...matches] : matches,
    total: all.length,
    query: q,
    limited: true,
  };
}
