/**
 * The rules engine of Wuxia & Harmonies: pure functions, no Foundry, no globals; randomness is
 * passed in as `random: () => number` in [0, 1). Macros reach it as game.system.api.rules.
 */
export { RulesError, type RulesErrorCode, type RulesErrorDetails } from "./errors";
export { MAX_SIZE } from "./validate";
export { d10, d6, mulberry32, replayFaces } from "./random";

// Wuxia
export {
  WUXIA_DEFAULTS,
  WUXIA_HERO_TYPES,
  type RerollBand,
  type WuxiaCreationTable,
  type WuxiaDefaults,
  type WuxiaHeroType,
} from "./wuxia/defaults";
export {
  effectiveThreshold,
  evaluateWuxiaPool,
  isSuccessFace,
  successFaces,
  wuxiaThreshold,
  type WuxiaPoolResult,
} from "./wuxia/threshold";
export {
  MAX_POOL_DICE,
  rollWuxiaPool,
  specialisationRerollTargets,
  type WuxiaReroll,
  type WuxiaPoolRoll as WuxiaRoll,
  type WuxiaRollOptions,
} from "./wuxia/pool";
export { wuxiaOdds, type WuxiaOdds } from "./wuxia/odds";
export { narrowSkillUse, specialisationRerolls, type NarrowSkillUse } from "./wuxia/specialisation";
export { spendDestinyReroll, type DestinyReroll } from "./wuxia/destiny";
export {
  chiReserve,
  deathThreshold,
  panicStatus,
  panicThresholds,
  woundStatus,
  woundThresholds,
  type PanicOptions,
  type WoundOptions,
  type WuxiaAttributes,
  type WuxiaPanicStatus,
  type WuxiaWoundStatus,
} from "./wuxia/secondary";
export {
  WUXIA_CATEGORIES,
  validateWuxiaCreation,
  wuxiaCreationBudget,
  type WuxiaBudget,
  type WuxiaCategory,
  type WuxiaCreationCheck,
  type WuxiaCreationProblem,
  type WuxiaCreationProblemCode,
  type WuxiaCreationSheet,
  type WuxiaPriorities,
} from "./wuxia/creation";
export {
  defenseDiceAtRoundStart,
  initiativeTurns,
  rollWuxiaInitiative,
  spendInitiativeSuccesses,
  type InitiativeEntry,
  type InitiativeOutcome,
  type InitiativePurchase,
  type InitiativeTurn,
  type WuxiaInitiativeRoll,
} from "./wuxia/initiative";
export {
  resolveWuxiaAttack,
  type WuxiaAttackInput,
  type WuxiaAttackOptions,
  type WuxiaAttackResult,
  type WuxiaInvestments,
  type WuxiaSide,
} from "./wuxia/attack";
export { wuxiaLevelCost } from "./wuxia/experience";
export { wuxiaAttackOdds, type WuxiaAttackOdds, type WuxiaDefenceTest } from "./wuxia/attack-odds";

// Harmonies
export { HARMONIES_DEFAULTS, type HarmoniesDefaults, type SkillFloors, type WoundMaxima } from "./harmonies/defaults";
export { MAX_VALUE, MEASURE_TABLE, measureOf, measureRatio, valueOf } from "./harmonies/measure";
export {
  harmoniesActionFromFaces,
  rollHarmonies,
  rollHarmoniesAction,
  type HarmoniesAction,
  type DifferenceDice as HarmoniesRoll,
} from "./harmonies/difference-roll";
export { differenceAtLeast, differencePmf, harmoniesOdds } from "./harmonies/odds";
export { attackDamage, soakModifier, soakSeverity, type SoakSeverity } from "./harmonies/soak";
export {
  EMPTY_WOUND_TRACK,
  WOUND_LEVELS,
  addWound,
  woundTrackPenalty,
  type WoundLevel,
  type WoundPenalty,
  type WoundTrack,
} from "./harmonies/wounds";
export { healWound, healingDays, healingStepDays } from "./harmonies/healing";
export {
  attributeLevelCost,
  buyLevel,
  experienceFromDice,
  skillLevelCost,
  type LevelHolding,
} from "./harmonies/experience";
export {
  effectiveSkillLevel,
  qualifiesAs,
  type EffectiveSkillLevel,
  type SkillCoverage,
  type SkillLevelSource,
} from "./harmonies/skills";
export {
  HARMONIES_PAIRS,
  harmoniesAttributesFromFaces,
  pairSplits,
  rollHarmoniesAttributes,
  validateHarmoniesCreation,
  type HarmoniesAttributeRoll,
  type HarmoniesAttributes,
  type HarmoniesCreationProblem,
  type HarmoniesPair,
} from "./harmonies/creation";
export { HARMONIES_RULES_OF_THUMB, harmoniesOddsTable, type HarmoniesOddsRow } from "./harmonies/odds-table";
export { ODDS_TABLE_ATTRIBUTES, ODDS_TABLE_THRESHOLDS, wuxiaOddsTable, type WuxiaOddsTable } from "./wuxia/odds-table";
export {
  beginnerSkills,
  validateBeginnerPackage,
  type BeginnerPackage,
  type BeginnerProblem,
  type BeginnerSkill,
  type PackageSet,
} from "./harmonies/beginner";

// Groups
export { GROUP_DEFAULTS, type GroupDefaults, type GroupMode } from "./groups/defaults";
export {
  combineValueCounts,
  combineValues,
  combineValuesByMeasure,
  type CombinedValue,
  type ValueCount,
} from "./groups/combine";
export { combinationSteps, type CombinationSteps, type CombineStep } from "./groups/combine-steps";
export { groupSuccesses, type GroupSuccesses } from "./groups/method1-successes";
export {
  BOOK_EXACT_GAP,
  BOOK_GAP_OR_MORE,
  groupCountAtLeast,
  groupMargins,
  type GroupMarginMode,
  type GroupMarginOptions,
  type MarginCount,
} from "./groups/method2-margins";
export { rollGroupIndividually } from "./groups/individual";
export { groupHomogeneity, type Homogeneity } from "./groups/homogeneity";
export {
  OUT_AT,
  UNHURT,
  woundHarmoniesMember,
  woundWuxiaMember,
  type MemberHit,
  type MemberWounds,
  type OutAt,
} from "./groups/casualties";
export {
  evaluateWuxiaGroup,
  wuxiaGroupTests,
  type WuxiaGroupResult,
  type WuxiaSubgroup,
  type WuxiaSubgroupResult,
  type WuxiaSubgroupTest,
} from "./groups/wuxia-group";
