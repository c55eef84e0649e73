// Makes sure the Debian Chromium the sheet preview drives is installed (never a browser
// downloaded from npm). Without it: under CI=true the run fails; otherwise it says so loudly.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = "/usr/bin/chromium";

if (!existsSync(CHROMIUM)) {
  console.log(`${CHROMIUM} is missing: installing the Debian package (apt-get install -y chromium)…`);
  const sudo = process.getuid?.() === 0 ? "" : "sudo ";
  try {
    execSync(`${sudo}apt-get update && ${sudo}apt-get install -y chromium`, {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  } catch (error) {
    console.error(`Could not install chromium: ${error.message}`);
  }
}
if (!existsSync(CHROMIUM)) {
  const message = `${CHROMIUM} is still missing: the sheet preview cannot run.`;
  if (process.env.CI === "true") {
    console.error(message);
    process.exit(1);
  }
  console.warn(`\n*** ${message} The preview test will be skipped. ***\n`);
}
