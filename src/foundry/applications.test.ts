import { beforeEach, describe, expect, it, vi } from "vitest";
import { startSystem, type TestActor } from "../../test/support/start-system";
import type * as Applications from "./applications";

/**
 * The Handlebars applications, built from core's classes when the module loads: each test loads
 * it afresh in the Foundry double, after the system's sheets.
 */

type AnyObject = Record<string, unknown>;
type Started = Awaited<ReturnType<typeof startSystem>>;

interface DrawnApp {
  id: string;
  partContexts: Record<string, AnyObject>;
  render(options?: unknown): Promise<unknown>;
}

let started: Started;
let applications: typeof Applications;

beforeEach(async () => {
  started = await startSystem();
  applications = await import("./applications");
});

function sheetFor(actor: TestActor): DrawnApp {
  const registration = started.foundry.sheets.registrations.find((r) => r.types.includes(actor.type) && r.makeDefault);
  const Sheet = registration?.sheetClass as new (options: AnyObject) => DrawnApp;
  return new Sheet({ document: actor });
}

describe("renderParts", () => {
  it("asks the application for one render of these parts, and settles when it has drawn them", async () => {
    let drawn: () => void = () => undefined;
    const render = vi.fn((_options: never) => new Promise<void>((resolve) => (drawn = resolve)));
    let settled = false;
    const done = applications.renderParts({ render }, ["odds", "footer"]).then(() => (settled = true));
    expect(render).toHaveBeenCalledExactlyOnceWith({ parts: ["odds", "footer"] });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    drawn();
    await done;
    expect(settled).toBe(true);
  });

  it("draws again only the parts named, in core's Handlebars application", async () => {
    const Base = applications.HandlebarsApplication as unknown as new (options?: AnyObject) => DrawnApp;
    class ThreeParts extends Base {
      static PARTS = { a: { template: "" }, b: { template: "" }, c: { template: "" } };
    }
    const app = new ThreeParts();
    await app.render({ force: true });
    expect(Object.keys(app.partContexts)).toEqual(["a", "b", "c"]);
    app.partContexts = {};
    await applications.renderParts(app as never, ["b"]);
    expect(Object.keys(app.partContexts)).toEqual(["b"]);
  });
});

describe("corePartContext", () => {
  it("gives core's part context (its part id) of the context shared, without the sheet's own additions", async () => {
    const actor = await started.Actor.create({ name: "Lin", type: "wuxiaCharacter" });
    const sheet = sheetFor(actor);
    const shared = { editMode: false };
    // The sheet's own `_preparePartContext` adds the effects' rows to this part; core's does not.
    const context = await applications.corePartContext(sheet as never, "effects", shared, {});
    expect(context).toEqual({ editMode: false, partId: `${sheet.id}-effects` });
  });

  it("is what a system actor sheet's parts start from", async () => {
    const actor = await started.Actor.create({ name: "Lin", type: "wuxiaCharacter" });
    const sheet = sheetFor(actor);
    await sheet.render({ force: true });
    expect(sheet.partContexts.main).toMatchObject({ partId: `${sheet.id}-main`, editMode: false });
    expect(sheet.partContexts.main).toHaveProperty("attributes");
    expect(sheet.partContexts.effects).toMatchObject({ partId: `${sheet.id}-effects`, effects: [] });
  });
});
