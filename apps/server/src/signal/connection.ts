import {
  audioToggleRequestSchema,
  CHAT_RATE,
  candidateRequestSchema,
  chatMessageRequestSchema,
  descriptionRequestSchema,
  identityRequestSchema,
  type JoinAck,
  joinRequestSchema,
  ROOM_CLOSES_MINUTES_AFTER,
  ROOM_OPENS_MINUTES_BEFORE,
  SIGNAL_CLIENT_EVENTS,
  SIGNAL_EVENT_BUDGET,
  type SignalErrorCode,
  type SignalPeer,
  shareStoppedRequestSchema,
  videoToggleRequestSchema,
} from '@rozmova/contract';
import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible';
import type { z } from 'zod';
import type { AppContext } from '../access/context.js';
import { AppError } from '../lib/errors.js';
import { roomAdmission } from '../modules/appointments/service.js';
import { callPlaceOf } from '../modules/video/admissions.js';
import { chatOf, keepChat } from '../modules/video/chat.js';
import { refreshAccount, shownAs } from './account.js';
import { attachHostControls, tellHost } from './host.js';
import type { KeyedRunner } from './limits.js';
import type { Lifecycle } from './shutdown.js';
import { rooms, type SignalServer, type SignalSocket } from './types.js';

const KNOWN_EVENTS = new Set<string>(Object.values(SIGNAL_CLIENT_EVENTS));

const noAck = () => undefined;
const ackOf = <T>(ack: unknown): ((answer: T) => void) => (typeof ack === 'function' ? (ack as (a: T) => void) : noAck);

const refuse = (code: SignalErrorCode, message: string): JoinAck => ({ ok: false, error: { code, message } });

const JOIN_REFUSALS = {
  FORBIDDEN: refuse('FORBIDDEN', 'You may not join this room'),
  ROOM_CLOSED: refuse(
    'ROOM_CLOSED',
    `This session's room is closed: it opens ${ROOM_OPENS_MINUTES_BEFORE} minutes before the start and closes ${ROOM_CLOSES_MINUTES_AFTER} minutes after the end, and stays closed once the session is canceled`,
  ),
  REMOVED: refuse('REMOVED', 'The psychologist removed you from this session'),
  ENDED: refuse('ENDED', 'The psychologist ended this session’s call'),
} as const;

/** The room the socket is in, as socket.io knows it (a room closed from another process leaves `data.room` behind). */
export function currentRoom(socket: SignalSocket): string | null {
  const room = socket.data.room;
  return room !== null && socket.rooms.has(rooms.call(room)) ? room : null;
}

// Per socket (keyed by its id): every event but leaving, and chat messages besides.
const eventBudget = new RateLimiterMemory({
  keyPrefix: 'signal-events',
  points: SIGNAL_EVENT_BUDGET.events,
  duration: SIGNAL_EVENT_BUDGET.windowMs / 1000,
});
const chatBudget = new RateLimiterMemory({ keyPrefix: 'chat', points: CHAT_RATE.messages, duration: CHAT_RATE.windowMs / 1000 });

/** Wires one socket's events: joining and leaving a room, relays to one peer or the room, chat. */
export function attachSocket(io: SignalServer, socket: SignalSocket, ctx: AppContext, joins: KeyedRunner, lifecycle: Lifecycle) {
  const { data } = socket;
  socket.join([rooms.user(data.userId), rooms.session(data.sessionId)]);

  const fail = (event: string, code: SignalErrorCode, message: string) => socket.emit('signal-error', { event, code, message });

  // Unknown events are dropped unheard. Leaving always passes; other events over the budget are dropped before any
  // handler sees them and reported, once per event name and window so the reports cannot flood either.
  // Every event waits for the budget's answer, so they keep their order.
  const reported = new Set<string>();
  let reportedIn = 0;
  const overBudget = (event: string, args: unknown[], windowEndsAt: number) => {
    // The end the limiter gives moves by a millisecond or so between answers: a new window is a later one.
    if (windowEndsAt - reportedIn > 1000) {
      reported.clear();
      reportedIn = windowEndsAt;
    }
    const message = `More than ${SIGNAL_EVENT_BUDGET.events} events in ${SIGNAL_EVENT_BUDGET.windowMs / 1000} s; this one was dropped`;
    const ack = args.at(-1);
    if (typeof ack === 'function') return ack(refuse('RATE_LIMITED', message));
    if (reported.has(event)) return;
    reported.add(event);
    fail(event, 'RATE_LIMITED', message);
  };
  socket.use(([event, ...args], next) => {
    if (!KNOWN_EVENTS.has(event)) return;
    if (event === 'leave') return next();
    eventBudget
      .consume(socket.id)
      .then(
        () => next(),
        (res: RateLimiterRes) => overBudget(event, args, Date.now() + res.msBeforeNext),
      )
      .catch((err) => ctx.log.error({ err, event }, 'signalling event failed'));
  });

  /** Handles one event: its payload parsed by the schema, any failure logged, never thrown into socket.io. */
  function on<S extends z.ZodType>(event: string, schema: S, handle: (body: z.output<S>, room: string) => void) {
    socket.on(event as 'identity', (raw: unknown) => {
      try {
        const parsed = schema.safeParse(raw);
        if (!parsed.success) return fail(event, 'VALIDATION', parsed.error.issues[0]?.message ?? 'Malformed event');
        const room = currentRoom(socket);
        if (!room) return fail(event, 'NOT_IN_ROOM', 'Join a room first');
        handle(parsed.data, room);
      } catch (err) {
        ctx.log.error({ err, event }, 'signalling event failed');
      }
    });
  }

  const fromMe = () => ({ from: data.peerId });

  on('description', descriptionRequestSchema, ({ to, description }, room) =>
    socket.to(rooms.member(room, to)).emit('description', { ...fromMe(), description }),
  );
  on('candidate', candidateRequestSchema, ({ to, candidate }, room) =>
    socket.to(rooms.member(room, to)).emit('candidate', { ...fromMe(), candidate }),
  );
  on('identity', identityRequestSchema, (body, room) => {
    const { firstName, lastName } = shownAs(data);
    socket.to(rooms.call(room)).emit('identity', { ...body, ...fromMe(), firstName, lastName });
  });
  on('audio-toggle', audioToggleRequestSchema, (body, room) =>
    socket.to(rooms.call(room)).emit('audio-toggle', { ...body, ...fromMe() }),
  );
  on('video-toggle', videoToggleRequestSchema, (body, room) =>
    socket.to(rooms.call(room)).emit('video-toggle', { ...body, ...fromMe() }),
  );
  on('share-stopped', shareStoppedRequestSchema, (body, room) =>
    socket.to(rooms.call(room)).emit('share-stopped', { ...body, ...fromMe() }),
  );
  on('chat-message', chatMessageRequestSchema, (body, room) => {
    // Sealed where the call is end-to-end encrypted, plain elsewhere: a client that mixes them up is refused.
    const sealed = 'sealed' in body ? body.sealed : undefined;
    if (Boolean(sealed) !== Boolean(data.e2ee)) {
      return fail('chat-message', 'VALIDATION', data.e2ee ? 'Messages in this call go sealed' : 'This call is not sealed');
    }
    const message = 'message' in body ? body.message : '';
    return chatBudget
      .consume(socket.id)
      .then(
        () => {
          const sender = shownAs(data);
          const event = {
            ...fromMe(),
            room,
            message,
            ...(sealed && { sealed }),
            senderFirstName: sender.firstName,
            senderLastName: sender.lastName,
            senderEmail: sender.email,
            sentAt: ctx.clock.instant().toISOString(),
          };
          io.to(rooms.call(room)).emit('chat-message', event);
          if (sealed) return;
          const keptUntil = data.chatKeptUntil ? new Date(data.chatKeptUntil) : null;
          return keepChat(ctx, event, data.userId, keptUntil).catch((err) => ctx.log.error({ err }, 'chat message not kept'));
        },
        () => fail('chat-message', 'RATE_LIMITED', 'Too many messages; wait a little'),
      )
      .catch((err) => ctx.log.error({ err }, 'chat message not relayed'));
  });
  attachHostControls(io, socket, ctx, on, fail);

  /** The room whose waiting room the socket is in, if it still is. */
  const waitingRoom = () => (data.waitingIn && socket.rooms.has(rooms.lobby(data.waitingIn)) ? data.waitingIn : null);

  function leaveRoom() {
    const room = currentRoom(socket);
    if (room) {
      socket.to(rooms.call(room)).emit('peer-left', { peerId: data.peerId });
      socket.leave(rooms.call(room));
      socket.leave(rooms.member(room, data.peerId));
      socket.leave(rooms.host(room));
    }
    const waited = waitingRoom();
    if (waited) {
      socket.leave(rooms.lobby(waited));
      socket.leave(rooms.waiter(waited, data.userId));
      void tellHost(io, waited).catch((err) => ctx.log.error({ err }, 'could not tell the host who waits'));
    }
    data.room = null;
    data.peer = null;
    data.inGroup = null;
    data.waitingIn = null;
    data.host = false;
    data.e2ee = false;
  }

  async function join(raw: unknown): Promise<JoinAck> {
    const parsed = joinRequestSchema.safeParse(raw);
    if (!parsed.success) return refuse('VALIDATION', parsed.error.issues[0]?.message ?? 'Malformed room');
    const { room, linked = [] } = parsed.data;
    // The session is checked again, so a join sees the account as it is now (names, enabled, signed out).
    const { user } = await ctx.tokens.session(data.token);
    refreshAccount(data, user);
    const admission = await roomAdmission({ ...ctx, user }, room);
    if (admission.verdict !== 'ADMITTED') return JOIN_REFUSALS[admission.verdict];
    const { maxPeople } = admission;
    const place = await callPlaceOf(ctx, room, admission, user.id);
    if (place === 'REMOVED' || place === 'ENDED') return JOIN_REFUSALS[place];
    // A group session through the media server: its media and chat are sealed in the browsers.
    const e2ee = admission.group && Boolean(ctx.config.janus);
    return joins.run(room, async () => {
      const present = (await io.in(rooms.call(room)).fetchSockets()).filter((s) => s.id !== socket.id);
      // The same call's earlier socket, whose end the server has not noticed yet: replaced without a word to the room.
      const earlier = present.filter((s) => s.data.peerId === data.peerId);
      // The same person in another tab or on another device: this one takes their place, so they show once.
      const elsewhere = present.filter((s) => s.data.peerId !== data.peerId && s.data.userId === user.id);
      const others = present.filter((s) => s.data.userId !== user.id);
      // A person counts once however many devices or tabs they join with, so theirs cannot fill the room.
      const people = new Set([user.id, ...others.map((s) => s.data.userId)]);
      if (people.size > maxPeople) return refuse('ROOM_FULL', `This room holds at most ${maxPeople} people`);
      if (!socket.connected) return refuse('NOT_IN_ROOM', 'Disconnected');
      const role = user.role === 'PSYCHOLOGIST' ? 'PSYCHOLOGIST' : 'PATIENT';
      if (place === 'WAITING') {
        // Seen by the host alone until let in: in no call room, so nothing is relayed to or from it.
        if (currentRoom(socket) !== null || waitingRoom() !== room) leaveRoom();
        data.inGroup = admission.group ? role : null;
        const self: SignalPeer = { peerId: data.peerId, userId: user.id, ...shownAs(data, 'names'), role };
        data.peer = self;
        data.waitingIn = room;
        socket.join([rooms.lobby(room), rooms.waiter(room, user.id)]);
        await tellHost(io, room);
        return { ok: true, room, self, peers: [], iceServers: ctx.config.iceServers, admission: 'WAITING', e2ee, chat: [] };
      }
      if (currentRoom(socket) !== room) leaveRoom();
      for (const s of earlier) {
        s.leave(rooms.call(room));
        s.leave(rooms.member(room, data.peerId));
        s.disconnect(true);
      }
      for (const s of elsewhere) {
        s.emit('room-closed', { room, reason: 'JOINED_ELSEWHERE' });
        s.leave(rooms.call(room));
        s.leave(rooms.member(room, s.data.peerId));
        s.leave(rooms.host(room));
        io.to(rooms.call(room)).except(socket.id).emit('peer-left', { peerId: s.data.peerId });
      }
      data.inGroup = admission.group ? role : null;
      data.host = place === 'HOST';
      data.e2ee = e2ee;
      data.chatKeptUntil = admission.closesAt?.toISOString() ?? null;
      const self: SignalPeer = { peerId: data.peerId, userId: user.id, ...shownAs(data, 'names'), role };
      const announce = data.room !== room;
      data.room = room;
      data.peer = self;
      socket.join([rooms.call(room), rooms.member(room, data.peerId), ...(data.host ? [rooms.host(room)] : [])]);
      if (announce) {
        for (const s of others) {
          const to = s.data.peerId;
          socket.to(rooms.member(room, to)).emit('peer-joined', { ...self, linked: linked.includes(to) });
        }
      }
      const peers = others.flatMap((s) => (s.data.peer ? [s.data.peer] : []));
      if (data.host) await tellHost(io, room);
      const chat = e2ee ? [] : await chatOf(ctx, room);
      return { ok: true, room, self, peers, iceServers: ctx.config.iceServers, admission: 'ADMITTED', e2ee, chat };
    });
  }

  socket.on('join', (raw: unknown, ack: unknown) => {
    const reply = ackOf<JoinAck>(ack);
    join(raw).then(reply, (err) => {
      if (err instanceof AppError && (err.statusCode === 401 || err.statusCode === 403)) {
        socket.disconnect(true);
        return;
      }
      ctx.log.error({ err }, 'signalling join failed');
      reply(refuse('UNAVAILABLE', 'The room could not be joined just now'));
    });
  });
  socket.on('leave', (ack: unknown) => {
    leaveRoom();
    ackOf<{ ok: true }>(ack)({ ok: true });
  });
  socket.on('disconnecting', () => {
    // A server stopping on purpose keeps calls: the client comes back as the same peer.
    if (lifecycle.goingAway) return;
    const room = currentRoom(socket);
    if (room) socket.to(rooms.call(room)).emit('peer-left', { peerId: data.peerId });
    const waited = waitingRoom();
    if (waited) void tellHost(io, waited, socket.id).catch((err) => ctx.log.error({ err }, 'could not tell the host who waits'));
  });
}
