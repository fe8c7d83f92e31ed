import { Button, Group, NativeSelect } from "@mantine/core";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useCompanyZone } from "~/components/company-time";
import { formatDay } from "~/lib/zoned-time";

/** Payroll group and pay period (GET form: works without JavaScript). */
export function PeriodPicker({
  groups,
  group,
  periods,
  period,
  children,
}: {
  groups: { id: number; name: string }[];
  group: { id: number } | null;
  periods: { from: string; to: string; locked: boolean }[];
  period: { from: string } | null;
  children?: ReactNode;
}) {
  const zone = useCompanyZone();
  return (
    <Form method="get">
      <Group align="flex-end" gap="sm">
        <NativeSelect
          name="group"
          label="Payroll group"
          defaultValue={group ? String(group.id) : ""}
          data={groups.map((g) => ({ value: String(g.id), label: g.name }))}
        />
        <NativeSelect
          key={group?.id}
          name="period"
          label="Pay period"
          defaultValue={period?.from ?? ""}
          data={periods.map((p) => ({
            value: p.from,
            label: `${formatDay(p.from, zone)} to ${formatDay(p.to, zone)}${p.locked ? " (locked)" : ""}`,
          }))}
        />
        {children}
        <Button type="submit" variant="default">
          Show
        </Button>
      </Group>
    </Form>
  );
}
