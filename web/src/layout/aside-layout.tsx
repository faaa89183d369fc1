import { Col, Grid, Row } from 'antd';
import type { ReactNode } from 'react';

/**
 * A panel (a tree of departments, of regions …) beside the page's main content from 992 px up,
 * and above it on narrower screens, where beside the sidebar the two would leave the main content a
 * sliver. The main column may shrink below its content's width: wide tables scroll inside their own
 * card instead of the page.
 */
export function AsideLayout({ aside, asideWidth, children }: { aside: ReactNode; asideWidth: number; children: ReactNode }) {
  // Before the first measurement the breakpoints are unknown: the wide layout, as before.
  const wide = Grid.useBreakpoint().lg !== false;
  return (
    <Row gutter={[12, 12]} wrap={!wide}>
      <Col {...(wide ? { flex: `${asideWidth}px` } : { span: 24 })}>{aside}</Col>
      <Col {...(wide ? { flex: 'auto' } : { span: 24 })} style={{ minWidth: 0 }}>
        {children}
      </Col>
    </Row>
  );
}
