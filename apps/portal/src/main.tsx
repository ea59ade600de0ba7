// First: zod's setting must be in place before any module builds a schema.
import '@atrium/web/app/zod-jitless.ts';
import './styles/bootstrap.scss';
import './i18n/index.ts';
import { ensureXsrfToken } from '@atrium/web/api/xsrf.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { applyImpersonation } from './app/impersonation.ts';

// Before the first call: the xsrf cookie (spec 1 §3) and the impersonation token swap (spec 1 §4).
ensureXsrfToken();
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// The swap asks the server first (ADR 0035); nothing renders, so nothing calls, until it is settled.
void applyImpersonation().finally(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
