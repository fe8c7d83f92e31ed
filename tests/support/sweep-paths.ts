/** Ids a sweep puts into paths; `insight`: an insight tag's uuid, for the insight-tag pages' `:uuid`. */
export type Ids = { imei: string; uuid: string; insight?: string; id?: string };

/** A concrete path for a registry pattern: the given device or beacon, sample values elsewhere. */
export function samplePath(pattern: string, ids: Ids) {
  return pattern
    .split("/")
    .map((seg) => {
      if (seg === "*") return "photos/devices/probe.svg";
      if (!seg.startsWith(":")) return seg;
      const name = seg.replace(/^:|\?$/g, "");
      if (name === "imei") return ids.imei;
      if (name === "uuid")
        return pattern.includes("/insight-tag") && ids.insight ? ids.insight : ids.uuid;
      if (name === "id" && ids.id) return ids.id;
      if (name === "kind") return "distance-per-vehicle";
      if (name === "format") return "csv";
      return name === "token" ? "x".repeat(43) : "1";
    })
    .join("/");
}
