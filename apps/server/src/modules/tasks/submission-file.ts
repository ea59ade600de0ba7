import { SUBMISSION_FILE_MAX_BYTES } from '@atrium/protocol/tasks';
import { badRequest } from '../../lib/errors.ts';

/** The file types a learner may hand in, told by their first bytes, never by the name or the label. */
const SIGNATURES: { type: string; test: (b: Buffer) => boolean }[] = [
  { type: 'application/pdf', test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  { type: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')) },
  { type: 'image/jpeg', test: (b) => b.subarray(0, 3).equals(Buffer.from('ffd8ff', 'hex')) },
  {
    type: 'image/webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  // zip, and the office formats built on it (docx, xlsx, pptx).
  { type: 'application/zip', test: (b) => b.subarray(0, 4).equals(Buffer.from('504b0304', 'hex')) },
];

export const submissionFileTooLarge = () =>
  badRequest('file_too_large', `檔案大小不得超過 ${SUBMISSION_FILE_MAX_BYTES / 1024 / 1024} MB`);

/** Checks a handed-in file's size and type by content; answers the type it is stored and served as. */
export function checkSubmissionFile(bytes: Buffer): string {
  if (bytes.length > SUBMISSION_FILE_MAX_BYTES) throw submissionFileTooLarge();
  if (bytes.length === 0) throw badRequest('file_empty', '檔案是空的');
  const match = SIGNATURES.find((s) => s.test(bytes));
  if (!match)
    throw badRequest('file_not_supported', '只接受 PDF、png、jpeg、webp 圖片或 zip（含 Office 文件）檔案');
  return match.type;
}

/**
 * A name safe to show and to put in Content-Disposition: no path, no control characters, and no format
 * characters (bidi overrides and isolates, zero-width marks), which make `report\u202Efdp.exe` read as a pdf.
 */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\p{Cc}\p{Cf}"]/gu, '').trim();
  return clean.slice(0, 200) || 'file';
}

export const submissionFileKey = (taskId: string, submissionId: string) =>
  `task-submissions/${taskId}/${submissionId}`;
