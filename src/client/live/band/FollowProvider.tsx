import type { ReactNode } from 'react';
import { FollowContext } from './followContext';
import { useFollow } from './useFollow';

/** The band page's tablet among the others (issue 27, point 4), for everything the page shows. */
export function FollowProvider({ token, children }: { token: string; children: ReactNode }) {
  const follow = useFollow(token);
  return <FollowContext.Provider value={follow}>{children}</FollowContext.Provider>;
}
