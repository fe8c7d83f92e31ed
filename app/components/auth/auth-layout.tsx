import { Anchor, Center, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Brand } from "~/components/shell/brand";

/** The frame of the sign-in, sign-up and recovery screens. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-light)">
      <Paper withBorder shadow="sm" p="xl" radius="lg" w="100%" maw={420}>
        <Stack gap="md">
          <Anchor href="/" underline="never" aria-label="Tracksmith home">
            <Brand />
          </Anchor>
          <div>
            <Title order={1} size="h2">
              {title}
            </Title>
            {subtitle ? (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            ) : null}
          </div>
          {children}
          {footer}
        </Stack>
      </Paper>
    </Center>
  );
}
