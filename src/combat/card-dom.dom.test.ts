// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { settle } from "../../test/support/dom";
import { startWorld } from "../../test/support/world";
import type * as CardDom from "./card-dom";

/** The DOM pieces the combat cards add: a button that runs once at a time, a number field. */

let foundry: FoundryDouble;
let dom: typeof CardDom;

beforeEach(async () => {
  foundry = await startWorld();
  dom = await import("./card-dom");
});

describe("an attack card's action button", () => {
  it("is a plain button (never a form's submit), styled and named for its action", () => {
    const button = dom.actionButton(document, "defend", "Defend", async () => undefined);
    expect([button.type, button.className, button.dataset.whAttack, button.textContent]).toEqual([
      "button",
      "wh-attack__action",
      "defend",
      "Defend",
    ]);
  });

  it("is disabled while its action runs, and enabled again with the reason shown when it is refused", async () => {
    let refuse: (error: Error) => void = () => undefined;
    const button = dom.actionButton(document, "defend", "Defend", () => new Promise((_, reject) => (refuse = reject)));
    button.click();
    expect(button.disabled).toBe(true);
    refuse(new Error("the server refused"));
    await settle();
    expect(button.disabled).toBe(false);
    expect(foundry.notifications.filter((n) => n.level === "error")).toHaveLength(1);
  });
});

describe("an attack card's number field", () => {
  it("is a labelled number input from 0 to its maximum, starting at 0", () => {
    const field = dom.numberField(document, "defenseDice", "Defense dice", 3);
    const input = field.querySelector("input");
    expect([field.className, field.textContent]).toEqual(["wh-attack__field", "Defense dice"]);
    expect([input?.type, input?.name, input?.min, input?.max, input?.getAttribute("value"), input?.className]).toEqual([
      "number",
      "defenseDice",
      "0",
      "3",
      "0",
      "",
    ]);
  });
});
