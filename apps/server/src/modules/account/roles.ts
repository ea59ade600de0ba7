/** The roles of ADR 0025: learners use the portal; agents read recordings and assist; admins also manage. */
export const roles = ['learner', 'agent', 'admin'] as const;
export type Role = (typeof roles)[number];

/** Staff: anyone who may use the console (agent or admin). */
export function isStaff(user: { role: Role }): boolean {
  return user.role === 'agent' || user.role === 'admin';
}

export function isAdmin(user: { role: Role }): boolean {
  return user.role === 'admin';
}
