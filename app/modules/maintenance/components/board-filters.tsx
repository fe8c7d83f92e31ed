import { Button, Group, NativeSelect, TextInput } from "@mantine/core";
import { Form } from "@remix-run/react";

export type BoardFilterValues = {
  q: string;
  imei: string | null;
  assignee: number | null;
  group: number | null;
  site: number | null;
};

/** The board's filters: a GET form, so they work without JavaScript and can be bookmarked. */
export function BoardFilters(props: {
  filters: BoardFilterValues;
  vehicles: { imei: string; nickname: string }[];
  groups: { id: number; nickname: string }[];
  sites: { id: number; name: string }[];
  people: { id: number; name: string }[] | null;
}) {
  const { filters: f } = props;
  const any = (label = "Any") => ({ value: "", label });
  return (
    <Form method="get" role="search" aria-label="Filter the board">
      <Group align="flex-end" gap="sm">
        <TextInput name="q" label="Search" defaultValue={f.q} />
        <NativeSelect
          name="imei"
          label="Vehicle"
          defaultValue={f.imei ?? ""}
          data={[any(), ...props.vehicles.map((v) => ({ value: v.imei, label: v.nickname }))]}
        />
        {props.people ? (
          <NativeSelect
            name="assignee"
            label="Assignee"
            defaultValue={f.assignee === null ? "" : String(f.assignee)}
            data={[any(), ...props.people.map((p) => ({ value: String(p.id), label: p.name }))]}
          />
        ) : null}
        <NativeSelect
          name="group"
          label="Group"
          defaultValue={f.group === null ? "" : String(f.group)}
          data={[any(), ...props.groups.map((g) => ({ value: String(g.id), label: g.nickname }))]}
        />
        <NativeSelect
          name="site"
          label="Site (where it is now)"
          description="Its last position is inside the jobsite"
          defaultValue={f.site === null ? "" : String(f.site)}
          data={[any(), ...props.sites.map((s) => ({ value: String(s.id), label: s.name }))]}
        />
        <Button type="submit" variant="default">
          Filter
        </Button>
      </Group>
    </Form>
  );
}
