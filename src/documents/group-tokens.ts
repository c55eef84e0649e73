import { SYSTEM_ID } from "../foundry/system";

/**
 * What a group's token stands for (RULES 3.4): the sub-group (its index in the group's members),
 * how many of its members, and how many of those the attack cards have already counted out of the
 * fight. The scene's gathering and the combat's losses both read it, so a member is counted once.
 */
export interface GroupToken {
  member: number;
  count: number;
  countedOut: number;
}

const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/** The group flag a token carries, or null for a token placed some other way. */
export function groupTokenFlag(token: { flags: unknown }): GroupToken | null {
  const flag = (token.flags as Partial<Record<string, Record<string, unknown> | undefined>> | null)?.[SYSTEM_ID];
  const { member, count } = flag ?? {};
  if (!Number.isInteger(member) || !Number.isInteger(count)) return null;
  const counted = flag?.countedOut;
  return {
    member: member as number,
    count: count as number,
    countedOut: isCount(counted) ? Math.min(counted, count as number) : 0,
  };
}

/** Members a defeated token puts out that the cards have not counted yet. */
export function uncountedOut(flag: GroupToken): number {
  return Math.max(0, flag.count - flag.countedOut);
}
