/** The [default]s and adjustable constants of RULES.md §3 (groups). */

export type GroupMode = "book" | "exact" | "individual";

export interface GroupDefaults {
  /** Homogeneous: attribute + skill sums within this many points (RULES 3.2). */
  readonly homogeneityMaxSpread: number;
  /** Closed rolls are recommended for groups. */
  readonly open: boolean;
  /** The world's method for margins inside a group; the card says which was used. */
  readonly mode: GroupMode;
}

export const GROUP_DEFAULTS: GroupDefaults = Object.freeze({
  homogeneityMaxSpread: 5,
  open: false,
  mode: "book",
});
