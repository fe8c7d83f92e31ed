/**
 * A board of columns and cards. Every card has a "Move to" form, a plain POST that works without
 * JavaScript (once hydrated, a button opening the board's one shared menu); with JavaScript, cards
 * can also be dragged (pointer or keyboard: focus the handle, Space to pick up, ← → to change
 * column, Space to drop, Escape to cancel), and every step is announced to screen readers. A column at its WIP limit says so, and the server refuses more.
 */
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from "@dnd-kit/core";
import { Anchor, Group, Menu, Paper, Stack, Text, Title } from "@mantine/core";
import { Link, useFetcher } from "@remix-run/react";
import { useCallback, useRef, useState } from "react";
import { Card, type OpenMenu } from "./board-card";
import { useHydrated } from "remix-utils/use-hydrated";

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

function Column(props: {
  column: BoardColumn;
  columns: BoardColumn[];
  openMenu: OpenMenu | null;
  movable: boolean;
}) {
  const { column, columns, openMenu, movable } = props;
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
          <Card
            key={card.id}
            card={card}
            columns={columns}
            from={column.id}
            openMenu={openMenu}
            movable={movable}
          />
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

type MenuState = { card: BoardCard; from: string; button: HTMLButtonElement; at: DOMRect };

/** The board's one "Move to" menu, opened at the card whose button was pressed. */
function MoveMenu(props: {
  menu: MenuState;
  columns: BoardColumn[];
  onClose: () => void;
  onMove: (id: string, to: string) => void;
}) {
  const { menu, columns, onClose, onMove } = props;
  return (
    <Menu opened onChange={(o) => (o ? undefined : onClose())} position="bottom-start" trapFocus>
      <Menu.Target>
        <span
          aria-hidden
          style={{
            position: "fixed",
            left: menu.at.left,
            top: menu.at.bottom,
            width: 1,
            height: 1,
          }}
        />
      </Menu.Target>
      <Menu.Dropdown aria-label={`Move ${menu.card.title} to`} data-move-menu={menu.card.id}>
        <Menu.Label>Move {menu.card.title} to</Menu.Label>
        {columns
          .filter((c) => c.id !== menu.from)
          .map((c) => (
            <Menu.Item key={c.id} onClick={() => onMove(menu.card.id, c.id)}>
              {c.title}
            </Menu.Item>
          ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** `movable: false` (the user may not move cards): the cards without handle or Move to form. */
export function Board({
  id,
  columns,
  movable = true,
}: {
  id: string;
  columns: BoardColumn[];
  movable?: boolean;
}) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const [menu, setMenu] = useState<MenuState | null>(null);
  const openMenu = useCallback<OpenMenu>(
    (card, from, button) => setMenu({ card, from, button, at: button.getBoundingClientRect() }),
    [],
  );
  const closeMenu = () => {
    menu?.button.focus();
    setMenu(null);
  };
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
  const move = (card: string, to: string) =>
    fetcher.submit({ intent: "move", id: card, to }, { method: "post" });
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || over.id === active.data.current?.from) return;
    move(String(active.id), String(over.id));
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
          <Column
            key={c.id}
            column={c}
            columns={columns}
            openMenu={hydrated ? openMenu : null}
            movable={movable}
          />
        ))}
      </Group>
      {menu ? (
        <MoveMenu
          menu={menu}
          columns={columns}
          onClose={closeMenu}
          onMove={(card, to) => {
            closeMenu();
            move(card, to);
          }}
        />
      ) : null}
    </DndContext>
  );
}

export { BoardFilters, type BoardFilterValues } from "./board-filters";
