import type { SfuFeeds, SfuInfo } from '@rozmova/contract';
import { api } from '../../../lib/api';

/**
 * How a group session's call carries media (peer to peer, or through the media server with a join token). Asked for
 * afresh on every join and rejoin, never cached: each answer carries a token of its own that lapses within a minute.
 */
export const getSfuInfo = (room: string) => api<SfuInfo>(`/video/group-sessions/${encodeURIComponent(room)}/sfu`);

/** Whose these feeds on the media server are (each account's newest only): a feed is shown only as its owner. */
export const getSfuFeeds = (room: string, ids: number[]) =>
  api<SfuFeeds>(`/video/group-sessions/${encodeURIComponent(room)}/sfu/feeds?ids=${ids.join(',')}`);
