import type { Database } from '../../db/client.ts';
import { moduleEvent } from '../../lib/module-event.ts';
import type { ClassRow } from './open-class.ts';

export interface ClassCopiedEvent {
  /** The copy's transaction: what a listener writes rolls back with a failed copy. */
  db: Database;
  sourceId: string;
  copyId: string;
}

export interface ClassOpenedEvent {
  db: Database;
  /** The class as published now. */
  cls: ClassRow;
}

/** A class was copied for the next cohort; modules that keep per-class content copy theirs (tasks). */
export const classCopied = moduleEvent<ClassCopiedEvent>();
/** A draft class was published; modules tell its members what was prepared meanwhile (tasks). */
export const classOpened = moduleEvent<ClassOpenedEvent>();

export const onClassCopied = classCopied.on;
export const onClassOpened = classOpened.on;
