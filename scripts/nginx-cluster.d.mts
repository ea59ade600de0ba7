// Types of nginx-cluster.mjs for the TypeScript tests that import it.
import type { ChildProcess } from 'node:child_process';

export function freePort(): Promise<number>;

export interface ServerProcess {
  name: string;
  url: string;
  port: number;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
  ready(ms?: number): Promise<void>;
  kill(signal?: NodeJS.Signals): void;
  stop(): Promise<void>;
}

export function startServerProcess(
  name: string,
  env: Record<string, string>,
  opts?: { port?: number; cpus?: string; stdio?: 'keep' | 'inherit' },
): Promise<ServerProcess>;

/** deploy/nginx/atrium.conf: the one nginx configuration, rendered by nginxConfig. */
export const NGINX_CONF: string;

export function nginxConfig(opts: {
  dir: string;
  port: number;
  web: string[];
  assist: string[];
  upstreamHeader?: boolean;
}): string;

export interface Nginx {
  url: string;
  port: number;
  dir: string;
  pid: number;
  stop(): Promise<void>;
}

export function startNginx(opts: {
  web: string[];
  assist: string[];
  port?: number;
  upstreamHeader?: boolean;
}): Promise<Nginx>;
