import { Alert } from "@mantine/core";
import { useMatches } from "@remix-run/react";
import { keptCopyText, keptMarkOf } from "~/lib/kept-copy";

/** Says so when any route of the page shows its last good copy (the tracking service is down). */
export function KeptCopyNotice() {
  const mark = useMatches()
    .map((m) => keptMarkOf(m.data))
    .find((m) => m !== null);
  if (!mark) return null;
  return (
    <Alert color="yellow" variant="light" role="status" radius={0} data-testid="kept-copy-notice">
      {keptCopyText(mark)}
    </Alert>
  );
}
