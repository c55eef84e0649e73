import { Window } from "happy-dom";
import {
  applicationPage,
  chatPage,
  type ApplicationLike,
  type PageSource,
  type PreviewEnv,
  type PreviewPage,
} from "./pages";

type AnyObject = Record<string, unknown>;

/** A Foundry RNG that yields chosen d10 faces, so each card shows a telling roll. */
function faces(list: number[]): () => number {
  let next = 0;
  return () => 1 - ((list[next++] ?? 5) - 0.5) / 10;
}

/** Foundry's chat log, as little of it as the cards sit in: a list of framed messages. */

interface MessageLike {
  id: string;
  renderHTML(): Promise<HTMLElement>;
}

type DialogLike = ApplicationLike;

/**
 * The roll dialogs, and a chat log of cards rendered from their real templates on rolls made
 * through the double with chosen faces: a Wuxia test with a specialisation reroll and a Destiny
 * reroll, a critical failure, an opposed test, an open Harmonies roll with XP to award, a group
 * roll, and a GM's private roll as a player sees it. The roll modules are loaded in the started system's
 * module graph and registered as `init` would.
 */
export const rollPages: PageSource = async (env: PreviewEnv) => {
  const { foundry } = env.started;
  // Cards are the rolls' own rendering through Foundry's renderTemplate: the real templates here.
  const handlebars = (
    globalThis as unknown as { foundry: { applications: { handlebars: { renderTemplate: unknown } } } }
  ).foundry.applications.handlebars;
  const renderTemplate = handlebars.renderTemplate;
  handlebars.renderTemplate = env.render;
  const [{ registerRollSettings }, { registerDice }, { registerChat }] = await Promise.all([
    import("../../src/settings/rolls"),
    import("../../src/rolls/register"),
    import("../../src/chat/register"),
  ]);
  registerRollSettings();
  registerDice();
  registerChat();
  const { rollActor } = await import("../../src/rolls/pipeline");
  const { rollSubject } = await import("../../src/rolls/subject");
  const form = await import("../../src/rolls/wuxia/fields");
  const { kindOf } = await import("../../src/rolls/kinds");
  const { rollDialogFor } = await import("../../src/rolls/ask");

  const { wuxiaHero, wuxiaNpc, harmoniesHero, harmoniesGroup, wuxiaGroup } = env.fixtures;
  const game = foundry.game as unknown as {
    actors: { add(a: unknown): void };
    messages: { get(id: string): MessageLike };
    user: AnyObject;
    users: { contents: AnyObject[] };
  };
  for (const actor of [wuxiaHero, wuxiaNpc, harmoniesHero, harmoniesGroup, wuxiaGroup]) game.actors.add(actor);
  const item = (actor: { items: { contents: { id: string; name: string }[] } }, name: string) =>
    actor.items.contents.find((i) => i.name === name)?.id;

  const roll = async (actor: unknown, list: number[], request: AnyObject = {}): Promise<MessageLike> => {
    foundry.CONFIG.Dice.randomUniform = faces(list);
    const values = { visibility: "public", ...(request.values as AnyObject | undefined) };
    return (await rollActor(actor as never, { dialog: false, ...request, values })) as unknown as MessageLike;
  };

  const specialised = await roll(wuxiaHero, [1, 3, 8, 1, 10, 9], { item: item(wuxiaHero, "Tir à l'arc") });
  const { carryOut } = await import("../../src/requests/authority");
  foundry.CONFIG.Dice.randomUniform = faces([7]);
  await carryOut("spendDestiny", { messageId: specialised.id, rollIndex: 0, dieIndex: 1 });
  const critical = await roll(wuxiaNpc, [1, 1, 4, 2]);
  const opposed = await roll(wuxiaHero, [8, 9, 10, 2, 3, 6], { item: item(wuxiaHero, "Chasseur") });
  const opposing = await (async () => {
    const { WuxiaRoll } = await import("../../src/rolls/wuxia/roll");
    const subject = rollSubject(wuxiaNpc as never);
    if (subject.kind !== "wuxia") throw new Error("fixture");
    const r = WuxiaRoll.build(
      form.wuxiaConfig(subject, form.wuxiaDefaults(subject, { skillId: item(wuxiaNpc, "Criminel") })),
    );
    foundry.CONFIG.Dice.randomUniform = faces([8, 2, 2, 9]);
    await r.evaluate();
    await carryOut("oppose", { messageId: opposed.id, roll: r.toJSON() as AnyObject });
    return opposed;
  })();
  const harmonies = await roll(harmoniesHero, [10, 10, 3, 1], {
    item: item(harmoniesHero, "Combat à l'épée"),
    values: { open: true, difficulty: -3 },
  });
  const group = await roll(harmoniesGroup, [6, 4], { values: { difficulty: -1 } });
  const secret = await roll(harmoniesHero, [5, 5], { values: { visibility: "gm" } });
  const wuxiaBand = await roll(wuxiaGroup, [10, 8, 7, 3, 1, 9, 2, 6, 4, 8, 10, 5]);

  // The chat log draws a message as DOM and the system's hook edits it (buttons a reader may
  // not use, the opposed result); this runs in Node, so happy-dom provides the document.
  const dom = new Window();
  const draw = async (message: MessageLike, asPlayer = false): Promise<string> => {
    const gm = game.user;
    const g = globalThis as unknown as { document?: unknown };
    const previous = g.document;
    g.document = dom.document;
    if (asPlayer) game.user = game.users.contents.find((u) => !u.isGM) ?? gm;
    const html = (await game.messages.get(message.id).renderHTML()).outerHTML;
    game.user = gm;
    g.document = previous;
    return html;
  };
  const chatLog = async (): Promise<PreviewPage> => {
    const messages = [
      await draw(specialised),
      await draw(critical),
      await draw(opposing),
      await draw(harmonies),
      await draw(group),
      await draw(secret, true),
    ];
    return chatPage("chat-log", messages);
  };

  const dialog = async (name: string, actor: unknown, start: AnyObject): Promise<PreviewPage> => {
    const subject = rollSubject(actor as never);
    const values = kindOf(subject).defaults(subject as never, start);
    const app = rollDialogFor(subject, values) as unknown as DialogLike;
    const title = foundry.game.i18n.localize(
      `WH.Dialog.${name === "group" ? "Group" : name === "wuxia" ? "Wuxia" : "Harmonies"}.Title`,
    );
    return applicationPage(env, app, { name: `roll-dialog-${name}`, height: 640, title });
  };

  const pages = [
    await dialog("wuxia", wuxiaHero, { skillId: item(wuxiaHero, "Tir à l'arc") }),
    await dialog("harmonies", harmoniesHero, { skillId: item(harmoniesHero, "Combat à l'épée") }),
    await dialog("group", harmoniesGroup, {}),
    await chatLog(),
    chatPage("chat-wuxia-group", [await draw(wuxiaBand)]),
  ];
  handlebars.renderTemplate = renderTemplate;
  return pages;
};
