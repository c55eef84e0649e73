// How long the roll dialog takes to redraw its odds after a keystroke: the rules' exact odds, the
// chart's geometry and the odds part's template, for a typical roll and for the worst cases.
// Run with `npm run bench:dialog`; a benchmark, not a test (no timing is asserted anywhere).
import { bench, describe } from "vitest";
import { installFoundry } from "../../test/foundry/install";
import { renderTemplatesFromDisk } from "../../test/foundry/templates";

installFoundry();
renderTemplatesFromDisk();
const { harmoniesOddsView, wuxiaOddsView } = await import("./odds-chart");
const { templatePath } = await import("../foundry/system");
const render = foundry.applications.handlebars.renderTemplate as unknown as (
  path: string,
  context: object,
) => Promise<string>;
const ODDS = templatePath("dialogs/roll-odds.hbs");

async function redraw(odds: ReturnType<typeof wuxiaOddsView>): Promise<string> {
  return render(ODDS, { odds, facts: ["5 dice", "Threshold 7"], error: null });
}

describe("roll dialog: odds and chart redrawn after a change", () => {
  bench("Wuxia, 5 dice, threshold 7 (typical)", async () => {
    await redraw(wuxiaOddsView(5, 7, 0));
  });
  bench("Wuxia, 100 dice, threshold 7, 3 rerolls (largest pool the dialog allows)", async () => {
    await redraw(wuxiaOddsView(100, 7, 3));
  });
  bench("Harmonies, open roll (widest chart)", async () => {
    await redraw(harmoniesOddsView(-3, true));
  });
});
