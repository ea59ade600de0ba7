import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/**
 * Rewrites `import { Modal, Button } from 'react-bootstrap'` into one import per component file
 * (`react-bootstrap/esm/Modal.js`), so the module graph says which screen uses which part. Through the
 * package's index every part looks used by every screen, and the chunk rules (chunk-groups.ts) could not
 * keep the signed-in screens' modal and navbar off /login. A name without a file of its own stays as it was.
 */
export function directImports(pkg: string, folder: string): Plugin {
  const root = join(dirname(require.resolve(`${pkg}/package.json`)), folder);
  const quoted = pkg.replace(/[/\\^$*+?.()|[\]{}-]/g, '\\$&');
  const statement = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${quoted}["'];?`, 'g');
  return {
    name: 'atrium-direct-imports',
    transform(code, id) {
      if (id.includes('node_modules') || !code.includes(pkg)) return null;
      let changed = false;
      const out = code.replace(statement, (whole, names: string) => {
        const direct: string[] = [];
        const rest: string[] = [];
        for (const spec of names
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)) {
          const [name = '', local = name] = spec.split(/\s+as\s+/);
          if (existsSync(join(root, `${name}.js`)))
            direct.push(`import ${local} from '${pkg}/${folder}/${name}.js';`);
          else rest.push(spec);
        }
        if (!direct.length) return whole;
        changed = true;
        return [...direct, ...(rest.length ? [`import { ${rest.join(', ')} } from '${pkg}';`] : [])].join(
          '\n',
        );
      });
      return changed ? { code: out, map: null } : null;
    },
  };
}
