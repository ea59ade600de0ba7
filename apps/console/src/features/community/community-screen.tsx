import type { ReactNode } from 'react';
import './community.css';

/** The frame of every community and settings screen (the colour fixes of community.css apply inside). */
export function CommunityScreen({ children }: { children: ReactNode }) {
  return <div className="community-screen">{children}</div>;
}
