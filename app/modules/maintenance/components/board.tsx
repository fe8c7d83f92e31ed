/**
 * A board of columns and cards. Every card has a "Move to…" form, a plain POST that works without
 * JavaScript; with it, cards can also be dragged (pointer or keyboard: focus the handle, Space to
 * pick up, ← → to change column, Space to drop, Escape to cancel), and every step is announced
 * to screen readers. A column at its WIP limit says so, and the server refuses more.
 */
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from "@dnd-kit/core";
import {
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { Form, Link, useFetcher } from "@remix-run/react";
import { memo, useRef } from "react";

export type BoardCard = { id: string; title: string; sub: string; badge: string | null };
export type BoardColumn = {
  id: string;
  title: string;
  limit: number | null;
  /** Every card in the column (what its WIP limit is about), filtered or not. */
  count: number;
  /** Cards matching the filters; the first of them are `cards`. */
  matching: number;
  cards: BoardCard[];
  /** The address that shows more of the column, when some are not shown. */
  more: string | null;
};

/** ← and → jump to the top of the previous or next column, in the board's order. */
const columnJump: KeyboardCoordinateGetter = (event, { context }) => {
  const { collisionRect, droppableRects, droppableContainers, over, active } = context;
  if (!collisionRect || (event.code !== "ArrowRight" && event.code !== "ArrowLeft")) return;
  event.preventDefault();
  const ids = droppableContainers.getEnabled().map((c) => c.id);
  const current = over?.id ?? active?.data.current?.from;
  const next = ids[ids.indexOf(current) + (event.code === "ArrowRight" ? 1 : -1)];
  const rect = next === undefined ? undefined : droppableRects.get(next);
  if (!rect) return;
  return { x: rect.left + rect.width / 2 - collisionRect.width / 2, y: rect.top + 40 };
};

/**
 * While a card is dragged, dnd-kit re-renders every draggable on each move: the card's own part
 * is kept small (its frame and handle), and its text and "Move to" form are memoised, so a board
 * of hundreds of cards still draws a frame in time.
 */
const CardText = memo(function CardText({ card }: { card: BoardCard }) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {card.title}
      </Text>
      {card.sub ? (
        <Text size="xs" c="dimmed">
          {card.sub}
        </Text>
      ) : null}
      {card.badge ? (
        <Badge size="xs" variant="light" mt={4}>
          {card.badge}
        </Badge>
      ) : null}
    </div>
  );
});

const MoveForm = memo(function MoveForm(props: {
  card: BoardCard;
  columns: BoardColumn[];
  from: string;
}) {
  const { card, columns, from } = props;
  return (
    <Form method="post" style={{ marginTop: 6 }}>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={card.id} />
      <Group gap={4} wrap="nowrap">
        <NativeSelect
          name="to"
          size="xs"
          aria-label={`Move ${card.title} to`}
          data={columns.filter((c) => c.id !== from).map((c) => ({ value: c.id, label: c.title }))}
        />
        <Button type="submit" size="compact-xs" variant="default">
          Move
        </Button>
      </Group>
    </Form>
  );
});

const Card = memo(function Card(props: { card: BoardCard; columns: BoardColumn[]; from: string }) {
  const { card, columns, from } = props;
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: card.id,
    data: { from, title: card.title },
  });
  const style = transform
    ? { transform: `translate(${transform.x}px, ${transform.y}px)`, zIndex: 10 }
    : undefined;
  return (
    <Paper
      withBorder
      p="xs"
      ref={setNodeRef}
      style={{ ...style, opacity: isDragging ? 0.8 : 1 }}
      component="li"
      data-card={card.id}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <CardText card={card} />
        <Button
          size="compact-xs"
          variant="subtle"
          {...attributes}
          {...listeners}
          aria-label={`Drag ${card.title}`}
          data-drag={card.id}
        >
          ⠿
        </Button>
      </Group>
      <MoveForm card={card} columns={columns} from={from} />
    </Paper>
  );
});

function Column({ column, columns }: { column: BoardColumn; columns: BoardColumn[] }) {
  const { setNodeRef, isOver } = useDroppable({ id: column.id, data: { title: column.title } });
  const atLimit = column.limit !== null && column.count >= column.limit;
  const headingId = `column-${column.id}`;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      p="sm"
      ref={setNodeRef}
      bg={isOver ? "var(--mantine-color-blue-light)" : undefined}
      style={{ minWidth: 260, flex: 1 }}
      data-column={column.id}
    >
      <Title order={2} size="h5" id={headingId}>
        {column.title}{" "}
        <Text span size="sm" c={atLimit ? "red" : "dimmed"}>
          ({column.count}
          {column.limit !== null ? ` / ${column.limit}` : ""})
        </Text>
        {column.matching !== column.count ? (
          <Text span size="sm" c="dimmed">
            {" "}
            · {column.matching} match
          </Text>
        ) : null}
      </Title>
      {atLimit ? (
        <Text size="xs" c="red">
          At its limit: finish or move a card first.
        </Text>
      ) : null}
      <Stack component="ul" gap="xs" mt="xs" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {column.cards.map((card) => (
          <Card key={card.id} card={card} columns={columns} from={column.id} />
        ))}
      </Stack>
      {column.more ? (
        <Anchor
          component={Link}
          to={column.more}
          preventScrollReset
          size="sm"
          mt="xs"
          display="block"
          data-more={column.id}
        >
          Show more ({column.cards.length} of {column.matching} shown)
        </Anchor>
      ) : null}
    </Paper>
  );
}

export function Board({ id, columns }: { id: string; columns: BoardColumn[] }) {
  const fetcher = useFetcher();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnJump }),
  );
  const name = (v: { data: { current?: Record<string, unknown> } } | null) =>
    String(v?.data.current?.title ?? "");
  // The live region keeps only the latest message: the "over its own column" that follows a
  // pick-up at once would replace "Picked up …" before a screen reader reads it, so it is said
  // only once the card has been moved away.
  const moved = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      moved.current = false;
      const from = columns.find((c) => c.id === active.data.current?.from)?.title;
      return `Picked up ${name(active)}.${from ? ` It is in ${from}.` : ""}`;
    },
    onDragOver: ({ active, over }) => {
      if (!moved.current && over?.id === active.data.current?.from) return undefined;
      moved.current = true;
      return over ? `${name(active)} is over ${name(over)}.` : `${name(active)} is over no column.`;
    },
    onDragEnd: ({ active, over }) =>
      over ? `${name(active)} was moved to ${name(over)}.` : `${name(active)} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${name(active)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || over.id === active.data.current?.from) return;
    fetcher.submit(
      { intent: "move", id: String(active.id), to: String(over.id) },
      { method: "post" },
    );
  };
  return (
    <DndContext
      id={id}
      sensors={sensors}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            "To move a card, press Space to pick it up, the left and right arrows to choose a column, Space again to drop it, or Escape to cancel. Or use its Move to menu.",
        },
      }}
    >
      <Group
        align="flex-start"
        wrap="nowrap"
        gap="sm"
        style={{ overflowX: "auto" }}
        data-board={id}
      >
        {columns.map((c) => (
          <Column key={c.id} column={c} columns={columns} />
        ))}
      </Group>
    </DndContext>
  );
}

export type BoardFilterValues = {
  q: string;
  imei: string | null;
  assignee: number | null;
  group: number | null;
};

/** The board's filters: a GET form, so they work without JavaScript and can be bookmarked. */
export function BoardFilters(props: {
  filters: BoardFilterValues;
  vehicles: { imei: string; nickname: string }[];
  groups: { id: number; nickname: string }[];
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
        <Button type="submit" variant="default">
          Filter
        </Button>
      </Group>
    </Form>
  );
}
