import { Col, Row } from 'react-bootstrap';
import { Outlet } from 'react-router';
import { UserSideMenu } from '../../components/user-side-menu.tsx';

/** /user and its pages: the side menu of spec 1 §2 beside the page. */
export function UserLayout() {
  return (
    <Row className="g-4">
      <Col md={4} lg={3}>
        <UserSideMenu />
      </Col>
      <Col md={8} lg={9}>
        <Outlet />
      </Col>
    </Row>
  );
}
