// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../../test/foundry/install";
import { actAs, createActor, harmoniesHero, startWorld, wuxiaHero } from "../../test/support/world";
import { characterDialogOpener } from "../creation/character-dialogs";
import { addDirectoryButton } from "./directory-button";

/** The two small openers every GM tool and creation dialog goes through. */

let foundry: FoundryDouble;

beforeEach(async () => {
  document.body.innerHTML = "";
  foundry = await startWorld();
});

function directory(inner: string): HTMLElement {
  const html = document.createElement("section");
  html.innerHTML = inner;
  return html;
}

describe("a GM's button in the Actors directory", () => {
  const clicks: string[] = [];
  const tables = {
    className: "wh-test-button",
    icon: "fa-table",
    label: "Tables",
    onClick: () => clicks.push("tables"),
  };

  it("joins the header's actions once, drawn as core draws its buttons, and runs its action on a click", () => {
    actAs("gm");
    const html = directory(
      '<header><div class="header-actions"></div></header><footer class="directory-footer"></footer>',
    );
    addDirectoryButton(html, tables);
    addDirectoryButton(html, tables);
    const buttons = html.querySelectorAll<HTMLButtonElement>(".wh-test-button");
    expect(buttons).toHaveLength(1);
    const button = buttons[0] as HTMLButtonElement;
    expect(button.parentElement?.className).toBe("header-actions");
    expect(button.type).toBe("button");
    expect(button.className).toBe("wuxia-harmonies wh-test-button");
    const icon = button.querySelector("i");
    expect(icon?.className).toBe("fa-solid fa-table");
    expect(icon?.hasAttribute("inert")).toBe(true);
    expect(button.textContent).toBe(" Tables");
    expect(button.querySelector("span")?.textContent).toBe("Tables");
    clicks.length = 0;
    button.click();
    expect(clicks).toEqual(["tables"]);
  });

  it("goes to the footer of a directory without header actions, else into the directory itself", () => {
    actAs("gm");
    const footed = directory('<footer class="directory-footer"></footer>');
    addDirectoryButton(footed, tables);
    expect(footed.querySelector(".wh-test-button")?.parentElement?.className).toBe("directory-footer");
    const bare = directory("<ol></ol>");
    addDirectoryButton(bare, tables);
    expect(bare.querySelector(".wh-test-button")?.parentElement).toBe(bare);
  });

  it("is not drawn for a player", () => {
    actAs("player");
    const html = directory('<header><div class="header-actions"></div></header>');
    addDirectoryButton(html, tables);
    expect(html.querySelector("button")).toBeNull();
  });
});

describe("a character's creation dialog", () => {
  class Drawn {
    rendered = false;
    renders = 0;
    constructor(readonly actor: Actor.Implementation) {}
    async render(options: { force?: boolean }): Promise<void> {
      if (options.force) this.rendered = true;
      this.renders++;
    }
  }
  const open = () => characterDialogOpener("harmoniesCharacter", "WH.Creation.Error.NotHarmonies", (a) => new Drawn(a));

  it("opens one dialog a character for its owner, and brings the open one forward when asked again", async () => {
    const opener = open();
    const david = await harmoniesHero();
    actAs("player");
    const first = await opener(david);
    expect(first?.actor).toBe(david);
    expect(first?.renders).toBe(1);
    expect(await opener(david)).toBe(first);
    expect(first?.renders).toBe(2);
    // Closed meanwhile: a new one.
    if (first) first.rendered = false;
    const again = await opener(david);
    expect(again).not.toBe(first);
    // Another character has its own.
    const other = await createActor({ name: "Goliath", type: "harmoniesCharacter" });
    expect((await opener(other))?.actor).toBe(other);
    expect(await opener(david)).toBe(again);
  });

  it("refuses, saying why, another type of actor, something that is not an actor, and a user who does not own it", async () => {
    const opener = open();
    const lin = await wuxiaHero();
    expect(await opener(lin)).toBeNull();
    expect(await opener({ type: "harmoniesCharacter" })).toBeNull();
    const david = await harmoniesHero();
    actAs("stranger");
    expect(await opener(david)).toBeNull();
    expect(foundry.notifications.map((n) => [n.level, n.message])).toEqual([
      ["warn", "This is for Harmonies characters only."],
      ["warn", "This is for Harmonies characters only."],
      ["warn", "You do not own David."],
    ]);
  });
});
