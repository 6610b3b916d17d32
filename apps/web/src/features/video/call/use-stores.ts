import { useEffect, useState, useSyncExternalStore } from 'react';
import { getSfuFeeds, getSfuInfo } from '../api/sfu-info';
import { CallSession } from './call-session';
import { type CallState, initialCallState } from './call-state';
import { LocalMedia, type LocalMediaState } from './local-media';

type Store<T> = { subscribe: (l: () => void) => () => void; getSnapshot: () => T };
const none = () => () => {};

function useStore<T>(store: Store<T> | null, fallback: T): T {
  return useSyncExternalStore(store?.subscribe ?? none, store?.getSnapshot ?? (() => fallback));
}

/** This browser's devices for as long as the room is open; made in an effect so StrictMode's second mount gets its own. */
export function useLocalMedia(): { media: LocalMedia | null; state: LocalMediaState | null } {
  const [media, setMedia] = useState<LocalMedia | null>(null);
  useEffect(() => {
    const m = new LocalMedia();
    setMedia(m);
    void m.start();
    return () => m.dispose();
  }, []);
  return { media, state: useStore(media, null) };
}

/** The call in a room; a group session's asks the server before each join whether its media goes through the media server. */
export function useCallSession(room: string, token: string | null, media: LocalMedia | null, group: boolean) {
  const [call, setCall] = useState<CallSession | null>(null);
  useEffect(() => {
    if (!media || !token) return;
    const sfu = group ? { ask: () => getSfuInfo(room), owners: (ids: number[]) => getSfuFeeds(room, ids) } : undefined;
    const c = new CallSession(room, token, media, sfu);
    setCall(c);
    return () => {
      c.dispose();
      setCall(null);
    };
  }, [room, token, media, group]);
  return { call, state: useStore<CallState>(call, initialCallState) };
}
