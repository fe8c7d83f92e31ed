import { Button, Group, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { TablePage } from "~/lib/table-query";
import { pageCount, pageHref, showingText } from "./links";

/** Previous/next as plain links (no JavaScript needed); an unavailable step is a disabled button. */
export function Pager({ paging, search }: { paging: TablePage; search: string }) {
  const pages = pageCount(paging);
  const step = (page: number, label: string, rel: "prev" | "next") =>
    page < 1 || page > pages ? (
      <Button variant="default" size="xs" disabled>
        {label}
      </Button>
    ) : (
      <Button
        component={Link}
        to={pageHref(search, page)}
        rel={rel}
        preventScrollReset
        variant="default"
        size="xs"
      >
        {label}
      </Button>
    );
  return (
    <Group justify="space-between" mt="xs" wrap="wrap" gap="xs">
      <Text size="sm" c="dimmed" data-testid="table-showing">
        {showingText(paging)}
      </Text>
      {pages > 1 ? (
        <Group component="nav" aria-label="Pages" gap="xs">
          {step(paging.page - 1, "Previous", "prev")}
          <Text size="sm">
            Page {paging.page} of {pages}
          </Text>
          {step(paging.page + 1, "Next", "next")}
        </Group>
      ) : null}
    </Group>
  );
}
