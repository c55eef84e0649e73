export function repositoryUrl(pkg: { repository?: string | { url?: string } }): string;
export function releaseManifest<M extends { version: string }>(
  manifest: M,
  pkg: { version: string; repository?: string | { url?: string } },
  zipName: string,
): M & { url: string; manifest: string; download: string };
