// Types of own-engines.mjs for the TypeScript tests that import it.

export function startOwnPostgres(): Promise<{
  url: string;
  smallDisk: boolean;
  restart(): Promise<void>;
  fillDisk(): void;
  freeDisk(): Promise<boolean>;
  stop(): Promise<void>;
}>;

export function startOwnRedis(): Promise<{
  url: string;
  halt(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}>;

export function startFaultyS3(): Promise<{
  state: { refuseWrites: boolean; refused: number };
  smallDisk: boolean;
  fillDisk(): void;
  freeDisk(): void;
  env: Record<string, string>;
  stop(): Promise<void>;
}>;
