import { subscribeRemoveTabRecordings } from './modules/assist/index.ts';
import { connectTasksToClasses } from './modules/tasks/index.ts';
import { serveClassAudience } from './modules/training/index.ts';

let connected = false;

/**
 * Where a higher module listens to a lower one (docs/ARCHITECTURE.md, "Dependency rules"; ADR 0080): the
 * lower module announces or asks, the higher one answers, and neither imports the other the wrong way.
 * Process-wide and once, whatever the services: any process may delete a recording or copy a class.
 */
export function connectModules(): void {
  if (connected) return;
  connected = true;
  subscribeRemoveTabRecordings();
  connectTasksToClasses();
  serveClassAudience();
}
