import { Button, Group, NativeSelect, TextInput } from "@mantine/core";
import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import { IconDownload, IconSearch } from "@tabler/icons-react";
import { fileHref } from "./links";

export type ToolbarFilter = {
  name: string;
  label: string;
  value: string;
  /** The first option is "all" (value ""). */
  options: { value: string; label: string }[];
};

export type TableToolbarProps = {
  /** The search box (`?q=`); its label names what it searches. */
  search?: { value: string; label: string; placeholder?: string };
  filters?: ToolbarFilter[];
  /** The list as a CSV file: the path of its download route, sent the page's filters and order. */
  csv?: string;
  testId?: string;
  /** Further parameters a new search keeps (set by another form of the page, e.g. a date range). */
  keep?: string[];
};

/** Parameters a new search keeps: the order stays, the page starts again. */
const KEPT = ["sort", "dir"];

/**
 * Search, filters and CSV export above a data table: a GET form, so it works without JavaScript
 * and the address keeps the view; with JavaScript a filter applies as soon as it changes.
 */
export function TableToolbar({ search, filters = [], csv, testId, keep = [] }: TableToolbarProps) {
  const location = useLocation();
  const submit = useSubmit();
  const params = new URLSearchParams(location.search);
  const active = Boolean(search?.value) || filters.some((f) => f.value !== "");
  const kept = [...KEPT, ...keep].filter((k) => params.has(k));
  const clear = new URLSearchParams(kept.map((k) => [k, params.get(k) ?? ""]));
  return (
    <Group align="flex-end" gap="xs" wrap="wrap" data-testid={testId}>
      <Form method="get" role="search" preventScrollReset style={{ display: "contents" }}>
        {kept.map((k) => (
          <input key={k} type="hidden" name={k} value={params.get(k) ?? ""} />
        ))}
        {search ? (
          <TextInput
            key={search.value}
            name="q"
            type="search"
            label={search.label}
            placeholder={search.placeholder}
            defaultValue={search.value}
            maxLength={100}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            w={{ base: "100%", xs: 240 }}
          />
        ) : null}
        {filters.map((f) => (
          <NativeSelect
            key={`${f.name}:${f.value}`}
            name={f.name}
            label={f.label}
            defaultValue={f.value}
            data={f.options}
            onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true })}
            w={{ base: "100%", xs: 180 }}
          />
        ))}
        <Button type="submit" variant="default">
          {search ? "Search" : "Apply"}
        </Button>
      </Form>
      {active ? (
        <Button component={Link} to={`?${clear}`} variant="subtle" preventScrollReset>
          Clear filters
        </Button>
      ) : null}
      {csv ? (
        <Button
          component="a"
          href={fileHref(csv, location.search)}
          download
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          ml={{ xs: "auto" }}
        >
          Export CSV
        </Button>
      ) : null}
    </Group>
  );
}
