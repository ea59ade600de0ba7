// nginx from Debian's packages, installed when missing, as scripts/test.mjs does for Chromium: the several-
// processes test and the benches put the server behind a real reverse proxy. Run alone: `node scripts/ensure-nginx.mjs`.
// Installing does not leave a service running on :80 where policy-rc.d forbids starts (containers); elsewhere
// Debian starts its own nginx, which nothing here uses: the tests start their own on a free port.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const NGINX = '/usr/sbin/nginx';

/** True when nginx is there (or was just installed); false when it could not be installed. */
export function ensureNginx() {
  if (existsSync(NGINX)) return true;
  console.log("nginx is missing: installing Debian's nginx package");
  const run = spawnSync(
    'bash',
    [
      '-c',
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx',
    ],
    { stdio: 'inherit' },
  );
  return run.status === 0 && existsSync(NGINX);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!ensureNginx()) {
    console.error(`Could not install nginx; the several-processes test needs ${NGINX}`);
    process.exit(1);
  }
}
