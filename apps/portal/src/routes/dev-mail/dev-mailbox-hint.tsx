import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { useDevMailboxEnabled } from './dev-mail-api.ts';

/** On a code-entry screen in development: where the mail went instead of an inbox, and a link to it. */
export function DevMailboxHint() {
  const enabled = useDevMailboxEnabled();
  if (!enabled) return null;
  return (
    <p className="small text-body-secondary" data-testid="dev-mailbox-hint">
      <Trans i18nKey="devMail.hint" components={{ mailbox: <Link to="/dev/mail" /> }} />
    </p>
  );
}
