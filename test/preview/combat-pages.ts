import { Window } from "happy-dom";
import { PORTRAIT } from "./fixtures";
import { chatPage, type PageSource, type PreviewEnv, type PreviewPage } from "./pages";

type AnyObject = Record<string, unknown>;

/** A Foundry RNG that yields chosen d10 faces, so each card shows a telling roll. */
function faces(list: number[]): () => number {
  let next = 0;
  return () => 1 - ((list[next++] ?? 5) - 0.5) / 10;
}

/** Core's tracker rows, as little of their style as the preview needs (core's CSS is not loaded). */
const TRACKER_STYLE = `<style>
  .combat-tracker { margin: 0; padding: 0; list-style: none; display: flex; flex-direction: column; gap: 6px; }
  .combat-tracker > .combatant { display: grid; grid-template-columns: 36px 1fr auto; gap: 6px; align-items: start; }
  .combat-tracker .token-image { width: 36px; height: 36px; }
  .combat-tracker .wh-tracker__round { grid-column: 1 / -1; }
</style>`;

interface MessageLike {
  id: string;
  renderHTML(): Promise<HTMLElement>;
}

interface TrackerLike {
  element: HTMLElement;
  render(options: AnyObject): Promise<unknown>;
}

/**
 * Combat in the tracker: a Wuxia round in the tracker (the rows' successes, split, actions and
 * Defense dice, the group reserve), and the combat cards — a round summary, a Wuxia attack
 * waiting for its defence (with the defender's exact odds) and one resolved, a Harmonies attack
 * soaked into an aggravated wound. Built through the double with chosen faces, as the GM sees them.
 */
export const combatPages: PageSource = async (env: PreviewEnv) => {
  const { foundry } = env.started;
  const handlebars = (
    globalThis as unknown as { foundry: { applications: { handlebars: { renderTemplate: unknown } } } }
  ).foundry.applications.handlebars;
  const renderTemplate = handlebars.renderTemplate;
  handlebars.renderTemplate = env.render;
  // The roll pages, built before, registered the roll settings, dice and chat cards as `init` does.
  const { registerCombat } = await import("../../src/combat/register");
  registerCombat();
  const { attackWith, defendAgainst, attackRequests } = await import("../../src/combat/attack");
  const { harmoniesAttackWith, harmoniesDefend, harmoniesSoak } = await import("../../src/combat/harmonies-attack");

  const { wuxiaHero, wuxiaNpc, harmoniesHero, harmoniesNpc } = env.fixtures;
  const game = foundry.game as unknown as {
    actors: { add(a: unknown): void; get(id: string): unknown };
    messages: { contents: MessageLike[]; get(id: string): MessageLike };
    user: AnyObject;
    users: { contents: AnyObject[] };
    combats: { viewed: unknown };
  };
  for (const actor of [wuxiaHero, wuxiaNpc, harmoniesHero, harmoniesNpc])
    if (!game.actors.get(actor.id)) game.actors.add(actor);
  const item = (actor: { items: { contents: { id: string; name: string }[] } }, name: string) =>
    actor.items.contents.find((i) => i.name === name) as never;
  const last = () => game.messages.contents.at(-1) as MessageLike;

  const { Combat } = globalThis as unknown as { Combat: { create(data: AnyObject): Promise<AnyObject> } };
  foundry.CONFIG.Dice.randomUniform = faces([9, 8, 2, 10, 10, 3, 1, 4]);
  const combat = (await Combat.create({
    combatants: [{ actorId: wuxiaHero.id }, { actorId: wuxiaNpc.id }],
  })) as { startCombat(): Promise<unknown> };
  await combat.startCombat();
  const summary = last();
  // The bandit holds two Defense dice and the foes one reserve die: the defence form offers them.
  const { combatRequests } = await import("../../src/combat/requests");
  const bandit = (combat as unknown as { combatants: { contents: { actorId: string }[] } }).combatants.contents.find(
    (c) => c.actorId === wuxiaNpc.id,
  );
  for (let i = 0; i < 2; i++) await combatRequests.adjustPool(combat as never, "defense", "up", bandit as never);
  await combatRequests.adjustPool(combat as never, "hostile", "up");

  foundry.CONFIG.Dice.randomUniform = faces([10, 9, 8, 7, 3, 1]);
  await attackWith(wuxiaHero as never, item(wuxiaHero, "Arc long"), wuxiaNpc as never, { dialog: false });
  const waiting = last();
  foundry.CONFIG.Dice.randomUniform = faces([10, 9, 8, 8, 7, 2]);
  await attackWith(wuxiaHero as never, item(wuxiaHero, "Arc long"), wuxiaNpc as never, { dialog: false });
  const resolved = last();
  foundry.CONFIG.Dice.randomUniform = faces([10, 2]);
  await defendAgainst(resolved as never, { defenseDice: 0, reserve: 0 });
  await attackRequests.invest(resolved as never, "critique");

  // Goliath's baseball bat against an unhurt sentry: one blow taken and soaked, one waiting.
  const sentry = await env.started.Actor.create({
    name: "Sentinelle",
    type: "harmoniesCharacter",
    img: PORTRAIT,
    system: { npc: true, characteristics: { corps: { value: 1 } }, means: { resistance: { value: 1 } } },
  });
  game.actors.add(sentry);
  const blow = async (list: number[]) => {
    foundry.CONFIG.Dice.randomUniform = faces(list);
    await harmoniesAttackWith(harmoniesHero as never, item(harmoniesHero, "Bâton de baseball"), sentry as never, {
      dialog: false,
      values: { difficulty: -2 },
    });
    return last();
  };
  const harmonies = await blow([9, 3]);
  await harmoniesDefend(harmonies as never, { take: true });
  foundry.CONFIG.Dice.randomUniform = faces([4, 5]);
  await harmoniesSoak(harmonies as never);
  const harmoniesWaiting = await blow([10, 3]);

  const dom = new Window();
  const withDom = async <T>(work: () => Promise<T>): Promise<T> => {
    const g = globalThis as unknown as { document?: unknown };
    const previous = g.document;
    g.document = dom.document;
    try {
      return await work();
    } finally {
      g.document = previous;
    }
  };
  const draw = (message: MessageLike) => withDom(async () => (await message.renderHTML()).outerHTML);
  const cards = {
    "combat-round-summary": await draw(summary),
    "combat-wuxia-waiting": await draw(waiting),
    "combat-wuxia-resolved": await draw(resolved),
    "combat-harmonies-defence": await draw(harmoniesWaiting),
    "combat-harmonies-soaked": await draw(harmonies),
  };

  // The tracker Foundry builds from CONFIG.ui.combat once the system has registered its own.
  const Tracker = (foundry.CONFIG as unknown as { ui: { combat: new () => TrackerLike } }).ui.combat;
  const tracker = new Tracker();
  const drawTracker = () =>
    withDom(async () => {
      await tracker.render({ force: true });
      return tracker.element.innerHTML;
    });
  const trackerHtml = await drawTracker();

  // A Harmonies encounter beside it: Goliath against the night guard and the palace guards,
  // initiative rolled once for the combat; the group's row counts the members still fighting.
  const { harmoniesGroup } = env.fixtures;
  if (!game.actors.get(harmoniesGroup.id)) game.actors.add(harmoniesGroup);
  foundry.CONFIG.Dice.randomUniform = faces([7, 3, 9, 2, 5, 5]);
  const harmoniesCombat = (await Combat.create({
    combatants: [{ actorId: harmoniesHero.id }, { actorId: harmoniesNpc.id }, { actorId: harmoniesGroup.id }],
  })) as { startCombat(): Promise<unknown>; rollAll(): Promise<unknown> };
  await harmoniesCombat.startCombat();
  await harmoniesCombat.rollAll();
  game.combats.viewed = harmoniesCombat;
  const harmoniesTrackerHtml = await drawTracker();

  handlebars.renderTemplate = renderTemplate;
  const trackerPage = (name: string, html: string): PreviewPage => ({
    name,
    title: "Combat",
    size: { width: 300, height: "fit" },
    classes: ["application", "sidebar-tab", "combat-sidebar"],
    tag: "div",
    html: `${TRACKER_STYLE}${html}`,
    tabs: [],
  });
  const pages: PreviewPage[] = [
    trackerPage("combat-tracker", trackerHtml),
    trackerPage("combat-tracker-harmonies", harmoniesTrackerHtml),
    ...Object.entries(cards).map(([name, card]) => chatPage(name, [card])),
  ];
  return pages;
};
