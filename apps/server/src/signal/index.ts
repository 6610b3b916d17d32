import { SIGNAL_PATH } from '@rozmova/contract';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { closeRedis, FAIL_FAST, handlePublishFailures, openRedis, untilReady } from '../lib/redis.js';
import { refreshAccount } from './account.js';
import { attachSocket } from './connection.js';
import { handshake } from './handshake.js';
import { KeyedQueue, type KeyedRunner, RedisLocks } from './limits.js';
import { requestGuard } from './requests.js';
import { goAway, type Lifecycle } from './shutdown.js';
import { capSockets } from './socket-cap.js';
import { rooms, type SignalServer } from './types.js';

declare module 'fastify' {
  interface FastifyInstance {
    signal: SignalServer;
  }
}

/** Big enough for an SDP offer with several tracks; anything larger closes that one connection. */
const MAX_MESSAGE_BYTES = 128 * 1024;

/**
 * Real-time signalling on the API's own HTTP server (spec §7). With REDIS_URL, rooms span every process that
 * shares the Redis. Ended sessions and canceled appointments, announced on `app.events`, end sockets and rooms.
 */
export default fp(
  async (app: FastifyInstance) => {
    const lifecycle: Lifecycle = { goingAway: false };
    const io: SignalServer = new Server(app.server, {
      path: SIGNAL_PATH,
      transports: ['polling', 'websocket'],
      serveClient: false,
      maxHttpBufferSize: MAX_MESSAGE_BYTES,
      // While stopping, new connections are refused at the transport, which clients retry (a refused handshake they would not).
      allowRequest: (_req, answer) => answer(lifecycle.goingAway ? 'going away' : null, !lifecycle.goingAway),
    });
    io.engine.use(requestGuard(app.config));
    app.decorate('signal', io);
    // Joins of one room, and handshakes of one account, run one at a time, so their limits hold; with Redis, across
    // every process.
    const local = new KeyedQueue();
    let joins: KeyedRunner = local;
    const localAccounts = new KeyedQueue();
    let accounts: KeyedRunner = localAccounts;
    const redis: Redis[] = [];
    const url = app.config.redisUrl;
    if (url) {
      // Relays that wait for a Redis that is away would arrive too late to matter: they fail fast instead.
      const pub = handlePublishFailures(openRedis(url, 'signalling', app.log, FAIL_FAST), app.log);
      const sub = openRedis(url, 'signalling', app.log);
      const lock = openRedis(url, 'room lock', app.log, FAIL_FAST);
      redis.push(pub, sub, lock);
      app.addHook('onReady', async () => void (await Promise.all(redis.map((c) => untilReady(c)))));
      io.adapter(createAdapter(pub, sub));
      const locks = new RedisLocks(lock, 'rozmova:room-join:', app.log);
      joins = { run: (room, task) => local.run(room, () => locks.run(room, task)) };
      const accountLocks = new RedisLocks(lock, 'rozmova:account-sockets:', app.log);
      accounts = { run: (key, task) => localAccounts.run(key, () => accountLocks.run(key, task)) };
    }
    io.use(handshake(app.tokens, app.config, app.log));
    io.use(capSockets(io, accounts, app.log));
    io.on('connection', (socket) => attachSocket(io, socket, app.context, joins, lifecycle));

    const events = app.events;
    const onSessionsRevoked = (userId: number) => io.in(rooms.user(userId)).disconnectSockets(true);
    const onSessionRevoked = (sessionId: string) => io.in(rooms.session(sessionId)).disconnectSockets(true);
    // This process's sockets of the account check their session again: a disabled account is let go.
    const recheck = (userId: number) => {
      void io
        .in(rooms.user(userId))
        .local.fetchSockets()
        .then((sockets) =>
          Promise.all(
            sockets.map((s) =>
              app.tokens.session(s.data.token).then(
                ({ user }) => refreshAccount(s.data, user),
                () => s.disconnect(true),
              ),
            ),
          ),
        )
        .catch((err) => app.log.error({ err }, 'signalling could not recheck sessions'));
    };
    // The other processes' sockets too: they hear of the change through the adapter.
    const onAccountChanged = (userId: number) => {
      recheck(userId);
      if (redis.length > 0) io.serverSideEmit('accountChanged', userId);
    };
    io.on('accountChanged', (userId) => {
      // Its session notice may come after this one, on another channel.
      app.tokens.cache.dropUser(userId);
      recheck(userId);
    });
    const onAppointmentCanceled = (room: string | null) => {
      if (room === null) return;
      void io
        .in([rooms.call(room), rooms.lobby(room)])
        .fetchSockets()
        .then((members) => {
          io.to([rooms.call(room), rooms.lobby(room)]).emit('room-closed', { room, reason: 'APPOINTMENT_CANCELED' });
          for (const m of members) {
            m.leave(rooms.call(room));
            m.leave(rooms.member(room, m.data.peerId));
            m.leave(rooms.lobby(room));
          }
        })
        .catch((err) => app.log.error({ err, room }, 'signalling could not close a room'));
    };
    events.on('sessionsRevoked', onSessionsRevoked);
    events.on('sessionRevoked', onSessionRevoked);
    events.on('accountChanged', onAccountChanged);
    events.on('appointmentCanceled', onAppointmentCanceled);

    // Open sockets would keep the HTTP server from closing, so they go first, told to come back: calls go on.
    app.addHook('preClose', async () => {
      events.off('sessionsRevoked', onSessionsRevoked);
      events.off('sessionRevoked', onSessionRevoked);
      events.off('accountChanged', onAccountChanged);
      events.off('appointmentCanceled', onAppointmentCanceled);
      await goAway(io, lifecycle);
    });
    app.addHook('onClose', async () => {
      await closeRedis(...redis);
    });
  },
  { name: 'signal', dependencies: ['auth'] },
);
