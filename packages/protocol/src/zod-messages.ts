import type { z } from 'zod';

/**
 * zod's fallback wording in the user's language. A schema's own message (messages.required, '課程名稱最多…')
 * still wins; this covers the rest, which zod would otherwise answer in English ("Too big: expected number to
 * be <=60") on a zh-TW screen (issue 23). Installed as zod's `customError` by the server (zh-TW, the language
 * of every server answer) and by each front end (the console follows its language switch). No zod import at
 * run time: the portal loads zod only with its forms (ADR 0016).
 */
export type MessageLanguage = 'zh-TW' | 'en';

type Issue = Parameters<z.core.$ZodErrorMap>[0];

const words = {
  'zh-TW': {
    required: '此欄位為必填',
    int: '請輸入整數',
    number: '請輸入數字',
    string: '請輸入文字',
    date: '請輸入有效的日期',
    type: '資料格式不正確',
    atMost: (n: string) => `不可大於 ${n}`,
    below: (n: string) => `必須小於 ${n}`,
    atLeast: (n: string) => `不可小於 ${n}`,
    above: (n: string) => `必須大於 ${n}`,
    maxChars: (n: string) => `最多 ${n} 個字`,
    minChars: (n: string) => `至少 ${n} 個字`,
    exactChars: (n: string) => `必須是 ${n} 個字`,
    maxItems: (n: string) => `最多 ${n} 項`,
    minItems: (n: string) => `至少 ${n} 項`,
    fileTooBig: (n: string) => `檔案不得超過 ${n} 位元組`,
    email: '請輸入有效的電子郵件',
    url: '請輸入有效的網址',
    datetime: '請輸入有效的日期時間',
    format: '格式不正確',
    multipleOf: (n: string) => `必須是 ${n} 的倍數`,
    unknownKeys: (keys: string) => `不接受的欄位：${keys}`,
    choose: '請從選項中選擇',
    invalid: '輸入的內容不正確',
    listSeparator: '、',
  },
  en: {
    required: 'This field is required',
    int: 'Enter a whole number',
    number: 'Enter a number',
    string: 'Enter text',
    date: 'Enter a valid date',
    type: 'The value has the wrong format',
    atMost: (n: string) => `Must be at most ${n}`,
    below: (n: string) => `Must be less than ${n}`,
    atLeast: (n: string) => `Must be at least ${n}`,
    above: (n: string) => `Must be more than ${n}`,
    maxChars: (n: string) => `At most ${n} characters`,
    minChars: (n: string) => `At least ${n} characters`,
    exactChars: (n: string) => `Exactly ${n} characters`,
    maxItems: (n: string) => `At most ${n} items`,
    minItems: (n: string) => `At least ${n} items`,
    fileTooBig: (n: string) => `The file may be at most ${n} bytes`,
    email: 'Enter a valid e-mail address',
    url: 'Enter a valid address',
    datetime: 'Enter a valid date and time',
    format: 'The format is not valid',
    multipleOf: (n: string) => `Must be a multiple of ${n}`,
    unknownKeys: (keys: string) => `Fields not accepted: ${keys}`,
    choose: 'Choose one of the options',
    invalid: 'The value is not valid',
    listSeparator: ', ',
  },
} as const;

/** The message for one zod issue in `language` (anything but English is zh-TW, the portal's language). */
export function zodIssueMessage(issue: Issue, language: string): string {
  const w = language.startsWith('en') ? words.en : words['zh-TW'];
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null) return w.required;
      if (issue.expected === 'int') return w.int;
      if (issue.expected === 'number' || issue.expected === 'bigint') return w.number;
      if (issue.expected === 'string') return w.string;
      if (issue.expected === 'date') return w.date;
      return w.type;
    }
    case 'too_big': {
      const n = String(issue.maximum);
      if (issue.origin === 'string') return issue.exact ? w.exactChars(n) : w.maxChars(n);
      if (issue.origin === 'array' || issue.origin === 'set') return w.maxItems(n);
      if (issue.origin === 'file') return w.fileTooBig(n);
      return issue.inclusive === false ? w.below(n) : w.atMost(n);
    }
    case 'too_small': {
      const n = String(issue.minimum);
      if (issue.origin === 'string') {
        if (Number(issue.minimum) === 1) return w.required;
        return issue.exact ? w.exactChars(n) : w.minChars(n);
      }
      if (issue.origin === 'array' || issue.origin === 'set') return w.minItems(n);
      return issue.inclusive === false ? w.above(n) : w.atLeast(n);
    }
    case 'invalid_format': {
      if (issue.format === 'email') return w.email;
      if (issue.format === 'url') return w.url;
      if (issue.format === 'datetime' || issue.format === 'date' || issue.format === 'time')
        return w.datetime;
      return w.format;
    }
    case 'not_multiple_of':
      return w.multipleOf(String(issue.divisor));
    case 'unrecognized_keys':
      return w.unknownKeys(issue.keys.join(w.listSeparator));
    case 'invalid_value':
      return w.choose;
    default:
      return w.invalid;
  }
}
