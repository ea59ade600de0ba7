// Types of ensure-nginx.mjs for the TypeScript tests that import it.
export const NGINX: string;
export function ensureNginx(): boolean;
