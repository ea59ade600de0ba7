import { useCurrentUser } from '@atrium/web/app/session.ts';
import { Container, Nav, Navbar } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import defaultAvatar from '../assets/default-avatar.svg';
import logo from '../assets/logo.svg';
import { UnreadBadge } from '../components/unread-badge.tsx';
import './navbar.css';

/**
 * The navigation bar of spec 1 §2: logo → dashboard, task board, live class, bell, avatar → profile; exactly
 * these (sign-out is in the user side menu behind the avatar, as the spec has it: issue 23).
 */
export function AppNavbar() {
  const { t } = useTranslation();
  const user = useCurrentUser();

  return (
    <header>
      <Navbar expand="md" bg="white" className="border-bottom" aria-label={t('nav.label')}>
        <Container>
          <Navbar.Brand as={Link} to="/dashboard" className="d-flex align-items-center gap-2">
            <img src={logo} alt="" width={32} height={32} />
            <span>{t('app.name')}</span>
          </Navbar.Brand>
          {/* Phones: the menu is collapsed, so the bell and its unread count sit on the bar itself. */}
          <Link
            to="/user/messages"
            className="navbar-bell navbar-bell-compact d-md-none ms-auto me-3 text-body"
            data-testid="nav-bell-compact"
          >
            <BellIcon />
            <span className="visually-hidden">{t('nav.messages')}</span>
            <UnreadBadge className="navbar-bell-badge" />
          </Link>
          <Navbar.Toggle aria-controls="main-navbar" label={t('nav.toggle')} />
          <Navbar.Collapse id="main-navbar">
            <Nav className="me-auto">
              <Nav.Link as={NavLink} to="/tasks/my">
                {t('nav.tasks')}
              </Nav.Link>
              <Nav.Link as={NavLink} to="/training">
                {t('nav.training')}
              </Nav.Link>
            </Nav>
            <Nav className="align-items-md-center gap-md-2">
              {/* Collapsed on a phone the icons get their words beside them; on wide screens only the icons show. */}
              <Nav.Link
                as={Link}
                to="/user/messages"
                className="navbar-bell d-flex align-items-center gap-2"
                data-testid="nav-bell"
              >
                <BellIcon />
                <span className="navbar-icon-label">{t('nav.messages')}</span>
                <UnreadBadge className="navbar-bell-badge" />
              </Nav.Link>
              <Nav.Link
                as={Link}
                to="/user"
                className="d-flex align-items-center gap-2"
                data-testid="nav-avatar"
              >
                <img
                  src={user.avatar || defaultAvatar}
                  alt={t('nav.avatarAlt', { nickname: user.nickname || user.email })}
                  width={32}
                  height={32}
                  className="rounded-circle object-fit-cover"
                />
                <span className="navbar-icon-label">{t('nav.profile')}</span>
              </Nav.Link>
            </Nav>
          </Navbar.Collapse>
        </Container>
      </Navbar>
    </header>
  );
}

function BellIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M8 16a2 2 0 0 0 2-2H6a2 2 0 0 0 2 2zm.995-14.901a1 1 0 1 0-1.99 0A5.002 5.002 0 0 0 3 6c0 1.098-.5 6-2 7h14c-1.5-1-2-5.902-2-7 0-2.42-1.72-4.44-4.005-4.901z" />
    </svg>
  );
}
