// The tasks module's public entry: what other modules and the composition root may use of it. Anything not
// exported here is the module's own (scripts/check-boundaries.mjs fails the build otherwise).
export { announceOpenTasks } from './announce-task.ts';
export { classProgress } from './class-progress.ts';
export { copyClassTasks } from './copy-class-tasks.ts';
export { learnerTasks } from './learner-tasks.ts';
export { listClassTasks } from './list-class-tasks.ts';
export { listCompleters } from './manage-tasks.ts';
export { sendDeadlineReminders } from './send-deadline-reminders.ts';
