import { Badge, Text } from "@mantine/core";
import { useDraggable } from "@dnd-kit/core";
import { memo } from "react";
import type { BoardCard, BoardColumn } from "./board";

/**
 * While a card is dragged, dnd-kit re-renders every draggable on each move: the card's own part
 * is plain elements (its frame and handle, no Mantine components), and its text and "Move to"
 * control are memoised, so a board of a thousand cards still draws a frame in time. Cards off
 * screen skip layout and paint (`content-visibility: auto`).
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

export type OpenMenu = (card: BoardCard, from: string, button: HTMLButtonElement) => void;

/**
 * Before the page is hydrated (and without JavaScript) each card has its own small "Move to" form,
 * a plain POST; once hydrated, a "Move to…" button opens the board's one shared menu instead of a
 * thousand selects in the page.
 */
const MoveControl = memo(function MoveControl(props: {
  card: BoardCard;
  columns: BoardColumn[];
  from: string;
  openMenu: OpenMenu | null;
}) {
  const { card, columns, from, openMenu } = props;
  if (openMenu)
    return (
      <button
        type="button"
        style={SMALL_BUTTON}
        aria-haspopup="menu"
        data-move={card.id}
        onClick={(e) => openMenu(card, from, e.currentTarget)}
      >
        Move to…
      </button>
    );
  return (
    <form method="post" style={{ display: "flex", gap: 4, marginTop: 6 }}>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={card.id} />
      <select name="to" aria-label={`Move ${card.title} to`} style={{ fontSize: 12 }}>
        {columns
          .filter((c) => c.id !== from)
          .map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
      </select>
      <button type="submit" style={SMALL_BUTTON}>
        Move
      </button>
    </form>
  );
});

const SMALL_BUTTON = {
  font: "inherit",
  fontSize: 12,
  padding: "1px 8px",
  marginTop: 6,
  border: "1px solid var(--mantine-color-default-border)",
  borderRadius: "var(--mantine-radius-sm)",
  background: "var(--mantine-color-default)",
  color: "var(--mantine-color-text)",
  cursor: "pointer",
} as const;
const CARD = {
  border: "1px solid var(--mantine-color-default-border)",
  borderRadius: "var(--mantine-radius-sm)",
  background: "var(--mantine-color-body)",
  padding: "var(--mantine-spacing-xs)",
  contentVisibility: "auto",
  containIntrinsicSize: "auto 90px",
} as const;

export const Card = memo(function Card(props: {
  card: BoardCard;
  columns: BoardColumn[];
  from: string;
  openMenu: OpenMenu | null;
  movable: boolean;
}) {
  const { card, columns, from, openMenu, movable } = props;
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: card.id,
    data: { from, title: card.title },
    disabled: !movable,
  });
  const style = transform
    ? { transform: `translate(${transform.x}px, ${transform.y}px)`, zIndex: 10 }
    : undefined;
  return (
    <li
      ref={setNodeRef}
      style={{ ...CARD, ...style, opacity: isDragging ? 0.8 : 1 }}
      data-card={card.id}
    >
      <div style={{ display: "flex", justifyContent: "space-between", alignItems: "flex-start" }}>
        <CardText card={card} />
        {movable ? (
          <button
            type="button"
            style={{ ...SMALL_BUTTON, marginTop: 0, border: "none", background: "none" }}
            {...attributes}
            {...listeners}
            aria-label={`Drag ${card.title}`}
            data-drag={card.id}
          >
            ⠿
          </button>
        ) : null}
      </div>
      {movable ? (
        <MoveControl card={card} columns={columns} from={from} openMenu={openMenu} />
      ) : null}
    </li>
  );
});
