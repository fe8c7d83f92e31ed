import { Badge, Text } from "@mantine/core";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { formatZoned } from "~/lib/zoned-time";
import { formatMinutes } from "../units";

type Row = {
  side: "high" | "low";
  start: number;
  end: number;
  countedMs: number;
  openEnded: boolean;
  peak: { t: number; v: number | null };
  alarm: boolean;
};

const col = createColumnHelper<Row>();

function columns(timeZone: string, fmt: (x: number | null) => string, minDurationS: number) {
  return [
    col.accessor("side", {
      header: "Side",
      cell: ({ getValue }) => (getValue() === "high" ? "Above" : "Below"),
    }),
    col.accessor("start", {
      header: "Start",
      cell: ({ getValue }) => formatZoned(getValue(), timeZone),
    }),
    col.accessor("end", {
      header: "End",
      cell: ({ row: { original: e } }) =>
        `${formatZoned(e.end, timeZone)}${e.openEnded ? " (open)" : ""}`,
    }),
    col.accessor("countedMs", {
      header: "Out of range",
      cell: ({ getValue }) => formatMinutes(getValue()),
    }),
    col.display({ id: "peak", header: "Peak", cell: ({ row }) => fmt(row.original.peak.v) }),
    col.accessor("alarm", {
      header: "Alert",
      cell: ({ getValue }) =>
        getValue() ? (
          <Badge color="red" variant="light">
            Alerted
          </Badge>
        ) : (
          <Text size="sm">Shorter than {Math.round(minDurationS / 60)} min</Text>
        ),
    }),
  ];
}

/** A device's excursions outside its limit, and whether each lasted long enough to alert. */
export function ExcursionTable({
  excursions,
  timeZone,
  unit,
  minDurationS,
}: {
  excursions: Row[];
  timeZone: string;
  unit: string;
  minDurationS: number;
}) {
  const fmt = (x: number | null | undefined) =>
    x === null || x === undefined ? "—" : `${x} ${unit}`;
  return (
    <DataTable
      data={excursions}
      columns={columns(timeZone, fmt, minDurationS)}
      getRowId={(e) => `${e.side}${e.start}`}
      caption="Excursions outside the limit"
      testId="excursions"
      // Its rows hold nothing to focus: the scroll area itself is reached by keyboard.
      focusableScroll
      label="Excursions outside the limit"
      minWidth={640}
      striped={false}
      highlightOnHover={false}
      empty={null}
    />
  );
}
