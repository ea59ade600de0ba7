/** Whether any of `fields` contains the typed text (case-insensitive); an empty filter keeps everything. */
export const matchesText = (text: string, ...fields: (string | number)[]) => {
  const needle = text.trim().toLowerCase();
  return !needle || fields.some((f) => String(f).toLowerCase().includes(needle));
};
