/** The safety behaviours the tracking service reports, and their labels. */
export const BEHAVIOURS = [
  "harsh_acceleration",
  "harsh_braking",
  "harsh_cornering",
  "speeding",
  "excessive_speeding",
  "seatbelt",
  "phone_use",
  "distraction",
] as const;
export type Behaviour = (typeof BEHAVIOURS)[number];

export const BEHAVIOUR_LABEL: Record<Behaviour, string> = {
  harsh_acceleration: "Harsh acceleration",
  harsh_braking: "Harsh braking",
  harsh_cornering: "Harsh cornering",
  speeding: "Speeding",
  excessive_speeding: "Excessive speeding",
  seatbelt: "Seatbelt",
  phone_use: "Phone use",
  distraction: "Distraction",
};

/** The behaviours the score weighs (phone use and distraction are shown, not scored). */
export const SCORED = [
  "harsh_acceleration",
  "harsh_braking",
  "harsh_cornering",
  "seatbelt",
  "speeding",
  "excessive_speeding",
] as const satisfies readonly Behaviour[];
export type ScoredBehaviour = (typeof SCORED)[number];
