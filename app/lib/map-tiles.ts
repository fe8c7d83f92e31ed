/** The tile layers a map may draw (normal, satellite, rail overlay) and their attribution. */
export type Tiles = { normal: string; satellite: string; rail: string; attribution: string };
