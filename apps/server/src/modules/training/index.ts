// The training module's public entry: what other modules and the composition root may use of it. Anything not
// exported here is the module's own (scripts/check-boundaries.mjs fails the build otherwise).
export { claimReminder, rearmReminder } from './claim-reminder.ts';
export { type AttendanceGrid, classAttendanceGrid } from './class-attendance-grid.ts';
export { onClassCopied, onClassOpened } from './class-events.ts';
export { classNames } from './class-names.ts';
export { type ClassTasks, provideClassTasks } from './class-tasks.ts';
export { currentMembers } from './current-members.ts';
export { getSubChapter } from './get-sub-chapter.ts';
export { issueCertificate } from './issue-certificate.ts';
export { type LearnerClassAttendance, learnerAttendance } from './learner-attendance.ts';
export { learnerTraining } from './learner-training.ts';
export { findAdminClass } from './manage-classes.ts';
export { listClassMemberIds, listMemberClasses, openClass } from './open-class.ts';
export { sendClassStarting } from './send-class-starting.ts';
export { serveClassAudience } from './serve-class-audience.ts';
