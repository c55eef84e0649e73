// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { settle, type, windowFrame } from "../../test/support/dom";
import { actAs, startWorld } from "../../test/support/world";
import type * as CalculatorModule from "./value-calculator-dialog";

/** The GM's Value calculator (RULES 2.2, 3.1), typed into as the GM. */

let foundry: FoundryDouble;
let calculator: typeof CalculatorModule;

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
  calculator = await import("./value-calculator-dialog");
});

afterEach(() => {
  for (const el of Array.from(document.querySelectorAll(".wh-value-calculator"))) el.remove();
});

const shown = () => {
  const element = document.querySelector<HTMLFormElement>("form.wh-value-calculator");
  if (!element) throw new Error("the calculator is not drawn");
  return { element };
};
const result = (name: string) => shown().element.querySelector(`[data-result="${name}"]`)?.textContent;
const isError = (name: string) =>
  shown().element.querySelector(`[data-result="${name}"]`)?.classList.contains("is-error");

describe("the Value calculator", () => {
  it("compares two Values: [example] Force +3 against −2 is three times as strong", async () => {
    actAs("gm");
    await calculator.openValueCalculator();
    expect(shown().element.querySelector(".window-title")?.textContent).toBe("Value calculator");
    expect(windowFrame(shown().element)).toEqual({
      icon: "window-icon fa-fw fa-solid fa-scale-balanced",
      resizable: true,
      scoped: true,
    });
    expect(result("compare")).toBe("+3 against −2: a gap of +5, Measure 3: 3 times as strong.");
    await type(shown(), "a", "−2", true);
    await type(shown(), "b", "+3", true);
    expect(result("compare")).toBe("−2 against +3: a gap of −5, Measure 0.3: 0.3 times as strong.");
    await type(shown(), "b", "trois", true);
    expect(result("compare")).toBe("Type two whole Values, such as +3 and −2.");
  });

  it("combines a list of Values with the book's steps, and names an entry it cannot read", async () => {
    actAs("gm");
    await calculator.openValueCalculator();
    await type(shown(), "list", "9 × +1, +3", true);
    expect(result("combine")).toBe("Combined Value +11 (Measure 12.5).");
    expect(
      Array.from(shown().element.querySelectorAll(".wh-value-calculator__steps li")).map((li) => li.textContent),
    ).toEqual(["9 at +1 pool into +11", "+3 is set aside (8 behind +11)"]);
    expect(shown().element.querySelector(".wh-value-calculator__aside")?.textContent).toBe(
      "Set aside, too far below: +3.",
    );
    await type(shown(), "list", "+3, trois", true);
    expect(result("combine")).toBe("Entry 2 (“trois”) is neither a Value nor a count × a Value.");
    await type(shown(), "list", "", true);
    expect(result("combine")).toBe("Type at least one Value.");
  });

  it("gives a group's size as a Value: 25 people → +14, 300 → +25", async () => {
    actAs("gm");
    await calculator.openValueCalculator();
    expect(result("size")).toBe("25 members: Value +14.");
    await type(shown(), "count", "300", true);
    expect(result("size")).toBe("300 members: Value +25.");
    await type(shown(), "count", "1", true);
    expect(result("size")).toBe("1 member: Value 0.");
    await type(shown(), "count", "0", true);
    expect(result("size")).toBe("Type a number of members, 1 or more.");
  });

  it("marks what it cannot compute, and names the engine's refusal", async () => {
    actAs("gm");
    await calculator.openValueCalculator();
    expect([isError("compare"), isError("combine"), isError("size")]).toEqual([false, false, false]);
    await type(shown(), "a", " +3 ", true);
    expect(isError("compare")).toBe(false);
    await type(shown(), "a", "", true);
    expect(isError("compare")).toBe(true);
    await type(shown(), "a", "5000", true);
    expect(result("compare")).toBe("A gap beyond ±3000 is off the scale: it has no Measure.");
    expect(isError("compare")).toBe(true);
    await type(shown(), "list", "0 × +3", true);
    expect(result("combine")).toBe("No member to combine: every count is 0.");
    expect(isError("combine")).toBe(true);
    expect(shown().element.querySelector(".wh-value-calculator__steps")).toBeNull();
    await type(shown(), "count", "-4", true);
    expect(isError("size")).toBe(true);
  });

  it("opens from the GM's Values button in the Actors directory, and recalculates on Enter", async () => {
    actAs("gm");
    const directory = document.createElement("section");
    directory.innerHTML = '<div class="header-actions"></div>';
    (globalThis as unknown as { Hooks: { callAll(name: string, ...args: unknown[]): void } }).Hooks.callAll(
      "renderActorDirectory",
      { id: "actors" },
      directory,
    );
    const button = directory.querySelector<HTMLButtonElement>(".wh-values-button");
    expect(button?.textContent?.trim()).toBe("Values");
    expect(button?.querySelector("i")?.className).toBe("fa-solid fa-scale-balanced");
    button?.click();
    await settle();
    const count = shown().element.querySelector<HTMLInputElement>('[name="count"]');
    if (count) count.value = "10";
    shown().element.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    await settle();
    expect(result("size")).toBe("10 members: Value +10.");
  });

  it("draws its edges: a gap of exactly 3000, blank fields, a count of 0 beside others, nothing set aside", async () => {
    actAs("gm");
    await calculator.openValueCalculator();
    const steps = () => shown().element.querySelector(".wh-value-calculator__steps");
    await type(shown(), "a", "+3000", true);
    await type(shown(), "b", "0", true);
    expect(isError("compare")).toBe(false);
    // Off the scale by the gap, though the two add up to nothing.
    await type(shown(), "a", "+2000", true);
    await type(shown(), "b", "-2000", true);
    expect(result("compare")).toBe("A gap beyond ±3000 is off the scale: it has no Measure.");
    await type(shown(), "b", "   ", true);
    expect(result("compare")).toBe("Type two whole Values, such as +3 and −2.");
    await type(shown(), "list", "0 × +3, +9", true);
    expect(result("combine")).toBe("Combined Value +9 (Measure 8).");
    expect(shown().element.querySelector(".wh-value-calculator__aside")).toBeNull();
    await type(shown(), "list", "+3, trois", true);
    expect([isError("combine"), steps()]).toEqual([true, null]);
    await type(shown(), "list", "", true);
    expect([isError("combine"), steps()]).toEqual([true, null]);
  });

  it("is not drawn for a player even when its window is asked for directly", async () => {
    actAs("player");
    await new calculator.ValueCalculatorDialog().render({ force: true } as never);
    expect(document.querySelector(".wh-value-calculator")).toBeNull();
  });

  it("is the GM's: a player is told so", async () => {
    actAs("player");
    expect(await calculator.openValueCalculator()).toBeNull();
    expect(foundry.notifications.map((n) => n.message)).toContain("The Value calculator is the GM's.");
    expect(document.querySelector(".wh-value-calculator")).toBeNull();
  });
});
