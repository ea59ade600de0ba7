import { Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

/** Tabs between the task screens. */
export function TasksNav() {
  const { t } = useTranslation();
  return (
    <Nav variant="tabs" className="mb-3" as="nav" aria-label={t('tasks.navLabel')}>
      <Nav.Item>
        <Nav.Link as={NavLink} to="/tasks" end>
          {t('tasks.tab.all')}
        </Nav.Link>
      </Nav.Item>
      <Nav.Item>
        <Nav.Link as={NavLink} to="/tasks/my">
          {t('tasks.tab.my')}
        </Nav.Link>
      </Nav.Item>
      <Nav.Item>
        <Nav.Link as={NavLink} to="/tasks/history">
          {t('tasks.tab.history')}
        </Nav.Link>
      </Nav.Item>
    </Nav>
  );
}
