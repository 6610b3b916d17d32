import './by-visitor.css';
import { createContext, type ReactNode, use } from 'react';
import { useSession } from '../lib/session';

/** True while the build renders a page that runs no JavaScript (the landing page, see route-list.ts). */
export const StaticPage = createContext(false);

type Props = { guest: ReactNode; member: ReactNode };

/**
 * What a guest sees, or what a signed-in visitor sees. A page that runs no JavaScript cannot know who reads it when it
 * is built, so it holds both, and public/landing.js marks <html data-signed-in> before the first paint; app.css then
 * shows one of them.
 */
export function ByVisitor({ guest, member }: Props) {
  const signedIn = Boolean(useSession().token);
  if (!use(StaticPage)) return signedIn ? member : guest;
  return (
    <>
      <div data-visitor="guest">{guest}</div>
      <div data-visitor="member">{member}</div>
    </>
  );
}
