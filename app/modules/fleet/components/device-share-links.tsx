import { ShareLinkForm, ShareLinkRows } from "~/components/share-links";
import { Feedback, Section, type ActionData } from "./device-manage-parts";

/** The device's live-position share links: create one, list them, revoke (with a confirmation). */
export function ShareLinks({
  links,
  result,
  durations,
}: {
  links: { id: string; expiresAt: string; active: boolean; revokedAt: string | null }[];
  result: (ActionData & { shareId?: string }) | undefined;
  durations: { minutes: number; label: string }[];
}) {
  return (
    <Section title="Share live position">
      <ShareLinkForm
        durations={durations}
        error={result?.intent === "share" ? result.errors?.minutes : undefined}
        testid="form-share"
      />
      <Feedback result={result} intent="share" />
      <Feedback result={result} intent="share-revoke" />
      <ShareLinkRows
        links={links}
        href={(l) => `/sharing/${l.id}`}
        shown={(l) => `/sharing/${l.id.slice(0, 10)}…`}
        hidden="/sharing/…"
        empty="No share links yet."
        testid="share-link"
        confirmFor={result?.intent === "share-revoke" ? result.confirmFor : null}
      />
    </Section>
  );
}
