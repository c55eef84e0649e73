import type { TestActor } from "../support/start-system";
import type { startSystem } from "../support/start-system";

/** A plain portrait, inline so the page loads nothing from Foundry's icons. */
export const PORTRAIT =
  "data:image/svg+xml;utf8," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#8b2e16"/><circle cx="32" cy="24" r="12" fill="#f3e6d0"/><rect x="14" y="40" width="36" height="20" rx="10" fill="#f3e6d0"/></svg>',
  );

const BIOGRAPHY =
  "<p>Née dans un village de pêcheurs, elle a suivi un maître errant jusqu'aux montagnes de l'Ouest.</p>";

export interface Fixtures {
  wuxiaHero: TestActor;
  wuxiaNpc: TestActor;
  harmoniesHero: TestActor;
  harmoniesNpc: TestActor;
  harmoniesGroup: TestActor;
  wuxiaGroup: TestActor;
}

type Started = Awaited<ReturnType<typeof startSystem>>;

/**
 * Fixture actors built through the double, so every sheet gets its context from the real data
 * models and its real `_prepareContext`. Names and numbers come from the rules and their examples.
 */
export async function buildFixtures({ Actor, foundry }: Started): Promise<Fixtures> {
  // The heroes are a player's, as at a table: their side in a fight is the players' side.
  const player = (
    foundry.game as unknown as { users: { contents: { id: string; isGM: boolean }[] } }
  ).users.contents.find((u) => !u.isGM);
  const ownership = player ? { default: 0, [player.id]: 3 } : undefined;
  const wuxiaHero = await Actor.create({
    name: "Lin Mei, rebelle mystérieuse",
    type: "wuxiaCharacter",
    ownership,
    img: PORTRAIT,
    system: {
      zodiac: "tigre",
      heroType: "assassin",
      attributes: { metal: 3, feu: 6, terre: 5, eau: 3, bois: 4 },
      experience: 5,
      destiny: 2,
      wounds: { value: 8 },
      panic: { value: 2 },
      chi: { value: 9 },
      priorities: { attributes: 3, skills: 4, powers: 2, traits: 1, experience: 5 },
      concept: {
        origin: "Fille d'un magistrat déchu",
        impression: "Froide et précise",
        motivations: "Venger son père",
        likes: "Le thé vert, les nuits sans lune",
      },
      biography: BIOGRAPHY,
    },
  });
  await wuxiaHero.createEmbeddedDocuments("Item", [
    { name: "Chasseur", type: "wuxiaSkill", img: PORTRAIT, system: { category: "metier", level: 5 } },
    { name: "Criminel", type: "wuxiaSkill", img: PORTRAIT, system: { category: "metier", level: 3 } },
    { name: "Espion", type: "wuxiaSkill", img: PORTRAIT, system: { category: "metier", level: 4 } },
    { name: "Artiste martial", type: "wuxiaSkill", img: PORTRAIT, system: { category: "profession", level: 6 } },
    {
      name: "Tir à l'arc",
      type: "wuxiaSkill",
      img: PORTRAIT,
      system: { category: "narrow", parentSkill: "Chasseur", level: 1 },
    },
    {
      name: "Calligraphie",
      type: "wuxiaSkill",
      img: PORTRAIT,
      system: { category: "narrow", parentSkill: "Lettré", level: 2 },
    },
    {
      name: "Chant des 1000 lames",
      type: "wuxiaPower",
      img: PORTRAIT,
      system: {
        heroType: "assassin",
        level: 4,
        attribute: "feu",
        chiCost: 2,
        description: "<p>Lancer d'un grand nombre de couteaux.</p>",
      },
    },
    {
      name: "Course du vent",
      type: "wuxiaPower",
      img: PORTRAIT,
      system: { heroType: "assassin", level: 3, attribute: "feu" },
    },
    {
      name: "Bond du tigre",
      type: "wuxiaPower",
      img: PORTRAIT,
      system: { heroType: "general", level: 2, attribute: "metal" },
    },
    { name: "Mémoire", type: "wuxiaTrait", img: PORTRAIT, system: { zodiac: "tigre" } },
    { name: "Rancunière", type: "wuxiaDrame", img: PORTRAIT, system: { zodiac: "tigre" } },
    {
      name: "Dague de jade",
      type: "wuxiaWeapon",
      img: PORTRAIT,
      system: {
        damage: 3,
        skill: "Artiste martial",
        ame: { name: "Saignement", effect: "Chaque succès investi ajoute 1 NB au round suivant." },
      },
    },
    { name: "Arc long", type: "wuxiaWeapon", img: PORTRAIT, system: { damage: 4, skill: "Chasseur" } },
    { name: "Robe de soie renforcée", type: "wuxiaArmour", img: PORTRAIT, system: { armour: 1 } },
  ]);

  const wuxiaNpc = await Actor.create({
    name: "Bandit des marais",
    type: "wuxiaCharacter",
    img: PORTRAIT,
    system: {
      npc: true,
      heroType: "guerrier",
      attributes: { metal: 4, feu: 3, terre: 2, eau: 2, bois: 1 },
      wounds: { value: 19 },
      panic: { value: 9 },
    },
  });
  await wuxiaNpc.createEmbeddedDocuments("Item", [
    { name: "Criminel", type: "wuxiaSkill", img: PORTRAIT, system: { category: "metier", level: 2 } },
    { name: "Sabre", type: "wuxiaWeapon", img: PORTRAIT, system: { damage: 3, skill: "Criminel" } },
  ]);

  const harmoniesHero = await Actor.create({
    name: "Goliath",
    type: "harmoniesCharacter",
    ownership,
    img: PORTRAIT,
    system: {
      race: "Humain",
      characteristics: {
        corps: { value: 3, xp: 2 },
        agilite: { value: 2 },
        intuition: { value: -1 },
        intelligence: { value: -2, race: 1 },
      },
      means: {
        puissance: { value: 2 },
        resistance: { value: 3, xp: 12 },
        manoeuvre: { value: 0 },
        precision: { value: -1 },
      },
      wounds: { light: 2, grave: 1 },
      biography: "<p>Le plus grand de la classe, et il le sait.</p>",
    },
  });
  // Stunned as the token HUD or a soak stuns: core's status. The preview has none of core's icons
  // (icons/svg/…): the effect shows the fixtures' own picture instead.
  const stunned = (await (
    harmoniesHero as unknown as { toggleStatusEffect(id: string): Promise<{ update(d: object): Promise<unknown> }> }
  ).toggleStatusEffect("stun")) as { update(d: object): Promise<unknown> };
  await stunned.update({ img: PORTRAIT });
  await harmoniesHero.createEmbeddedDocuments("Item", [
    {
      name: "Fantassin",
      type: "harmoniesMetier",
      img: PORTRAIT,
      system: { skills: ["Combat à l'épée", "Esquive", "Combat à mains nues", "Lancer du couteau"] },
    },
    {
      name: "Cambrioleur",
      type: "harmoniesHobby",
      img: PORTRAIT,
      system: { skills: ["Crochetage", "Discrétion", "Désamorçage"] },
    },
    {
      name: "Combat à l'épée",
      type: "harmoniesSkill",
      img: PORTRAIT,
      system: { level: 0, characteristic: "agilite", means: "manoeuvre" },
    },
    { name: "Esquive", type: "harmoniesSkill", img: PORTRAIT, system: { level: 0 } },
    {
      name: "Combat à mains nues",
      type: "harmoniesSkill",
      img: PORTRAIT,
      system: { level: 0, characteristic: "corps", means: "puissance" },
    },
    { name: "Lancer du couteau", type: "harmoniesSkill", img: PORTRAIT, system: { level: -4, xp: 52 } },
    { name: "Crochetage", type: "harmoniesSkill", img: PORTRAIT, system: { level: -5 } },
    { name: "Désamorçage", type: "harmoniesSkill" },
    { name: "Chants", type: "harmoniesSkill", img: PORTRAIT, system: { level: -10, talent: true } },
    { name: "Occultisme", type: "harmoniesSkill", img: PORTRAIT, system: { hermetic: true } },
    {
      name: "Bâton de baseball",
      type: "harmoniesWeapon",
      img: PORTRAIT,
      system: { damage: 1, range: "melee", skill: "Combat à mains nues" },
    },
    {
      name: "Lance-pierre",
      type: "harmoniesWeapon",
      img: PORTRAIT,
      system: { damage: 0, range: "missile", skill: "Lancer du couteau" },
    },
    { name: "Blouson de cuir", type: "harmoniesArmour", img: PORTRAIT, system: { armour: 1 } },
  ]);

  const harmoniesNpc = await Actor.create({
    name: "Garde de nuit",
    type: "harmoniesCharacter",
    img: PORTRAIT,
    system: {
      npc: true,
      characteristics: { corps: { value: 1 } },
      means: { resistance: { value: 1 } },
      wounds: { light: 5, grave: 2, critical: 1, fatal: true },
    },
  });
  await harmoniesNpc.createEmbeddedDocuments("Item", [
    { name: "Combat à l'épée", type: "harmoniesSkill", img: PORTRAIT, system: { level: 0 } },
  ]);

  const harmoniesGroup = await Actor.create({
    name: "Garde du palais",
    type: "group",
    img: PORTRAIT,
    system: {
      ruleset: "harmonies",
      action: { characteristic: "agilite", means: "precision" },
      // The palace guards of the French import example (assets/examples/groupes-harmonies.csv).
      members: [
        {
          label: "Gardes",
          count: 25,
          stats: {
            corps: 0,
            agilite: 1,
            intuition: 0,
            intelligence: 0,
            puissance: 1,
            resistance: 1,
            manoeuvre: 1,
            precision: 0,
            skill: 2,
          },
        },
        {
          label: "Sergent Léon",
          count: 1,
          stats: {
            corps: 1,
            agilite: 1,
            intuition: 1,
            intelligence: 0,
            puissance: 1,
            resistance: 1,
            manoeuvre: 1,
            precision: 1,
            skill: 4,
          },
        },
      ],
      description: "<p>Ils gardent la porte nord jour et nuit.</p>",
    },
  });

  const wuxiaGroup = await Actor.create({
    name: "Red Hill Bandits",
    type: "group",
    img: PORTRAIT,
    system: {
      ruleset: "wuxia",
      action: { attribute: "feu" },
      // The bandits of the English import example (assets/examples/groups-wuxia.csv).
      members: [
        { label: "Bandits", count: 20, stats: { metal: 2, feu: 2, terre: 3, eau: 1, bois: 2, skill: 1 } },
        { label: "Chief", count: 1, stats: { metal: 3, feu: 4, terre: 3, eau: 2, bois: 2, skill: 2 } },
      ],
    },
  });

  return { wuxiaHero, wuxiaNpc, harmoniesHero, harmoniesNpc, harmoniesGroup, wuxiaGroup };
}
