import { singleton } from "../singleton.server";

/**
 * Writes the built-in GPS service (the simulator `npm start` runs) could not rebuild from its
 * journal when it started: set by server/boot.ts, shown to admins in the shell until the next
 * start. A real upstream never sets it.
 */
export type UpstreamStartLoss = { lost: number; copy: string | null };

const state = singleton("upstream-start-loss", () => ({ loss: null as UpstreamStartLoss | null }));

export function setUpstreamStartLoss(loss: UpstreamStartLoss | null) {
  state.loss = loss && loss.lost > 0 ? loss : null;
}

export function upstreamStartLoss(): UpstreamStartLoss | null {
  return state.loss;
}
