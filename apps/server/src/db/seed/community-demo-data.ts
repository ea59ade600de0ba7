import { seedId } from './seed-id.ts';

/**
 * The demo learning community's data: classes with chapters of every sub-chapter type (some not open, some
 * unpublished), sessions whose check-in window is open now / in the future / closed, tasks in every state
 * for the demo learner, links, a certificate and an inbox. Times are ms relative to the moment of seeding;
 * seed-community.ts loads it.
 */

export const MIN = 60_000;
const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;

export const communityEmails = {
  learner: 'learner@atrium.local',
  staff: 'staff@atrium.local',
  classmates: ['meimei@atrium.local', 'ahao@atrium.local'],
} as const;

/** Classmates make the community look lived-in; they sign in like anyone (development seeds only). */
export const demoClassmates = [
  { email: 'meimei@atrium.local', password: 'Classmate123', nickname: '小美', role: 'learner' as const },
  { email: 'ahao@atrium.local', password: 'Classmate123', nickname: '阿豪', role: 'learner' as const },
];

type SubType = 'link' | 'dashboard' | 'markdown' | 'video' | 'live';
interface SubSeed {
  key: string;
  name: string;
  icon: string;
  type: SubType;
  content: string;
  enable?: boolean;
  published?: boolean;
}
interface ChapterSeed {
  key: string;
  name: string;
  enable?: boolean;
  published?: boolean;
  subs: SubSeed[];
}
interface TaskSeed {
  key: string;
  title: string;
  description: string;
  due: number;
  points: number;
  published?: boolean;
  /** The demo learner's progress, in ms relative to now. */
  accepted?: number;
  completed?: number;
}
export interface ClassSeed {
  key: string;
  name: string;
  description: string;
  welcome: string;
  published: boolean;
  createdAgo: number;
  learnerIsMember: boolean;
  sessions: {
    key: string;
    title: string;
    start: number;
    minutes: number;
    checkIn: [number, number];
    live?: string;
  }[];
  chapters: ChapterSeed[];
  tasks: TaskSeed[];
  links: { key: string; title: string; url: string; description: string }[];
  certificate?: boolean;
}

const frontend: ClassSeed = {
  key: 'fe12',
  name: '前端工程師養成班 第 12 期',
  description: '十二週從 HTML、CSS 到 React，每週兩堂直播課，結業前完成個人作品集。',
  welcome: [
    '# 歡迎加入前端工程師養成班 第 12 期！',
    '',
    // The sessions are seeded relative to the time of seeding: the text names no weekday or clock time.
    '接下來十二週，我們每週兩次在線上教室見面，每堂課的時間請看「課程行事曆」。',
    '',
    '## 開始之前',
    '- 簽到在課堂開始前開放、開始後不久關閉，確切時間請看每堂課的簽到頁',
    '- 任務看板上的任務要先「接取」，完成後再按「完成」',
    '- 有問題隨時到班級 Discord 發問，助教阿哲會盡快回覆',
    '',
    '祝學習順利！',
  ].join('\n'),
  published: true,
  createdAgo: 21 * DAY,
  learnerIsMember: true,
  sessions: [
    {
      key: 'w3a',
      title: '第 3 週：CSS 版面配置',
      start: -2 * DAY,
      minutes: 150,
      checkIn: [-10 * MIN, 10 * MIN],
    },
    {
      key: 'w3b',
      title: '第 3 週：Flexbox 實作課',
      start: -5 * MIN,
      minutes: 150,
      checkIn: [-15 * MIN, 60 * MIN],
      live: 'https://meet.jit.si/atrium-fe12-flexbox',
    },
    {
      key: 'w4a',
      title: '第 4 週：Grid 與響應式設計',
      start: 2 * DAY,
      minutes: 150,
      checkIn: [-10 * MIN, 10 * MIN],
    },
    {
      key: 'w4b',
      title: '第 4 週：JavaScript 入門',
      start: 4 * DAY,
      minutes: 150,
      checkIn: [-10 * MIN, 10 * MIN],
    },
  ],
  chapters: [
    {
      key: 'ch1',
      name: '第 1 章　開課準備',
      subs: [
        {
          key: 'intro',
          name: '課程介紹',
          icon: 'book',
          type: 'markdown',
          content: [
            '# 課程介紹',
            '',
            '本期課程分成四個階段：**HTML 與 CSS**、**JavaScript 基礎**、**React 入門**與**作品集實戰**。',
            '',
            '## 每週節奏',
            '1. 每週第一堂：新主題直播講解',
            '2. 每週第二堂：實作課與作業檢討',
            '3. 週末：完成任務看板上的練習',
            '',
            '課程使用的工具請參考 [MDN 中文文件](https://developer.mozilla.org/zh-TW/)，安裝步驟見 `開發環境設定` 單元。',
          ].join('\n'),
        },
        {
          key: 'orientation',
          name: '課前說明會錄影',
          icon: 'play',
          type: 'video',
          content: 'https://www.youtube-nocookie.com/embed/UB1O30fR-EE',
        },
        { key: 'home', name: '班級主頁', icon: 'house', type: 'dashboard', content: '' },
        {
          key: 'mdn',
          name: 'MDN 學習資源',
          icon: 'link',
          type: 'link',
          content: 'https://developer.mozilla.org/zh-TW/docs/Learn',
        },
        { key: 'mytasks', name: '我的任務', icon: 'check', type: 'link', content: '#/tasks/my' },
      ],
    },
    {
      key: 'ch2',
      name: '第 2 章　HTML 與 CSS',
      subs: [
        {
          key: 'semantic',
          name: '語意化 HTML',
          icon: 'book',
          type: 'markdown',
          content: [
            '# 語意化 HTML',
            '',
            '用對的標籤描述內容，螢幕閱讀器與搜尋引擎才讀得懂你的頁面。',
            '',
            '- 頁首用 `header`，主要內容用 `main`',
            '- 一頁只有一個 `h1`，標題層級不要跳號',
            '- 按鈕就用 `button`，不要用 `div` 假裝',
            '',
            '**小練習：** 把上週的切版作業改寫成語意化標籤。',
          ].join('\n'),
        },
        {
          key: 'flexbox-live',
          name: '直播：Flexbox 實作課',
          icon: 'broadcast',
          type: 'live',
          content: 'https://meet.jit.si/atrium-fe12-flexbox',
        },
        {
          key: 'quiz',
          name: '課後測驗',
          icon: 'pencil',
          type: 'markdown',
          content: '# 課後測驗\n\n測驗將於下週開放。',
          enable: false,
        },
        {
          key: 'draft',
          name: '作業解說（草稿）',
          icon: 'book',
          type: 'markdown',
          content: '# 作業解說\n\n助教整理中，尚未發布。',
          published: false,
        },
      ],
    },
    {
      key: 'ch3',
      name: '第 3 章　JavaScript 基礎',
      enable: false,
      subs: [
        {
          key: 'vars',
          name: '變數與型別',
          icon: 'book',
          type: 'markdown',
          content: '# 變數與型別\n\n`let` 與 `const` 的差別。',
        },
        {
          key: 'dom',
          name: '操作 DOM',
          icon: 'play',
          type: 'video',
          content: 'https://www.youtube-nocookie.com/embed/y17RuWkWdn8',
        },
      ],
    },
    {
      key: 'ch4',
      name: '第 4 章　React 入門（籌備中）',
      published: false,
      subs: [
        {
          key: 'components',
          name: '元件與 props',
          icon: 'book',
          type: 'markdown',
          content: '# 元件與 props\n\n把畫面拆成可以重複使用的小元件。',
          published: false,
        },
      ],
    },
  ],
  tasks: [
    {
      key: 'env',
      title: '設定開發環境',
      description: '安裝 VS Code、Node.js 與 Git，並把 `git --version` 的結果截圖上傳到班級 Discord。',
      due: -5 * DAY,
      points: 10,
      accepted: -8 * DAY,
      completed: -7 * DAY,
    },
    {
      key: 'semantic-quiz',
      title: 'HTML 語意化小測驗',
      description: '完成課後的 10 題語意化標籤選擇題。',
      due: -1 * DAY,
      points: 15,
    },
    {
      key: 'restaurant',
      title: '切版練習：餐廳網站首頁',
      description: '依照設計稿完成餐廳網站首頁切版，需支援手機版面。',
      due: 20 * HOUR,
      points: 30,
      accepted: -2 * DAY,
    },
    {
      key: 'flexbox-notes',
      title: '閱讀 Flexbox 指南並寫筆記',
      description: '讀完 MDN 的 Flexbox 指南，用自己的話寫下 justify-content 與 align-items 的差別。',
      due: 3 * DAY,
      points: 20,
    },
    {
      key: 'portfolio',
      title: '完成個人作品集首頁',
      description: '用本週學到的 Grid 排出作品集首頁，放上三件作品的縮圖。',
      due: 9 * DAY,
      points: 40,
    },
    {
      key: 'react-draft',
      title: 'React 元件拆解（草稿）',
      description: '把作品集首頁拆成元件樹。',
      due: 30 * DAY,
      points: 30,
      published: false,
    },
  ],
  links: [
    {
      key: 'discord',
      title: '班級 Discord',
      url: 'https://discord.com/',
      description: '發問、分享作品、找讀書夥伴',
    },
    { key: 'hackmd', title: '課程共筆', url: 'https://hackmd.io/', description: '每堂課的筆記與投影片連結' },
    {
      key: 'github',
      title: 'GitHub Classroom',
      url: 'https://classroom.github.com/',
      description: '作業繳交',
    },
  ],
};

const data: ClassSeed = {
  key: 'data',
  name: '資料分析實戰營',
  description: '用 Python 與 pandas 分析真實的開放資料，每週一次實作直播。',
  welcome: '# 歡迎來到資料分析實戰營\n\n請先到「環境準備」完成 Jupyter 安裝，第一次直播我們直接開始寫程式！',
  published: true,
  createdAgo: 10 * DAY,
  learnerIsMember: true,
  sessions: [
    {
      key: 's1',
      title: '第 1 週：pandas 快速上手',
      start: -6 * DAY,
      minutes: 120,
      checkIn: [-10 * MIN, 15 * MIN],
    },
    {
      key: 's2',
      title: '第 2 週：清理政府開放資料',
      start: 1 * DAY + 3 * HOUR,
      minutes: 120,
      checkIn: [-10 * MIN, 15 * MIN],
      live: 'https://meet.jit.si/atrium-data-week2',
    },
  ],
  chapters: [
    {
      key: 'prep',
      name: '環境準備',
      subs: [
        {
          key: 'jupyter',
          name: '安裝 Jupyter',
          icon: 'book',
          type: 'markdown',
          content:
            '# 安裝 Jupyter\n\n1. 安裝 Python 3.12\n2. 執行 `pip install jupyterlab pandas`\n3. 輸入 `jupyter lab` 開啟',
        },
        { key: 'board', name: '課程看板', icon: 'house', type: 'dashboard', content: '' },
        {
          key: 'opendata',
          name: '政府資料開放平臺',
          icon: 'link',
          type: 'link',
          content: 'https://data.gov.tw/',
        },
      ],
    },
    {
      key: 'pandas',
      name: 'pandas 實作',
      subs: [
        {
          key: 'w1-video',
          name: '第 1 週錄影',
          icon: 'play',
          type: 'video',
          content: 'https://www.youtube-nocookie.com/embed/vmEHCJofslg',
        },
        {
          key: 'w2-live',
          name: '第 2 週直播教室',
          icon: 'broadcast',
          type: 'live',
          content: 'https://meet.jit.si/atrium-data-week2',
        },
        {
          key: 'w3',
          name: '第 3 週：視覺化',
          icon: 'book',
          type: 'markdown',
          content: '# 視覺化\n\n下週開放。',
          enable: false,
        },
      ],
    },
  ],
  tasks: [
    {
      key: 'install',
      title: '安裝 Jupyter 並執行第一個 notebook',
      description: '截圖 notebook 執行 `df.head()` 的結果。',
      due: -4 * DAY,
      points: 10,
      accepted: -6 * DAY,
      completed: -5 * DAY,
    },
    {
      key: 'clean',
      title: '清理空氣品質資料集',
      description: '處理缺值與異常值，輸出整理後的 CSV。',
      due: 5 * DAY,
      points: 30,
      accepted: -1 * DAY,
    },
    {
      key: 'chart',
      title: '畫出各縣市 PM2.5 月平均圖',
      description: '用 matplotlib 畫折線圖並寫三句觀察。',
      due: 12 * DAY,
      points: 30,
    },
  ],
  links: [
    {
      key: 'colab',
      title: 'Google Colab',
      url: 'https://colab.research.google.com/',
      description: '沒有電腦環境時的備案',
    },
  ],
};

const uiux: ClassSeed = {
  key: 'uiux3',
  name: 'UI/UX 設計入門 第 3 期',
  description: '六週認識使用者研究、線框稿與 Figma 原型，已結業。',
  welcome: '# UI/UX 設計入門 第 3 期\n\n恭喜結業！課程內容會保留一年，歡迎隨時回來複習。',
  published: true,
  createdAgo: 90 * DAY,
  learnerIsMember: true,
  sessions: [
    { key: 'final', title: '結業發表會', start: -30 * DAY, minutes: 180, checkIn: [-15 * MIN, 30 * MIN] },
  ],
  chapters: [
    {
      key: 'research',
      name: '使用者研究',
      subs: [
        {
          key: 'persona',
          name: '建立人物誌',
          icon: 'book',
          type: 'markdown',
          content: '# 人物誌\n\n從訪談紀錄歸納出 **目標**、**痛點** 與 **情境**。',
        },
        {
          key: 'figma',
          name: 'Figma 官方教學',
          icon: 'link',
          type: 'link',
          content: 'https://help.figma.com/',
        },
      ],
    },
  ],
  tasks: [
    {
      key: 'interview',
      title: '完成三位使用者訪談',
      description: '整理逐字稿重點。',
      due: -50 * DAY,
      points: 20,
      accepted: -60 * DAY,
      completed: -52 * DAY,
    },
    {
      key: 'prototype',
      title: '繳交 Figma 可互動原型',
      description: '至少五個畫面，能走完主要流程。',
      due: -31 * DAY,
      points: 40,
      accepted: -45 * DAY,
      completed: -32 * DAY,
    },
  ],
  links: [],
  certificate: true,
};

const backend: ClassSeed = {
  key: 'api',
  name: '後端 API 設計工作坊',
  description: 'REST 與 OpenAPI 的兩天密集工作坊。',
  welcome: '# 後端 API 設計工作坊',
  published: true,
  createdAgo: 5 * DAY,
  learnerIsMember: false,
  sessions: [
    {
      key: 'd1',
      title: '第 1 天：資源與狀態碼',
      start: 14 * DAY,
      minutes: 360,
      checkIn: [-30 * MIN, 30 * MIN],
    },
  ],
  chapters: [
    {
      key: 'rest',
      name: 'REST 基礎',
      subs: [
        {
          key: 'status',
          name: 'HTTP 狀態碼',
          icon: 'book',
          type: 'markdown',
          content: '# HTTP 狀態碼\n\n`404` 與 `403` 的差別。',
        },
      ],
    },
  ],
  tasks: [
    { key: 'spec', title: '寫一份 OpenAPI 規格', description: '描述三個資源。', due: 16 * DAY, points: 30 },
  ],
  links: [],
};

const mobile: ClassSeed = {
  key: 'mobile',
  name: '行動 App 開發班（籌備中）',
  description: '尚未公開招生。',
  welcome: '',
  published: false,
  createdAgo: 1 * DAY,
  learnerIsMember: false,
  sessions: [],
  chapters: [
    {
      key: 'plan',
      name: '課程規劃',
      published: false,
      subs: [
        {
          key: 'outline',
          name: '大綱',
          icon: 'book',
          type: 'markdown',
          content: '# 大綱\n\n草稿',
          published: false,
        },
      ],
    },
  ],
  tasks: [],
  links: [],
};

export const communityClasses = [frontend, data, uiux, backend, mobile];

/** The certificate the demo learner holds (a class with `certificate: true`). */
export const demoCertificate = { learnerName: '學員小安', issuedAgo: 30 * DAY };

/** The verification id printed on a seeded certificate. */
export const demoVerificationId = (classKey: string) =>
  `ATR-${seedId(`verify:${classKey}`).slice(0, 8).toUpperCase()}`;

/** The demo learner's inbox: a welcome, a new task, a deadline and a certificate, each with its claim key. */
export function demoInbox() {
  const fe = seedId('class:fe12');
  return [
    {
      key: `seed:welcome:${fe}`,
      title: '歡迎加入 前端工程師養成班 第 12 期',
      body: '開課前請先看完「課程介紹」與課前說明會錄影。',
      category: 'training' as const,
      link: `/training/${fe}/welcome`,
    },
    {
      key: `seed:new-task:${seedId('task:fe12:portfolio')}`,
      title: '新任務：完成個人作品集首頁',
      body: '前端工程師養成班 第 12 期 有新任務。',
      category: 'task' as const,
      link: `/tasks/${seedId('task:fe12:portfolio')}`,
    },
    {
      key: `task-due:${seedId('task:fe12:restaurant')}`,
      title: '任務即將截止：切版練習：餐廳網站首頁',
      body: '距離截止還有約 20 小時，完成後記得在任務看板按「完成」。',
      category: 'task' as const,
      link: `/tasks/${seedId('task:fe12:restaurant')}`,
    },
    {
      key: `seed:certificate:${seedId('certificate:uiux3')}`,
      title: '恭喜結業！UI/UX 設計入門 第 3 期 證書已核發',
      body: '可以在課程頁面列印證書，或把驗證連結分享給其他人。',
      category: 'training' as const,
      link: `/certificates/${demoVerificationId('uiux3')}`,
    },
  ];
}
