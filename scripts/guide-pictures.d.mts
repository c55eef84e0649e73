/** The guides' languages: docs/en and docs/fr. */
export const GUIDE_LANGS: readonly ["en", "fr"];
/** Each guide of a language: its path (docs/<lang>/<file>.md) and its text. */
export function guides(lang: "en" | "fr"): { path: string; text: string }[];
/** Every picture a guide names, once, with the first guide that names it. */
export function guidePictures(): { lang: "en" | "fr"; name: string; guide: string }[];
/** What a drawn page (the preview's HTML file) shows, as a short fingerprint. */
export function pictureRecord(htmlFile: string, tab?: string): string;
/** The preview's screenshot of a picture, and the page (and tab) it was taken of. */
export function previewFiles(
  outDir: string,
  lang: string,
  name: string,
): { png: string; html: string | null; tab: string };
