/** The beacon settings form's validation (zod), with the messages shown next to each field. */
import { z } from "zod";
import {
  ADV_INTERVAL_MAX_MS,
  ADV_INTERVAL_MIN_MS,
  ASSET_NAME_MAX,
  BEACON_NICKNAME_MAX,
  TX_POWERS,
} from "./beacon-list";

const intervalMessage = `Advertising interval is a whole number of milliseconds between ${ADV_INTERVAL_MIN_MS} and ${ADV_INTERVAL_MAX_MS}.`;

export const beaconConfigSchema = z.object({
  uuid: z.string({ required_error: "Choose a beacon." }).trim().min(1, "Choose a beacon."),
  nickname: z
    .string({ required_error: "Enter a name." })
    .trim()
    .min(1, "Enter a name.")
    .max(BEACON_NICKNAME_MAX, `At most ${BEACON_NICKNAME_MAX} characters.`),
  assetName: z
    .string()
    .trim()
    .max(ASSET_NAME_MAX, `At most ${ASSET_NAME_MAX} characters.`)
    .optional()
    .transform((v) => v || null),
  txPower: z.coerce
    .number({
      required_error: "Choose a transmit power.",
      invalid_type_error: "Choose a transmit power.",
    })
    .refine(
      (v) => (TX_POWERS as readonly number[]).includes(v),
      `Transmit power is one of ${TX_POWERS.join(", ")} dBm.`,
    ),
  advIntervalMs: z.coerce
    .number({ required_error: intervalMessage, invalid_type_error: intervalMessage })
    .int(intervalMessage)
    .min(ADV_INTERVAL_MIN_MS, intervalMessage)
    .max(ADV_INTERVAL_MAX_MS, intervalMessage),
});
export type BeaconConfig = z.output<typeof beaconConfigSchema>;
