// The tasks module's public entry: what other modules and the composition root may use of it. Anything not
// exported here is the module's own (scripts/check-boundaries.mjs fails the build otherwise).
export { connectTasksToClasses } from './connect-tasks-to-classes.ts';
export { learnerTasks } from './learner-tasks.ts';
export { listClassTasks } from './list-class-tasks.ts';
export { sendDeadlineReminders } from './send-deadline-reminders.ts';
