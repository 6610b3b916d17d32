import { useEffect } from 'react';

let active = false;

/** Whether leaving the page now would end something no other prompt guards (a call in progress). */
export const leavingEndsSomething = () => active;

/** While `ending` is true, the header's home link asks before it leaves the page. */
export function useLeaveGuard(ending: boolean) {
  useEffect(() => {
    active = ending;
    return () => {
      active = false;
    };
  }, [ending]);
}
