import { Group, Image, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

export type PodView = {
  recipient_name: string;
  at: string;
  lat: number | null;
  lng: number | null;
  photo: string | null;
  signature: string | null;
};

/** The proof of delivery: who took it, when and where, the photo and the signature. */
export function ProofOfDelivery({ pod, time }: { pod: PodView; time: ReactNode }) {
  return (
    <Paper withBorder p="md" data-testid="pod">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Proof of delivery
        </Title>
        <Text size="sm">
          Received by <strong data-testid="pod-name">{pod.recipient_name}</strong> at {time}
          {pod.lat !== null && pod.lng !== null
            ? ` · at ${pod.lat.toFixed(5)}, ${pod.lng.toFixed(5)}`
            : " · place not recorded"}
        </Text>
        <Group align="flex-start" gap="md">
          {pod.photo ? (
            <Image
              src={pod.photo}
              alt={`Photo of the delivery received by ${pod.recipient_name}`}
              maw={260}
              radius="sm"
              data-testid="pod-photo"
            />
          ) : (
            <Text size="sm" c="dimmed">
              No photo.
            </Text>
          )}
          {pod.signature ? (
            <Image
              src={pod.signature}
              alt={`Signature of ${pod.recipient_name}`}
              maw={260}
              bg="white"
              radius="sm"
              style={{ border: "1px solid var(--mantine-color-gray-4)" }}
              data-testid="pod-signature"
            />
          ) : (
            <Text size="sm" c="dimmed">
              No signature.
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
