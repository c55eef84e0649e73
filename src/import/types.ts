/** What the import core hands to the import dialog: the groups read and every problem found. */

export type ImportRuleset = "wuxia" | "harmonies";

export interface ImportOptions {
  /** The rule set of the groups whose rows name none. */
  ruleset?: ImportRuleset;
}

/** A sub-group, with the group model's own keys: `stats` holds the group's rule-set keys and `skill`, as given. */
export interface ImportedMember {
  label: string;
  count: number;
  stats: Record<string, number>;
}

export interface ImportedGroup {
  name: string;
  ruleset: ImportRuleset;
  /** 1-based line of the file where the group starts. */
  line: number;
  members: ImportedMember[];
}

export interface ImportProblem {
  /** 1-based line of the file (a line break inside quotes counts). */
  line: number;
  /** The column as written in the file's header (a JSON key), the English name of a missing column, or null. */
  column: string | null;
  /** A WH.* i18n key; `data` fills its placeholders. */
  code: string;
  severity: "error" | "warning";
  data?: Record<string, string | number>;
}

export interface GroupImport {
  /** Only the sub-groups read without error; groups left without any are left out. */
  groups: ImportedGroup[];
  /** In file order. */
  problems: ImportProblem[];
}
