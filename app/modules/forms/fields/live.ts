import { checkAnswers, groupPrefix, type Posted } from "./answers";
import type { Answers, Field } from "./model";

/** The answers so far, for conditions; inside a group, the item's answers on top. */
export function liveData(fields: Field[], values: Posted, group?: Field, index?: number): Answers {
  const top = fields.filter((f) => f.type !== "group");
  if (!group) return checkAnswers(top, values).answers;
  const p: Posted = new Map(
    [...values].filter(
      ([k]) =>
        !k.startsWith("a.") || top.some((f) => k === `a.${f.id}` || k.startsWith(`a.${f.id}.`)),
    ),
  );
  const prefix = groupPrefix(group.id, index!);
  for (const [k, v] of values) if (k.startsWith(prefix)) p.set(`a.${k.slice(prefix.length)}`, v);
  return checkAnswers([...top, ...(group.fields ?? [])], p).answers;
}
