// @vitest-environment happy-dom
import { beforeEach, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { actAs, createActor, startWorld } from "../../test/support/world";
import { defaultSheet, settle } from "../../test/support/dom";

/** A group of hundreds of sub-groups shows them a hundred at a time, and each row edits its own sub-group. */

interface Sheet {
  element: HTMLFormElement;
  render(options?: unknown): Promise<unknown>;
}

let foundry: FoundryDouble;

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
  actAs("gm");
});

it("draws 100 sub-groups a page, says which, and edits the sub-group of the row on another page", async () => {
  const members = Array.from({ length: 250 }, (_, i) => ({ label: `S${i + 1}`, count: 1 }));
  const group = (await createActor(
    { name: "Armée", type: "group", system: { ruleset: "wuxia", members } },
    { ownedByPlayer: false },
  )) as Actor.OfType<"group">;
  const sheet = defaultSheet<Sheet>(foundry, group);
  await sheet.render({ force: true });
  const rows = () => [...sheet.element.querySelectorAll<HTMLElement>(".wh-members tbody tr")];
  const pager = () => sheet.element.querySelector(".wh-pager__text")?.textContent;
  const button = (label: string) =>
    sheet.element.querySelector<HTMLButtonElement>(`.wh-pager [data-action="memberPage"][aria-label="${label}"]`);
  expect([rows().length, pager(), button("Previous sub-groups")?.disabled]).toEqual([
    100,
    "Sub-groups 1–100 of 250",
    true,
  ]);
  button("Next sub-groups")?.click();
  await settle();
  button("Next sub-groups")?.click();
  await settle();
  expect([rows().length, pager(), button("Next sub-groups")?.disabled]).toEqual([
    50,
    "Sub-groups 201–250 of 250",
    true,
  ]);
  const first = rows()[0];
  expect(first?.dataset.memberIndex).toBe("200");
  const count = first?.querySelector<HTMLInputElement>('[data-member-field="count"]');
  if (!count) throw new Error("no count field");
  count.value = "7";
  count.dispatchEvent(new Event("change", { bubbles: true }));
  await settle();
  expect(group.system.members.map((m) => m.count).filter((n) => n === 7)).toHaveLength(1);
  expect(group.system.members[200]?.count).toBe(7);
});

it("draws no pager for 100 sub-groups or fewer", async () => {
  const members = Array.from({ length: 100 }, (_, i) => ({ label: `S${i + 1}`, count: 1 }));
  const group = await createActor({ name: "Cohorte", type: "group", system: { members } }, { ownedByPlayer: false });
  const sheet = defaultSheet<Sheet>(foundry, group);
  await sheet.render({ force: true });
  expect(sheet.element.querySelector(".wh-pager")).toBeNull();
  expect(sheet.element.querySelectorAll(".wh-members tbody tr")).toHaveLength(100);
});
