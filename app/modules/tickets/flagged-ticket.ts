/** The ticket a failed inspection answer raises: which type, and its title, description and facts (pure). */
import type { TicketType } from "./upstream.server";

/** A flagged answer as the forms module reports it. */
export type Flag = { id: string; label: string; value: string; group?: string; item?: number };

/** The company's maintenance type: the first active one about vehicles or repairs, else the first active one. */
export function maintenanceType(types: TicketType[]): TicketType | null {
  const active = types.filter((t) => t.active);
  return (
    active.find((t) => /repair|maint|defect|vehicle/i.test(`${t.name} ${t.description}`)) ??
    active[0] ??
    null
  );
}

const flagText = (f: Flag) =>
  `${f.group ? `${f.group} ${f.item ?? ""}: `.replace(" :", ":") : ""}${f.label} = ${f.value}`;

/** The ticket's title, description and facts from the submission's flags. */
export function flaggedTicket(
  s: { id: string; title: string; flags: Flag[]; href: string; person: string },
  type: TicketType,
) {
  const [first, ...rest] = s.flags;
  const title = `${s.title}: ${flagText(first!)}${rest.length ? ` (+${rest.length} more)` : ""}`;
  const facts: Record<string, string> = {};
  for (const f of type.fields)
    if (f.kind === "choice") {
      const hit = f.options?.find((o) =>
        s.flags.some((x) => x.label.toLowerCase().includes(o.toLowerCase())),
      );
      if (hit) facts[f.key] = hit;
    }
  const description = [
    `Raised from a failed answer in "${s.title}" (submission ${s.id}, by ${s.person}).`,
    ...s.flags.map((f) => `- ${flagText(f)}`),
    `Submission: ${s.href}`,
  ].join("\n");
  return { title: title.slice(0, 120), description: description.slice(0, 4000), facts };
}
