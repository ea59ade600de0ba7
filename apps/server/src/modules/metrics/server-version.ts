import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's version, from the nearest package.json above this file: the same from the sources
 * and from a compiled build, wherever it puts this module. 'unknown' if none is found.
 */
function findVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 6; depth++) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown };
      if (typeof pkg.version === 'string') return pkg.version;
    }
    dir = dirname(dir);
  }
  return 'unknown';
}

export const SERVER_VERSION = findVersion();
