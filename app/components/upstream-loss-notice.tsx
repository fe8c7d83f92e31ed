import { Alert } from "@mantine/core";
import type { ShellData } from "~/lib/shell";

/** Tells an admin that the built-in GPS service started without some of its saved changes. */
export function UpstreamLossNotice({ loss }: { loss: ShellData["upstreamLoss"] }) {
  if (!loss) return null;
  const changes = loss.lost === 1 ? "1 saved change" : `${loss.lost} saved changes`;
  const copy = loss.copy
    ? `, and the journal as found is kept in its data folder as ${loss.copy}`
    : "";
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      radius={0}
      title="Changes lost by the built-in GPS service"
      data-testid="upstream-loss-notice"
      data-lost={loss.lost}
    >
      {`The built-in GPS service lost ${changes} when it started: its journal was damaged. ` +
        `The server log lists each one${copy}. Check those changes and make them again where needed.`}
    </Alert>
  );
}
