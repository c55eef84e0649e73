import { describe, expect, it } from "vitest";
import { WUXIA_DEFAULTS } from "./defaults";

/** The [default]s of RULES 1.1–1.4 that are settings only: no engine function reads them. */
describe("Wuxia defaults that only the Foundry layer reads", () => {
  it("[default] a power costs 1 Chi to activate", () => {
    expect(WUXIA_DEFAULTS.powerChiCost).toBe(1);
  });

  it("[default] a Destiny die spent after the roll rerolls one die (not an extra die before rolling)", () => {
    expect(WUXIA_DEFAULTS.destinyMode).toBe("reroll");
  });

  it("[default] the group reserve lasts the whole combat; the standard SR is 10", () => {
    expect(WUXIA_DEFAULTS.groupReserveLasts).toBe("combat");
    expect(WUXIA_DEFAULTS.standardSr).toBe(10);
  });
});
