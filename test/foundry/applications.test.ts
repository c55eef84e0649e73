// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ActorDouble, installFoundry, type FoundryDouble } from "./install";
import { ApplicationV2, DocumentSheetV2, FormDataExtended, HandlebarsApplicationMixin } from "./applications";

/**
 * Pins the application behaviour of the double on Foundry v13's (API pages of
 * foundry.applications.api.ApplicationV2, DocumentSheetV2, HandlebarsApplicationMixin and
 * foundry.applications.ux.FormDataExtended), where the system's sheets and dialogs rely on it.
 */

type AnyObject = Record<string, unknown>;
let foundry: FoundryDouble;
let templates: Record<string, string>;

beforeEach(() => {
  foundry = installFoundry();
  templates = {};
  const handlebars = (globalThis as unknown as { foundry: { applications: { handlebars: AnyObject } } }).foundry
    .applications.handlebars;
  handlebars.renderTemplate = async (path: string, data: AnyObject) =>
    (templates[path] ?? "").replaceAll("{{partId}}", String(data.partId));
  document.body.innerHTML = "";
});

/** Lets the handlers a click or a change started (not awaited by Foundry) finish. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

function actor(ownership: Record<string, number> = { default: 0 }): ActorDouble {
  return new ActorDouble({ name: "Lin", type: "base", ownership, system: { notes: "", level: 1, ready: false } });
}

const Handlebars = HandlebarsApplicationMixin(ApplicationV2);
const HandlebarsSheet = HandlebarsApplicationMixin(DocumentSheetV2);

describe("ApplicationV2 rendering", () => {
  it("draws nothing unless forced the first time, then runs the life cycle in Foundry's order", async () => {
    const calls: string[] = [];
    class Probe extends Handlebars {
      static PARTS = { body: { template: "body.hbs" } };
      override async _prepareContext() {
        calls.push("context");
        return { n: 1 };
      }
      override async _preFirstRender() {
        calls.push("preFirst");
      }
      override async _preRender() {
        calls.push("pre");
      }
      override async _onFirstRender() {
        calls.push(`first:${this.element.querySelector("[data-application-part=body]") ? "drawn" : "empty"}`);
      }
      override async _onRender() {
        calls.push("render");
      }
    }
    templates["body.hbs"] = `<div class="body">{{partId}}</div>`;
    foundry.Hooks.on("preRenderProbe", () => calls.push("hook:preRender"));
    foundry.Hooks.on("renderProbe", (_app: unknown, element: HTMLElement) =>
      calls.push(`hook:render:${element.tagName}`),
    );
    foundry.Hooks.on("renderApplicationV2", () => calls.push("hook:renderApplicationV2"));
    const app = new Probe();
    await app.render();
    expect([app.rendered, calls]).toEqual([false, []]);
    await app.render({ force: true });
    expect(calls).toEqual([
      "context",
      "preFirst",
      "pre",
      "hook:preRender",
      "first:drawn",
      "render",
      "hook:render:DIV",
      "hook:renderApplicationV2",
    ]);
    expect(app.element.isConnected).toBe(true);
    expect(app.element.querySelector(".window-content > .body")?.textContent).toBe(`${app.id}-body`);
    calls.length = 0;
    await app.render();
    expect(calls).toEqual([
      "context",
      "pre",
      "hook:preRender",
      "render",
      "hook:render:DIV",
      "hook:renderApplicationV2",
    ]);
    await app.close();
    expect([app.rendered, app.element, document.querySelector(".application")]).toEqual([false, null, null]);
  });

  it("requires one element per part, and redraws only the parts asked for", async () => {
    class Two extends Handlebars {
      static PARTS = { a: { template: "a.hbs" }, b: { template: "b.hbs" } };
    }
    templates["a.hbs"] = "<p>a</p>";
    templates["b.hbs"] = "<p>b</p>";
    const app = new Two();
    await app.render(true);
    const [a, b] = [
      app.element.querySelector("[data-application-part=a]"),
      app.element.querySelector("[data-application-part=b]"),
    ];
    await app.render({ parts: ["b"] });
    expect(app.element.querySelector("[data-application-part=a]")).toBe(a);
    expect(app.element.querySelector("[data-application-part=b]")).not.toBe(b);
    templates["b.hbs"] = "<p>b</p><p>again</p>";
    await expect(app.render({ parts: ["b"] })).rejects.toThrow('Template part "b" must render a single HTML element.');
  });

  it("gives each application its own id", () => {
    expect(new Handlebars().id).not.toBe(new Handlebars().id);
    const lin = actor();
    expect(new HandlebarsSheet({ document: lin }).id).toBe(`HandlebarsApplication-Actor-${lin.id}`);
  });
});

describe("ApplicationV2 actions and tabs", () => {
  it("runs a data-action click's handler with the application as this and the action element as target", async () => {
    const seen: unknown[] = [];
    class Clicky extends Handlebars {
      static override DEFAULT_OPTIONS = {
        actions: {
          hit(this: unknown, event: Event, target: HTMLElement) {
            seen.push([this, event.type, target.dataset.key]);
          },
        },
      };
      static PARTS = { body: { template: "body.hbs" } };
    }
    templates["body.hbs"] =
      `<div><button type="button" data-action="hit" data-key="k"><i class="icon">x</i></button><button type="button" data-action="hit" data-key="off" disabled>off</button></div>`;
    const app = new Clicky();
    await app.render(true);
    app.element.querySelector<HTMLElement>(".icon")?.click();
    app.element
      .querySelector<HTMLElement>("[data-key=k]")
      ?.dispatchEvent(new MouseEvent("click", { bubbles: true, button: 2 }));
    // A browser sends no click to a disabled button.
    app.element.querySelector<HTMLElement>("[data-key=off]")?.click();
    expect(seen).toEqual([[app, "click", "k"]]);
    app.element.querySelector<HTMLElement>("[data-action=close]")?.click();
    await settle();
    expect(app.rendered).toBe(false);
  });

  it("switches tabs: the link and the section of the tab chosen get the active class", async () => {
    class Tabbed extends Handlebars {
      static override TABS = { primary: { tabs: [{ id: "one" }, { id: "two" }], initial: "one" } };
      static PARTS = { body: { template: "tabs.hbs" } };
      override async _prepareContext() {
        return { tabs: this._prepareTabs("primary") };
      }
    }
    templates["tabs.hbs"] =
      `<div><nav class="tabs" data-group="primary"><a data-action="tab" data-group="primary" data-tab="one" class="active">1</a><a data-action="tab" data-group="primary" data-tab="two">2</a></nav>
      <section class="tab active" data-group="primary" data-tab="one"></section><section class="tab" data-group="primary" data-tab="two"></section></div>`;
    const app = new Tabbed();
    await app.render(true);
    app.element.querySelector<HTMLElement>("[data-tab=two]")?.click();
    const active = [...app.element.querySelectorAll<HTMLElement>(".active")].map(
      (el) => `${el.tagName}:${el.dataset.tab}`,
    );
    expect(active).toEqual(["A:two", "SECTION:two"]);
    expect(app.tabGroups.primary).toBe("two");
    expect(() => app.changeTab("three", "primary")).toThrow(
      'No matching tab element found for group "primary" and tab "three"',
    );
  });
});

describe("DocumentSheetV2 forms", () => {
  class Sheet extends HandlebarsSheet {
    static PARTS = { body: { template: "sheet.hbs" } };
  }
  class LiveSheet extends Sheet {
    static override DEFAULT_OPTIONS = { form: { submitOnChange: true } };
  }
  beforeEach(() => {
    templates["sheet.hbs"] =
      `<div><input type="text" name="system.notes" value=""><input type="number" name="system.level" value="1"><button type="button" class="always">open</button></div>`;
  });

  it("is a form that submits through its handler to the document, and not on change unless asked (v13)", async () => {
    const lin = actor();
    const sheet = new Sheet({ document: lin });
    await sheet.render(true);
    expect(sheet.element.tagName).toBe("FORM");
    const notes = sheet.element.querySelector<HTMLInputElement>("[name='system.notes']") as HTMLInputElement;
    notes.value = "typed";
    notes.dispatchEvent(new Event("change", { bubbles: true }));
    await settle();
    expect((lin.system as AnyObject).notes).toBe("");
    sheet.element.dispatchEvent(new Event("submit", { cancelable: true }));
    await settle();
    expect(lin.system as AnyObject).toMatchObject({ notes: "typed", level: 1 });

    const live = new LiveSheet({ document: lin });
    await live.render(true);
    const level = live.element.querySelector<HTMLInputElement>("[name='system.level']") as HTMLInputElement;
    level.value = "4";
    level.dispatchEvent(new Event("change", { bubbles: true }));
    await settle();
    expect((lin.system as AnyObject).level).toBe(4);
  });

  it("is one of its document's apps while it is drawn", async () => {
    const lin = actor();
    const sheet = new Sheet({ document: lin });
    await sheet.render(true);
    expect(lin.apps[sheet.id]).toBe(sheet);
    await sheet.close();
    expect(lin.apps).toEqual({});
  });

  it("submit() sends the current form data through the same handler", async () => {
    const lin = actor();
    const sheet = new Sheet({ document: lin });
    await sheet.render(true);
    (sheet.element.querySelector("[name='system.notes']") as HTMLInputElement).value = "kept";
    await sheet.submit();
    expect((lin.system as AnyObject).notes).toBe("kept");
  });

  it("shows a handler's error instead of writing", async () => {
    const lin = actor();
    class Refusing extends Sheet {
      override _prepareSubmitData(): AnyObject {
        throw new Error("refused");
      }
    }
    const sheet = new Refusing({ document: lin });
    await sheet.render(true);
    (sheet.element.querySelector("[name='system.notes']") as HTMLInputElement).value = "no";
    sheet.element.dispatchEvent(new Event("submit", { cancelable: true }));
    await settle();
    expect(foundry.notifications.at(-1)).toEqual({ level: "error", message: "refused" });
    expect((lin.system as AnyObject).notes).toBe("");
  });

  it("disables every control of a sheet its user may not edit, refuses one they may not see", async () => {
    const player = foundry.game.users.contents.find((u) => !u.isGM);
    if (!player) throw new Error("no player");
    foundry.game.user = player;
    const watched = new Sheet({ document: actor({ default: 0, [player.id]: 2 }) });
    await watched.render(true);
    const controls = [
      ...watched.element.querySelectorAll<HTMLInputElement>(".window-content input, .window-content button"),
    ];
    expect(controls.map((c) => c.disabled)).toEqual([true, true, true]);
    expect(watched.element.querySelector<HTMLButtonElement>("[data-action=close]")?.disabled).toBe(false);

    const owned = new Sheet({ document: actor({ default: 0, [player.id]: 3 }) });
    await owned.render(true);
    expect([...owned.element.querySelectorAll<HTMLInputElement>("input, button")].some((c) => c.disabled)).toBe(false);

    const limited = new Sheet({ document: actor({ default: 1 }) });
    await limited.render(true);
    expect(limited.rendered).toBe(true);

    const hidden = new Sheet({ document: actor({ default: 0 }) });
    await hidden.render(true);
    expect(hidden.rendered).toBe(false);
    expect(foundry.notifications.at(-1)).toEqual({
      level: "warn",
      message: "You do not have permission to view this Actor sheet.",
    });
  });
});

describe("parsing a part", () => {
  it("selects the option marked selected, as a browser does", async () => {
    class Choice extends Handlebars {
      static PARTS = { body: { template: "choice.hbs" } };
    }
    templates["choice.hbs"] =
      `<div><select name="sr"><option value="8">8</option><option value="9">9</option><option value="10" selected>10</option><option value="11">11</option></select></div>`;
    const app = new Choice();
    await app.render(true);
    expect(app.element.querySelector("select")?.value).toBe("10");
  });
});

describe("FormDataExtended", () => {
  it("types each field as Foundry does and leaves disabled ones out", () => {
    const form = document.createElement("form");
    form.innerHTML = `<input type="checkbox" name="a" checked><input type="checkbox" name="b"><input type="number" name="n" value=" "><input type="number" name="m" value="-2">
      <input type="radio" name="r" value="x"><input type="radio" name="r" value="y" checked><select name="s"><option value="p">p</option><option value="q" selected>q</option></select>
      <input type="text" name="off" value="z" disabled><textarea name="t">line</textarea><prose-mirror name="pm" value="&lt;p&gt;saved&lt;/p&gt;"></prose-mirror><button name="btn" value="1">b</button>`;
    expect(new FormDataExtended(form).object).toEqual({
      a: true,
      b: false,
      n: null,
      m: -2,
      r: "y",
      s: "q",
      t: "line",
      pm: "<p>saved</p>",
    });
    const editor = form.querySelector("prose-mirror") as HTMLElement & { value?: string };
    editor.value = "<p>typed</p>";
    expect(new FormDataExtended(form, { disabled: true }).object).toMatchObject({ off: "z", pm: "<p>typed</p>" });
  });
});

describe("the double's own window", () => {
  it("is used when the test has no DOM of its own", async () => {
    const { domDocument } = await import("./applications");
    const spy = vi.spyOn(globalThis, "document", "get").mockReturnValue(undefined as unknown as Document);
    const own = domDocument();
    spy.mockRestore();
    expect(own).not.toBe(document);
    expect(own.createElement("form").tagName).toBe("FORM");
  });
});
