import { Alert, Paper, Stack, Title } from "@mantine/core";
import { ShareLinkForm, ShareLinkRows } from "~/components/share-links";

type Link = {
  id: string;
  uuid: string;
  expiresAt: string;
  active: boolean;
  revokedAt: string | null;
};
type Result =
  | {
      intent: string;
      ok?: boolean;
      message?: string;
      errors?: Record<string, string>;
      shareUrl?: string;
      confirmFor?: string;
    }
  | undefined;

/** Create and revoke the links that open the public beacon dashboard (plain forms: no JavaScript needed). */
export function BeaconShareLinks({
  links,
  durations,
  result,
}: {
  links: Link[];
  durations: { minutes: number; label: string }[];
  result: Result;
}) {
  const url = (l: Link) => `/beacons/dashboard/${l.uuid}?share=${l.id}`;
  const feedback =
    result && (result.intent === "share" || result.intent === "share-revoke") && result.message;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Share this beacon's position
        </Title>
        <ShareLinkForm
          durations={durations}
          error={result?.intent === "share" ? result.errors?.minutes : undefined}
          testid="beacon-share-form"
        />
        {feedback ? (
          <Alert color={result.ok ? "green" : "red"} variant="light" role="status">
            {result.message}
          </Alert>
        ) : null}
        <ShareLinkRows
          links={links}
          href={url}
          shown={(l) => `${url(l).slice(0, 60)}…`}
          hidden="/beacons/dashboard/…"
          empty="No share links yet. Without one, the public beacon page shows nothing."
          testid="beacon-share-link"
          confirmFor={result?.intent === "share-revoke" ? result.confirmFor : null}
        />
      </Stack>
    </Paper>
  );
}
