import { describe, expect, it, vi } from "vitest";

/**
 * The creation table and lists of RULES 1.2, read from a freshly loaded module: each is built
 * once, when its module loads, so a fresh load is what shows the values the engine starts with.
 */
async function fresh() {
  vi.resetModules();
  return import("./creation");
}

describe("Wuxia creation, as the engine loads it (RULES 1.2)", () => {
  it("buys, at priorities 1 to 5, the book's Attributs and Pouvoirs and the [default] rest", async () => {
    const { wuxiaCreationBudget } = await fresh();
    const categories = ["attributes", "skills", "powers", "traits", "experience"] as const;
    // Each category at each priority once: five rankings, each shifted by one from the last.
    const bought = [0, 1, 2, 3, 4].map((shift) => {
      const priorities = Object.fromEntries(categories.map((c, i) => [c, ((i + shift) % 5) + 1])) as Record<
        (typeof categories)[number],
        number
      >;
      return [priorities, wuxiaCreationBudget(priorities)] as const;
    });
    const byPriority = (read: (b: (typeof bought)[number][1]) => unknown, category: (typeof categories)[number]) =>
      [1, 2, 3, 4, 5].map((p) => {
        const found = bought.find(([priorities]) => priorities[category] === p);
        return found ? read(found[1]) : undefined;
      });
    expect(byPriority((b) => b.attributes.points, "attributes")).toEqual([18, 21, 24, 27, 30]);
    expect(byPriority((b) => b.attributes.maximum, "attributes")).toEqual([5, 6, 6, 7, 8]);
    expect(byPriority((b) => b.powers.points, "powers")).toEqual([20, 30, 40, 50, 60]);
    expect(byPriority((b) => b.powers.heroType, "powers")).toEqual([
      "Guerrier",
      "Chevalier",
      "Moine",
      "Assassin",
      "Sorcier",
    ]);
    expect(byPriority((b) => b.skills.points, "skills")).toEqual([20, 30, 40, 50, 60]);
    expect(byPriority((b) => b.traits.count, "traits")).toEqual([1, 2, 3, 4, 5]);
    expect(byPriority((b) => b.experience.points, "experience")).toEqual([0, 5, 10, 15, 20]);
  });

  it("checks every category's spending and every Attribute's bounds, naming each", async () => {
    const { validateWuxiaCreation, WUXIA_CATEGORIES } = await fresh();
    expect(WUXIA_CATEGORIES).toEqual(["attributes", "skills", "powers", "traits", "experience"]);
    const check = validateWuxiaCreation({
      // Each category over what its priority buys; at priority 1 an Attribute is 1..5.
      priorities: { attributes: 1, skills: 2, powers: 3, traits: 4, experience: 5 },
      attributes: { metal: 6, feu: 0, terre: 7, eau: 1, bois: 9 },
      skillLevels: [31],
      powerLevels: [41],
      traits: 5,
      experience: 21,
    });
    expect(check.problems.map((p) => [p.code, p.field])).toEqual([
      ["WH.Creation.OverBudget", "attributes"],
      ["WH.Creation.OverBudget", "skills"],
      ["WH.Creation.OverBudget", "powers"],
      ["WH.Creation.OverBudget", "traits"],
      ["WH.Creation.OverBudget", "experience"],
      ["WH.Creation.AboveMaximum", "attributes.metal"],
      ["WH.Creation.BelowMinimum", "attributes.feu"],
      ["WH.Creation.AboveMaximum", "attributes.terre"],
      ["WH.Creation.AboveMaximum", "attributes.bois"],
    ]);
  });
});
