/** The system's id: the folder name under Data/systems, the settings namespace, the flag scope. */
export const SYSTEM_ID = "wuxia-harmonies";

/** Where Foundry serves this system's files from. */
export const SYSTEM_PATH = `systems/${SYSTEM_ID}`;

/** Path of a template under templates/, as Foundry loads it. */
export function templatePath(relative: string): string {
  return `${SYSTEM_PATH}/templates/${relative}`;
}
