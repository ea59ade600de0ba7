/**
 * A recording's address in the staff API. The one place it is written: the early script's requests are taken
 * by the page only under the very path the page asks for (`@atrium/web` early-get), so the two must not differ.
 */
export const sessionPath = (id: string) => `/v1/console/sessions/${encodeURIComponent(id)}`;
