import { requireArray, requireObject, requireString } from "../validate";
import { HARMONIES_DEFAULTS } from "./defaults";

/** A métier or hobby of the package: the skills it lists and those chosen to master. */
export interface PackageSet {
  name: string;
  listed: readonly string[];
  chosen: readonly string[];
}

/** A beginner's package (RULES 2.3): one métier, hobbies, talents (skill names). */
export interface BeginnerPackage {
  metier: PackageSet;
  hobbies: readonly PackageSet[];
  talents: readonly string[];
}

export interface BeginnerProblem {
  code:
    | "WH.Creation.Beginner.Count"
    | "WH.Creation.Beginner.NotListed"
    | "WH.Creation.Beginner.Repeated"
    | "WH.Creation.Beginner.Blank";
  /** Where the problem is: the métier, the hobbies, one hobby, the talents, or the skills as a whole. */
  field: "metier" | "hobbies" | "hobby" | "talents" | "skills";
  /** The set or skill concerned, if any. */
  name: string;
  expected: number;
  got: number;
}

/** A skill of the package with the level it starts at and how it is learnt. */
export interface BeginnerSkill {
  name: string;
  level: number;
  as: "metier" | "hobby" | "talent";
}

/** Names are the same skill whatever their case and spacing. */
function sameName(name: string): string {
  return name.normalize("NFC").trim().toLocaleLowerCase();
}

function checkedSet(argument: string, set: PackageSet): PackageSet {
  requireObject(argument, set);
  const name = requireString(`${argument}.name`, set.name);
  const listed = requireArray(`${argument}.listed`, set.listed).map((s, i) =>
    requireString(`${argument}.listed[${i}]`, s),
  );
  const chosen = requireArray(`${argument}.chosen`, set.chosen).map((s, i) =>
    requireString(`${argument}.chosen[${i}]`, s),
  );
  return { name, listed, chosen };
}

function checkedPackage(choice: BeginnerPackage): BeginnerPackage {
  requireObject("choice", choice);
  return {
    metier: checkedSet("choice.metier", choice.metier),
    hobbies: requireArray("choice.hobbies", choice.hobbies).map((h, i) => checkedSet(`choice.hobbies[${i}]`, h)),
    talents: requireArray("choice.talents", choice.talents).map((s, i) => requireString(`choice.talents[${i}]`, s)),
  };
}

/**
 * Check a beginner's package (RULES 2.3): one métier with 4 of its skills, 2 hobbies (not the
 * same twice) with 2 of theirs each, 4 talents; every skill chosen once in the whole package,
 * each from its set's list, none blank. The counts are the rules' defaults.
 */
export function validateBeginnerPackage(choice: BeginnerPackage): { valid: boolean; problems: BeginnerProblem[] } {
  const { metier, hobbies, talents } = checkedPackage(choice);
  const { masteredSkills, beginner } = HARMONIES_DEFAULTS;
  const problems: BeginnerProblem[] = [];
  const count = (field: BeginnerProblem["field"], name: string, expected: number, got: number) => {
    if (got !== expected) problems.push({ code: "WH.Creation.Beginner.Count", field, name, expected, got });
  };
  count("metier", metier.name, masteredSkills.metier, metier.chosen.length);
  count("hobbies", "", beginner.hobbies, hobbies.length);
  for (const hobby of hobbies) count("hobby", hobby.name, masteredSkills.hobby, hobby.chosen.length);
  count("talents", "", beginner.talents, talents.length);

  const sets: [BeginnerProblem["field"], PackageSet][] = [
    ["metier", metier],
    ...hobbies.map((h) => ["hobby", h] as [BeginnerProblem["field"], PackageSet]),
  ];
  for (const [field, set] of sets) {
    const listed = new Set(set.listed.map(sameName));
    for (const skill of set.chosen) {
      if (sameName(skill) !== "" && !listed.has(sameName(skill))) {
        problems.push({ code: "WH.Creation.Beginner.NotListed", field, name: skill, expected: 0, got: 0 });
      }
    }
  }
  const seenHobbies = new Set<string>();
  for (const hobby of hobbies) {
    if (seenHobbies.has(sameName(hobby.name))) {
      problems.push({ code: "WH.Creation.Beginner.Repeated", field: "hobbies", name: hobby.name, expected: 1, got: 2 });
    }
    seenHobbies.add(sameName(hobby.name));
  }
  const seen = new Map<string, number>();
  for (const skill of [...metier.chosen, ...hobbies.flatMap((h) => h.chosen), ...talents]) {
    const key = sameName(skill);
    if (key === "") {
      problems.push({ code: "WH.Creation.Beginner.Blank", field: "skills", name: "", expected: 0, got: 0 });
      continue;
    }
    const times = (seen.get(key) ?? 0) + 1;
    seen.set(key, times);
    if (times === 2)
      problems.push({ code: "WH.Creation.Beginner.Repeated", field: "skills", name: skill, expected: 1, got: 2 });
  }
  return { valid: problems.length === 0, problems };
}

/** The skills a package teaches with their starting level: métier 0, hobby −5, talent −10 (RULES 2.3). */
export function beginnerSkills(choice: BeginnerPackage): BeginnerSkill[] {
  const { metier, hobbies, talents } = checkedPackage(choice);
  const { mastery } = HARMONIES_DEFAULTS;
  return [
    ...metier.chosen.map((name) => ({ name, level: mastery.metier, as: "metier" as const })),
    ...hobbies.flatMap((h) => h.chosen.map((name) => ({ name, level: mastery.hobby, as: "hobby" as const }))),
    ...talents.map((name) => ({ name, level: mastery.talent, as: "talent" as const })),
  ];
}
