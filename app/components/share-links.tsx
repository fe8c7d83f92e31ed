import { Anchor, Button, CopyButton, Group, NativeSelect, Stack, Text } from "@mantine/core";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { ConfirmForm } from "~/components/confirm-form";
import { LocalTime } from "~/components/local-time";
import { QrCode } from "~/components/qr-code";

export type ShareLinkRow = {
  id: string;
  expiresAt: string;
  active: boolean;
  revokedAt: string | null;
};

/** Creates a share link (a plain form: intent=share, minutes). */
export function ShareLinkForm({
  durations,
  error,
  testid,
}: {
  durations: { minutes: number; label: string }[];
  error?: string;
  testid: string;
}) {
  return (
    <Form method="post" data-testid={testid}>
      <input type="hidden" name="intent" value="share" />
      <Group align="flex-end">
        <NativeSelect
          name="minutes"
          label="Link works for"
          data={durations.map((d) => ({ value: String(d.minutes), label: d.label }))}
          defaultValue="60"
          error={error}
        />
        <Button type="submit">Create share link</Button>
      </Group>
    </Form>
  );
}

/** Copies a link's address (with JavaScript; without it the address is there to select). */
function CopyLink({ value }: { value: string }) {
  if (!useHydrated()) return null;
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button variant="subtle" size="compact-xs" onClick={copy} data-copied={copied || undefined}>
          {copied ? "Copied" : "Copy link"}
        </Button>
      )}
    </CopyButton>
  );
}

/**
 * The links made so far, each with its state and, while active, a revoke button (intent=share-revoke
 * unless told otherwise) that asks first: the action answers the first post with `confirmFor` (the
 * link's id), whose row then shows the question (ConfirmForm, without JavaScript too). `label` and
 * `extra` add what a kind of link needs around the address; `qr` names an active link's QR code (to
 * print on a label), shown under it on request.
 */
export function ShareLinkRows<L extends ShareLinkRow>({
  links,
  href,
  shown,
  hidden,
  empty,
  testid,
  label,
  extra,
  qr,
  copy = false,
  confirmFor,
  revokeIntent = "share-revoke",
  canRevoke = true,
}: {
  links: L[];
  href: (l: L) => string;
  shown: (l: L) => string;
  hidden: string;
  empty: string;
  testid: string;
  label?: (l: L) => ReactNode;
  extra?: (l: L) => ReactNode;
  qr?: (l: L) => string;
  copy?: boolean;
  confirmFor?: string | null;
  revokeIntent?: string;
  canRevoke?: boolean;
}) {
  if (!links.length) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      {links.map((l) => (
        <Group
          key={l.id}
          id={`link-${l.id}`}
          justify="space-between"
          wrap="nowrap"
          align="flex-start"
          data-testid={testid}
          data-active={l.active}
          data-status={l.revokedAt ? "revoked" : l.active ? "active" : "expired"}
        >
          <Text size="sm" style={{ wordBreak: "break-all", flex: 1, minWidth: 0 }} component="div">
            {label ? <>{label(l)} </> : null}
            {l.active ? (
              <Anchor href={href(l)} inherit>
                {shown(l)}
              </Anchor>
            ) : (
              <s>{hidden}</s>
            )}
            {l.active && copy ? (
              <>
                {" "}
                <CopyLink value={href(l)} />
              </>
            ) : null}{" "}
            <span>
              {l.revokedAt ? (
                "revoked"
              ) : l.active ? (
                <>
                  until <LocalTime at={l.expiresAt} />
                </>
              ) : (
                "expired"
              )}
            </span>
            {extra ? <> {extra(l)}</> : null}
          </Text>
          {qr && l.active ? <QrCode value={href(l)} name={qr(l)} /> : null}
          {!l.active || !canRevoke ? null : (
            <ConfirmForm
              fields={{ intent: revokeIntent, id: l.id }}
              confirming={confirmFor === l.id}
              label="Revoke"
              question="Revoke this link? Whoever has it can no longer use it."
              confirmLabel="Yes, revoke"
              size="xs"
              variant="outline"
            />
          )}
        </Group>
      ))}
    </Stack>
  );
}
