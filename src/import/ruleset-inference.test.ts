import { describe, expect, it } from "vitest";
import { parseGroupImport, PROBLEM } from "./index";

/** A group whose rows name no rule set takes the one whose stats they fill; else the caller's; else an error. */

const FILE = [
  "group;name;count;ruleset;fire;body;skill",
  "Bandits;Bandit;3;;4;;1",
  "Soldats;Soldat;2;;;1;0",
  "Mixed;One;1;;4;1;0",
  "Bare;One;1;;;;2",
  "Named;One;1;harmonies;;1;0",
].join("\n");

const rulesets = (text: string, ruleset?: "wuxia" | "harmonies") =>
  Object.fromEntries(parseGroupImport(text, ruleset ? { ruleset } : {}).groups.map((g) => [g.name, g.ruleset]));

describe("a group's rule set", () => {
  it("is the one whose stats its rows fill, the caller's when they fill both games' or none", () => {
    expect(rulesets(FILE, "harmonies")).toEqual({
      Bandits: "wuxia",
      Soldats: "harmonies",
      Mixed: "harmonies",
      Bare: "harmonies",
      Named: "harmonies",
    });
    expect(rulesets(FILE, "wuxia")).toMatchObject({
      Bandits: "wuxia",
      Soldats: "harmonies",
      Mixed: "wuxia",
      Bare: "wuxia",
    });
  });

  it("with no choice given, is missing only for groups their stats do not tell", () => {
    const { groups, problems } = parseGroupImport(FILE);
    expect(groups.map((g) => g.name)).toEqual(["Bandits", "Soldats", "Named"]);
    expect(problems.filter((p) => p.code === PROBLEM.RulesetMissing).map((p) => p.data?.group)).toEqual([
      "Mixed",
      "Bare",
    ]);
  });

  it("is told by all of the group's rows: one row of each game's stats leaves it to the caller", () => {
    const text = "group;name;count;fire;body\nBand;A;1;4;\nBand;B;1;;1";
    const { groups, problems } = parseGroupImport(text, { ruleset: "wuxia" });
    expect(groups[0]?.ruleset).toBe("wuxia");
    // The Harmonies row gives nothing a Wuxia group uses: refused, not a sub-group with no stats.
    expect(problems.map((p) => [p.line, p.code, p.severity])).toEqual([[3, PROBLEM.EveryStatIgnoredWuxia, "error"]]);
    expect(groups[0]?.members.map((m) => m.label)).toEqual(["A"]);
  });
});

describe("a group's sub-groups", () => {
  it("are at most 1 000: the first row beyond is an error, said once, however many follow", () => {
    const rows = Array.from({ length: 1003 }, (_, i) => `Armée;S${i};1;2`);
    const { problems, groups } = parseGroupImport(["group;name;count;fire", ...rows].join("\n"), { ruleset: "wuxia" });
    expect(problems.map((p) => [p.line, p.code, p.data])).toEqual([
      [1002, PROBLEM.TooManySubgroups, { group: "Armée", max: 1000 }],
    ]);
    expect(groups[0]?.members).toHaveLength(1000);
  });
});
